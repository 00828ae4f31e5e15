import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { PaymentModel } from '@platform/db';
import { CONFIG } from '../../shared';
import { checkEsewaStatus, decodeEsewaCallback, EsewaStatusCheck } from '../gateways/esewa.gateway';
import { verifyEsewaCallbackSignature } from '../gateways/esewa-signature';
import {
  amountMismatch,
  CallbackPrecheck,
  ESEWA_NOT_FOUND_GRACE_MS,
  GatewayConfirmation,
  GatewayPaymentState,
  GatewayPaymentVerifier,
  GatewayUnavailableError,
  PaymentContext,
  VerificationOutcome,
} from './payment-verifier';

/**
 * eSewa ePay v2 (CONTRACT section 6; developer.esewa.com.np/pages/Epay-V2): the callback's
 * `data` must carry a valid signature over its own signed_field_names (constant-time) covering at
 * least transaction_code, status, total_amount, transaction_uuid and product_code (our request
 * form's signature covers only the last three, and the customer holds it), say COMPLETE, name
 * this payment's transaction_uuid and our product code, and carry the order total; then the
 * status API must say COMPLETE for that transaction and amount.
 */
@Service()
export class EsewaPaymentVerifier implements GatewayPaymentVerifier {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  precheck(params: Readonly<Record<string, string>>, { payment, order }: PaymentContext): CallbackPrecheck {
    const decoded = decodeEsewaCallback(params['data']);
    if (!decoded.ok) return { kind: 'rejected', error: `malformed eSewa callback: ${decoded.message}` };
    const { callback } = decoded;
    if (!verifyEsewaCallbackSignature(callback.fields, this.config.payments.esewa.secretKey)) {
      return { kind: 'rejected', error: 'invalid eSewa signature' };
    }
    if (callback.transactionUuid !== payment.gatewayTransactionId || callback.productCode !== this.config.payments.esewa.productCode) {
      return { kind: 'rejected', error: 'the eSewa callback is about another transaction' };
    }
    // eSewa sends the browser to success_url only for a completed payment; a signed callback
    // saying anything else is not a success to check with the status API.
    if (callback.status !== 'COMPLETE') return { kind: 'rejected', error: `the eSewa callback says ${callback.status.slice(0, 40)}, not COMPLETE` };
    if (callback.totalPaisa !== order.totalPaisa) return { kind: 'rejected', error: amountMismatch(callback.totalPaisa, order.totalPaisa) };
    return { kind: 'plausible' };
  }

  async verify(params: Readonly<Record<string, string>>, context: PaymentContext): Promise<VerificationOutcome> {
    const precheck = this.precheck(params, context);
    if (precheck.kind !== 'plausible') return precheck;
    const decoded = decodeEsewaCallback(params['data']);
    return this.confirmWith(context, decoded.ok ? decoded.callback.transactionCode : null);
  }

  confirm(context: PaymentContext): Promise<GatewayConfirmation> {
    return this.confirmWith(context, null);
  }

  async state(context: PaymentContext): Promise<GatewayPaymentState> {
    const { status } = await this.check(context);
    if (status === 'COMPLETE') return 'completed';
    return this.undecided(status, context.payment) ? 'pending' : 'not_completed';
  }

  private async confirmWith(context: PaymentContext, callbackTransactionCode: string | null): Promise<GatewayConfirmation> {
    const status = await this.check(context);
    if (status.status === 'COMPLETE') {
      // The amount must be compared: a COMPLETE without one we can read is no answer yet.
      if (status.totalPaisa === null) throw new GatewayUnavailableError('eSewa status check said COMPLETE without a total_amount', 'invalid_response');
      if (status.totalPaisa !== context.order.totalPaisa) {
        return { kind: 'rejected', error: amountMismatch(status.totalPaisa, context.order.totalPaisa) };
      }
      return { kind: 'verified', reference: status.refId ?? callbackTransactionCode ?? context.payment.gatewayTransactionId };
    }
    if (this.undecided(status.status, context.payment)) return { kind: 'pending', detail: `eSewa status ${status.status}` };
    return { kind: 'rejected', error: `eSewa status check said ${status.status}, not COMPLETE` };
  }

  /**
   * PENDING and AMBIGUOUS are undecided; so is NOT_FOUND while the payment is young (the payer may
   * not have acted at eSewa yet). CANCELED, FULL_REFUND, PARTIAL_REFUND and a later NOT_FOUND are terminal.
   */
  private undecided(status: EsewaStatusCheck['status'], payment: PaymentModel): boolean {
    if (status === 'PENDING' || status === 'AMBIGUOUS') return true;
    if (status !== 'NOT_FOUND') return false;
    const started = payment.createdAt instanceof Date ? payment.createdAt.getTime() : Number.NaN;
    return Date.now() - started < ESEWA_NOT_FOUND_GRACE_MS;
  }

  private async check({ payment, order }: PaymentContext): Promise<EsewaStatusCheck> {
    const answer = await checkEsewaStatus({ transactionUuid: payment.gatewayTransactionId, totalPaisa: order.totalPaisa }, this.config.payments.esewa);
    if (!answer.ok) throw new GatewayUnavailableError(answer.message, answer.reason);
    return answer.value;
  }
}
