import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { OrderModel, PaymentModel } from '@platform/db';
import { buildEsewaForm, GatewayResult, gatewaySuccess, initiateKhalti } from '../../payments';
import { CONFIG } from '../../shared';
import type { PaymentInitView } from './payment-init.view';

/**
 * Starts a payment at its gateway (CONTRACT section 6) and says how the client continues:
 * - eSewa: nothing is sent; the client posts the signed form (eleven string fields, HMAC-SHA256
 *   over total_amount,transaction_uuid,product_code) to ESEWA_FORM_URL.
 * - Khalti: `POST {KHALTI_BASE_URL}/epayment/initiate/`; the client is sent to its `payment_url`,
 *   and the pidx becomes the payment's gateway transaction id. gatewayPayload is
 *   `{ pidx, payment_url, expires_at }`, all strings.
 * Both gateways come back to this service's callbacks, /api/payments/redirect/:paymentId/success
 * and /failure, as absolute URLs under CUSTOMER_API_PUBLIC_BASE_URL.
 */
@Service()
export class PaymentInitiator {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  esewa(order: OrderModel, payment: PaymentModel): PaymentInitView {
    const { success, failure } = this.callbackUrls(payment.id);
    const form = buildEsewaForm(
      { totalPaisa: payment.amountPaisa, transactionUuid: payment.gatewayTransactionId, successUrl: success, failureUrl: failure },
      this.config.payments.esewa,
    );
    return {
      orderId: order.id,
      status: 'payment_pending',
      paymentId: payment.id,
      gatewayTransactionId: payment.gatewayTransactionId,
      initiationType: 'form_post',
      redirectUrl: this.config.payments.esewa.formUrl,
      gatewayPayload: { ...form },
    };
  }

  async khalti(order: OrderModel, payment: PaymentModel, purchaseOrderName: string): Promise<GatewayResult<PaymentInitView>> {
    const { success } = this.callbackUrls(payment.id);
    const started = await initiateKhalti(
      {
        amountPaisa: payment.amountPaisa,
        purchaseOrderId: order.orderNumber,
        purchaseOrderName: purchaseOrderName.slice(0, 100),
        // Khalti sends the browser to return_url whatever the outcome, with `status` in the query.
        returnUrl: success,
        websiteUrl: new URL(order.returnUrl ?? this.baseUrl()).origin,
      },
      this.config.payments.khalti,
    );
    if (!started.ok) return started;
    const { pidx, paymentUrl, expiresAt } = started.value;
    return gatewaySuccess({
      orderId: order.id,
      status: 'payment_pending',
      paymentId: payment.id,
      gatewayTransactionId: pidx,
      initiationType: 'redirect',
      redirectUrl: paymentUrl,
      gatewayPayload: { pidx, payment_url: paymentUrl, expires_at: expiresAt },
    });
  }

  private callbackUrls(paymentId: number) {
    const base = `${this.baseUrl()}/api/payments/redirect/${paymentId}`;
    return { success: `${base}/success`, failure: `${base}/failure` };
  }

  private baseUrl(): string {
    return this.config.apps.customerApi.publicBaseUrl.replace(/\/+$/, '');
  }
}
