import { Inject, Service } from 'typedi';
import { Database } from '@platform/db';
import type { Logger } from '@platform/observability';
import { PAYMENT_FAILURE_RECHECK, PaymentJobQueue, PaymentRecords, PaymentVerifiers } from '../../payments';
import { LOGGER } from '../../shared';
import { OrderTransitionService } from '../lifecycle/order-transition.service';
import { FinalizePaymentSuccessUseCase } from './finalize-payment-success.use-case';
import { OrderPaymentEventsService } from './order-payment-events.service';

export interface FinalizePaymentFailureInput {
  orderId: number;
  paymentId: number;
  reason?: string;
  /** How many times this failure already found the gateway undecided (0 or absent: the first check). */
  recheck?: number;
}

export type FinalizePaymentFailureResult =
  | 'payment_failed'
  | 'already_final'
  /** The gateway says the money moved: the order was settled as paid (or recorded as owed back) instead. */
  | 'gateway_completed'
  /** The gateway has not decided: the order stays payment_pending, asked again later (PAYMENT_FAILURE_RECHECK). */
  | 'gateway_pending'
  | 'not_found';

/**
 * Job order.payment_failed (learning-commerce.md, "States and transitions → Order"). A failure
 * callback proves nothing (anyone can open the failure URL, and payment ids are sequential), so
 * the gateway decides:
 * - an explicit terminal "not completed" (eSewa CANCELED, FULL_REFUND, PARTIAL_REFUND, NOT_FOUND
 *   once the payment is past ESEWA_NOT_FOUND_GRACE_MS; Khalti User canceled, Expired, Refunded,
 *   Partially refunded): the guarded transition `payment_pending → payment_failed`
 *   (OrderTransitionService: a history row, ORDER_PAYMENT_FAILED, the open payment failed and the
 *   promotion use given back), in one transaction;
 * - undecided (eSewa PENDING, AMBIGUOUS, an early NOT_FOUND; Khalti Pending, Initiated): nothing
 *   changes; the check is repeated later, then order.auto_cancel_sweep (which asks too) decides;
 * - completed: the success path settles it (paid, or a refund owed when already closed).
 * After `paid` (or any other state) nothing changes. An unreachable gateway throws (bull retries).
 */
@Service()
export class FinalizePaymentFailureUseCase {
  constructor(
    private readonly db: Database,
    private readonly records: PaymentRecords,
    private readonly verifiers: PaymentVerifiers,
    private readonly transitions: OrderTransitionService,
    private readonly events: OrderPaymentEventsService,
    private readonly success: FinalizePaymentSuccessUseCase,
    private readonly jobs: PaymentJobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(input: FinalizePaymentFailureInput): Promise<FinalizePaymentFailureResult> {
    const context = await this.records.context(input.paymentId, input.orderId);
    if (!context) return 'not_found';
    if (context.order.status !== 'payment_pending' || context.payment.status === 'completed') return 'already_final';
    const log = this.logger.child({ orderId: input.orderId, paymentId: input.paymentId });
    const reason = (input.reason ?? `Payment failed at ${context.payment.gateway}`).slice(0, 500);

    const state = await this.verifiers.for(context.payment.gateway).state(context);
    if (state === 'completed') {
      const settled = await this.success.execute({ orderId: input.orderId, paymentId: input.paymentId });
      log.warn({ settled }, 'failure callback for a payment the gateway reports completed; settled through the success path');
      return 'gateway_completed';
    }
    if (state === 'pending') {
      const recheck = (input.recheck ?? 0) + 1;
      if (recheck <= PAYMENT_FAILURE_RECHECK.maxRechecks) await this.jobs.recheckFailure(context, reason, recheck);
      else log.info('gateway still undecided after the failure rechecks; left for the auto-cancel reconciliation');
      return 'gateway_pending';
    }

    return this.db.transaction(async (tx) => {
      const failed = await this.transitions.apply(
        {
          orderId: input.orderId,
          to: 'payment_failed',
          from: ['payment_pending'],
          actor: { type: 'system' },
          notes: reason,
          event: (moved) => this.events.failed(moved, reason),
        },
        tx,
      );
      return failed ? 'payment_failed' : 'already_final';
    });
  }
}
