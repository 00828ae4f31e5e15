import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { OrderModel, PaymentModel } from '@platform/db';
import { CONFIG, isRowId, NotFound } from '../../shared';
import { isAllowedReturnUrl } from '../return-url';
import { decodeEsewaCallback } from '../gateways';

/** What a payer may learn about one payment: no amounts, no names, no gateway references. */
export interface PaymentStatusView {
  paymentId: number;
  orderId: number;
  state: 'pending' | 'success' | 'failed' | 'refund_owed';
  /** The order's returnUrl while RETURN_URL_ALLOWED_ORIGINS still allows it, else null. */
  returnUrl: string | null;
}

const PaymentNotFound = () => NotFound('Payment not found');

/**
 * The real state of a payment for the public result page and GET /api/payments/:paymentId/status.
 * Payment ids are sequential, so a read also needs the payment's result token: an HMAC of the id
 * under JWT_SECRET (labelled, so it is never a valid signature of anything else). The callback
 * hands it out only to a browser that came back with the payment's own gateway transaction id.
 */
@Service()
export class PaymentStatusService {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  token(paymentId: number): string {
    return createHmac('sha256', this.config.auth.jwtSecret).update(`payment-result-token:v1:${paymentId}`).digest('base64url').slice(0, 32);
  }

  /** Whether a callback's parameters name the payment's gateway transaction (eSewa transaction_uuid, Khalti pidx). */
  callbackNamesPayment(payment: Pick<PaymentModel, 'gateway' | 'gatewayTransactionId'>, params: Record<string, unknown>): boolean {
    if (payment.gateway === 'khalti') return typeof params['pidx'] === 'string' && params['pidx'] === payment.gatewayTransactionId;
    const decoded = decodeEsewaCallback(params['data']);
    return decoded.ok && decoded.callback.transactionUuid === payment.gatewayTransactionId;
  }

  /** The state of payment `paymentId`; 404 alike for an unknown payment and a wrong token. */
  async status(paymentId: number, token: string): Promise<PaymentStatusView> {
    if (!isRowId(paymentId) || !this.tokenMatches(paymentId, token)) throw PaymentNotFound();
    const payment = await PaymentModel.findByPk(paymentId, { attributes: ['id', 'orderId', 'status', 'refundOwedAt', 'refundSettledAt'] });
    const order = payment && (await OrderModel.findByPk(payment.orderId, { attributes: ['id', 'status', 'paidAt', 'returnUrl'] }));
    if (!payment || !order) throw PaymentNotFound();
    const rules = { allowedOrigins: this.config.payments.returnUrlAllowedOrigins, isProduction: this.config.isProduction };
    return {
      paymentId: payment.id,
      orderId: order.id,
      state: stateOf(payment, order),
      returnUrl: order.returnUrl && isAllowedReturnUrl(order.returnUrl, rules) ? order.returnUrl : null,
    };
  }

  private tokenMatches(paymentId: number, token: string): boolean {
    const [expected, given] = [Buffer.from(this.token(paymentId)), Buffer.from(token)];
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

type StatusPayment = Pick<PaymentModel, 'status' | 'refundOwedAt' | 'refundSettledAt'>;

function stateOf(payment: StatusPayment, order: Pick<OrderModel, 'status' | 'paidAt'>): PaymentStatusView['state'] {
  if (payment.status === 'completed') {
    // A paid order cancelled or refunded later also owes its money back, but its payment did go
    // through (success); refund_owed ("reached us after the order closed") is only for a payment
    // the gateway confirmed for an order already closed unpaid, until the refund is settled, and
    // failed after (the money went back; the order never had it).
    if (!payment.refundOwedAt || order.paidAt) return 'success';
    return payment.refundSettledAt ? 'failed' : 'refund_owed';
  }
  if (payment.status === 'failed' || order.status === 'payment_failed' || order.status === 'cancelled') return 'failed';
  // Paid through another attempt of the same order (or by an admin): the order is what the payer bought.
  if (order.status !== 'payment_pending' && order.status !== 'created') return 'success';
  return 'pending';
}
