import { Inject, Service } from 'typedi';
import { Database, OrderModel } from '@platform/db';
import type { Logger } from '@platform/observability';
import { PAYMENT_RETRY, PaymentJobQueue, PaymentRecords, PaymentVerifiers } from '../../payments';
import type { PaymentContext, VerificationOutcome } from '../../payments';
import { LOGGER } from '../../shared';
import { OrderTransitionService } from '../lifecycle/order-transition.service';
import { OrderCaches } from '../reads/order-caches.service';
import { OrderPaymentEventsService } from './order-payment-events.service';

export interface FinalizePaymentSuccessInput {
  orderId: number;
  paymentId: number;
  /**
   * The stored callback to verify (order.payment_success): its precheck, then the gateway.
   * Absent (order.payment_retry): only the gateway is asked. The callback that started the chain
   * passed its precheck already, and any callback stored since (forged or not) must not decide.
   */
  callbackId?: number;
  /** order.payment_retry's attempt (1 for the callback's own job). */
  attempt?: number;
}

export type FinalizePaymentSuccessResult =
  | 'paid'
  /** The order was no longer payment_pending (paid by a replay, failed or cancelled): nothing changed. */
  | 'already_final'
  | 'rejected'
  | 'pending'
  | 'declined'
  | 'not_found'
  /** The gateway took the money after the order was closed (e.g. auto-cancelled): recorded as a refund owed. */
  | 'paid_after_close';

/** What settling a gateway-confirmed payment did. */
export type SettlePaymentResult = Extract<FinalizePaymentSuccessResult, 'paid' | 'already_final' | 'paid_after_close'>;

/**
 * Job order.payment_success and order.payment_retry (learning-commerce.md, "States and
 * transitions → Order"; CONTRACT section 6; REFERENCE.md "What commerce engines learned the hard
 * way"). Verification talks to the gateway outside any transaction. Then one transaction makes
 * the one guarded transition `payment_pending → paid` through OrderTransitionService (of any
 * number of concurrent or repeated runs exactly one moves the row) and, only in that run, the
 * `paid` history row, ORDER_PAYMENT_RECEIVED_*, the fulfilment of every line (OrderFulfilmentService,
 * with its access-granted events) and the payment completed. The cart clearing and the cache bump
 * follow the commit. A gateway that cannot be asked throws, so bull retries with backoff
 * (PAYMENT_VERIFICATION_JOB_OPTIONS); a gateway that says "pending" schedules order.payment_retry.
 */
@Service()
export class FinalizePaymentSuccessUseCase {
  constructor(
    private readonly db: Database,
    private readonly records: PaymentRecords,
    private readonly verifiers: PaymentVerifiers,
    private readonly transitions: OrderTransitionService,
    private readonly events: OrderPaymentEventsService,
    private readonly orderCaches: OrderCaches,
    private readonly jobs: PaymentJobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(input: FinalizePaymentSuccessInput): Promise<FinalizePaymentSuccessResult> {
    const context = await this.records.context(input.paymentId, input.orderId);
    if (!context) return 'not_found';
    // A closed order is still verified: a customer who paid at the gateway after the order was
    // auto-cancelled (or failed) must not be charged silently.
    const closed = context.order.status !== 'payment_pending';
    if (closed && (context.order.status === 'paid' || context.payment.status === 'completed')) return 'already_final';
    const verifier = this.verifiers.for(context.payment.gateway);
    let outcome: VerificationOutcome;
    if (input.callbackId !== undefined) {
      const callback = await this.records.callback(input.callbackId, input.paymentId);
      if (!callback) return 'not_found';
      outcome = await verifier.verify(callback.params, context);
    } else {
      outcome = await verifier.confirm(context);
    }

    const log = this.logger.child({ orderId: context.order.id, paymentId: context.payment.id, callbackId: input.callbackId ?? null });
    switch (outcome.kind) {
      case 'rejected':
        log.warn({ error: outcome.error }, 'payment verification failed; the order stays as it was');
        await this.records.failedVerification(context.payment.id, outcome.error);
        return 'rejected';
      case 'declined':
        // Khalti's return_url carries cancellations too: the failure job decides (it asks the gateway).
        await this.jobs.checkFailure(context, outcome.detail);
        return 'declined';
      case 'pending':
        await this.scheduleRetry(context, input.attempt ?? 1, outcome.detail);
        return 'pending';
      case 'verified':
        return this.settle(context, outcome.reference);
    }
  }

  /**
   * The gateway confirmed the money (`reference` is its reference): pay the order through the
   * one guarded transition, or, when the order is no longer payment_pending, record the payment
   * as completed with a refund owed. Also used by order.auto_cancel's reconciliation.
   */
  async settle(context: PaymentContext, reference: string): Promise<SettlePaymentResult> {
    if (context.order.status === 'payment_pending' && (await this.markPaid(context, reference))) return 'paid';
    return this.recordPaymentAfterClose(context, reference);
  }

  /**
   * The gateway confirms money for an order that is no longer payment_pending. If a concurrent run
   * paid it, nothing to do. Otherwise (cancelled, failed: no transition leads back to paid) the
   * payment is recorded as completed with refund_owed_at set (what admins settle), a note in
   * last_verification_error, the order caches bumped, and an error logged; the order stays as it is.
   */
  private async recordPaymentAfterClose({ payment, order }: PaymentContext, reference: string): Promise<SettlePaymentResult> {
    const current = await OrderModel.findByPk(order.id, { attributes: ['id', 'status', 'userId'] });
    if (!current || current.status === 'paid') return 'already_final';
    const note = `Gateway confirmed payment after the order was ${current.status}: refund required`;
    const recorded = await this.db.transaction(async (tx) => {
      const completed = await this.records.completeAfterClose(payment.id, reference, note, tx);
      if (completed) await this.orderCaches.invalidate(current.userId, tx);
      return completed;
    });
    if (recorded) {
      this.logger.error({ orderId: order.id, paymentId: payment.id, status: current.status, gatewayReference: reference }, note);
    }
    return 'paid_after_close';
  }

  private async markPaid({ payment, order }: PaymentContext, reference: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const paid = await this.transitions.apply(
        {
          orderId: order.id,
          to: 'paid',
          from: ['payment_pending'],
          actor: { type: 'system' },
          notes: `Payment verified with ${payment.gateway} (${reference})`.slice(0, 500),
          event: (moved) => this.events.paid(moved, reference),
        },
        tx,
      );
      if (!paid) return false;
      await this.records.complete(payment.id, reference, tx);
      this.events.clearCartAfterCommit(paid, tx);
      return true;
    });
  }

  private async scheduleRetry(context: PaymentContext, attempt: number, detail: string): Promise<void> {
    const { payment, order } = context;
    if (attempt >= PAYMENT_RETRY.maxAttempts) {
      // order.auto_cancel_sweep asks the gateway again before it closes the order.
      this.logger.warn({ orderId: order.id, paymentId: payment.id, detail }, 'gateway still undecided after the last retry; left for the auto-cancel reconciliation');
      await this.records.failedVerification(payment.id, `still undecided after ${attempt} checks: ${detail}`);
      return;
    }
    await this.jobs.retry(context, attempt + 1);
  }
}
