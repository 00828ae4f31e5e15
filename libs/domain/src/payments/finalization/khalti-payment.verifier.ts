import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG } from '../../shared';
import { lookupKhalti } from '../gateways/khalti.gateway';
import {
  amountMismatch,
  CallbackPrecheck,
  GatewayConfirmation,
  GatewayPaymentState,
  GatewayPaymentVerifier,
  GatewayUnavailableError,
  PaymentContext,
  VerificationOutcome,
} from './payment-verifier';

/**
 * Khalti sends the browser to return_url whatever happened; these say the payer gave up. Every
 * other lookup status but Completed and the undecided ones (Refunded, Partially refunded) is
 * terminal too: `state` reads them as not_completed.
 */
const DECLINED = new Set(['User canceled', 'Expired']);
const UNDECIDED = new Set(['Pending', 'Initiated']);

/**
 * Khalti ePayment KPG-2 (CONTRACT section 6; docs.khalti.com/khalti-epayment): the callback must
 * name this payment's pidx and, when it states an amount, the order total; only the lookup is
 * trusted, and it must say Completed for the order total.
 */
@Service()
export class KhaltiPaymentVerifier implements GatewayPaymentVerifier {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  precheck(params: Readonly<Record<string, string>>, { payment, order }: PaymentContext): CallbackPrecheck {
    if (params['pidx'] !== payment.gatewayTransactionId) return { kind: 'rejected', error: 'the Khalti callback is about another payment (pidx)' };
    for (const field of ['amount', 'total_amount']) {
      const value = params[field];
      if (value === undefined || value === '') continue;
      const paisa = /^\d{1,12}$/.test(value) ? Number(value) : null;
      if (paisa !== order.totalPaisa) return { kind: 'rejected', error: amountMismatch(paisa, order.totalPaisa) };
    }
    const status = params['status'] ?? '';
    if (DECLINED.has(status)) return { kind: 'declined', detail: `Khalti callback status ${status}` };
    return { kind: 'plausible' };
  }

  async verify(params: Readonly<Record<string, string>>, context: PaymentContext): Promise<VerificationOutcome> {
    const precheck = this.precheck(params, context);
    if (precheck.kind === 'rejected') return precheck;
    return this.confirm(context);
  }

  async confirm(context: PaymentContext): Promise<GatewayConfirmation> {
    const lookup = await this.lookup(context);
    if (lookup.status === 'Completed') {
      if (lookup.totalAmount !== context.order.totalPaisa) return { kind: 'rejected', error: amountMismatch(lookup.totalAmount, context.order.totalPaisa) };
      return { kind: 'verified', reference: lookup.transactionId ?? context.payment.gatewayTransactionId };
    }
    if (UNDECIDED.has(lookup.status)) return { kind: 'pending', detail: `Khalti lookup ${lookup.status}` };
    return { kind: 'rejected', error: `Khalti lookup said ${lookup.status}, not Completed` };
  }

  async state(context: PaymentContext): Promise<GatewayPaymentState> {
    const { status } = await this.lookup(context);
    if (status === 'Completed') return 'completed';
    return UNDECIDED.has(status) ? 'pending' : 'not_completed';
  }

  private async lookup({ payment }: PaymentContext) {
    const answer = await lookupKhalti(payment.gatewayTransactionId, this.config.payments.khalti);
    if (!answer.ok) throw new GatewayUnavailableError(answer.message, answer.reason);
    return answer.value;
  }
}
