import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG } from '../../shared';
import { checkEsewaStatus, decodeEsewaCallback } from '../gateways/esewa.gateway';
import { verifyEsewaSignature } from '../gateways/esewa-signature';
import {
  amountMismatch,
  CallbackPrecheck,
  GatewayPaymentState,
  GatewayPaymentVerifier,
  GatewayUnavailableError,
  PaymentContext,
  VerificationOutcome,
} from './payment-verifier';

/**
 * eSewa ePay v2 (CONTRACT section 6; developer.esewa.com.np/pages/Epay-V2): the callback's
 * `data` must carry a valid signature over its own signed_field_names (constant-time), name this
 * payment's transaction_uuid and our product code, and carry the order total; then the status
 * API must say COMPLETE for that transaction and amount.
 */
@Service()
export class EsewaPaymentVerifier implements GatewayPaymentVerifier {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  precheck(params: Readonly<Record<string, string>>, { payment, order }: PaymentContext): CallbackPrecheck {
    const decoded = decodeEsewaCallback(params['data']);
    if (!decoded.ok) return { kind: 'rejected', error: `malformed eSewa callback: ${decoded.message}` };
    const { callback } = decoded;
    if (!verifyEsewaSignature(callback.fields, this.config.payments.esewa.secretKey)) {
      return { kind: 'rejected', error: 'invalid eSewa signature' };
    }
    if (callback.transactionUuid !== payment.gatewayTransactionId || callback.productCode !== this.config.payments.esewa.productCode) {
      return { kind: 'rejected', error: 'the eSewa callback is about another transaction' };
    }
    if (callback.totalPaisa !== order.totalPaisa) return { kind: 'rejected', error: amountMismatch(callback.totalPaisa, order.totalPaisa) };
    return { kind: 'plausible' };
  }

  async verify(params: Readonly<Record<string, string>>, context: PaymentContext): Promise<VerificationOutcome> {
    const precheck = this.precheck(params, context);
    if (precheck.kind !== 'plausible') return precheck;
    const status = await this.check(context);
    if (status.status === 'COMPLETE') {
      if (status.totalPaisa !== null && status.totalPaisa !== context.order.totalPaisa) {
        return { kind: 'rejected', error: amountMismatch(status.totalPaisa, context.order.totalPaisa) };
      }
      const decoded = decodeEsewaCallback(params['data']);
      const reference = status.refId ?? (decoded.ok ? decoded.callback.transactionCode : context.payment.gatewayTransactionId);
      return { kind: 'verified', reference };
    }
    if (status.status === 'PENDING' || status.status === 'AMBIGUOUS') return { kind: 'pending', detail: `eSewa status ${status.status}` };
    return { kind: 'rejected', error: `eSewa status check said ${status.status}, not COMPLETE` };
  }

  async state(context: PaymentContext): Promise<GatewayPaymentState> {
    const { status } = await this.check(context);
    if (status === 'COMPLETE') return 'completed';
    return status === 'PENDING' || status === 'AMBIGUOUS' ? 'pending' : 'not_completed';
  }

  private async check({ payment, order }: PaymentContext) {
    const answer = await checkEsewaStatus({ transactionUuid: payment.gatewayTransactionId, totalPaisa: order.totalPaisa }, this.config.payments.esewa);
    if (!answer.ok) throw new GatewayUnavailableError(answer.message);
    return answer.value;
  }
}
