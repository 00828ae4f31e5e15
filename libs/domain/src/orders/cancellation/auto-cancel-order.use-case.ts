import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Database, PaymentGateway } from '@platform/db';
import type { Logger } from '@platform/observability';
import { PaymentReconciliation } from '../../payments';
import { CONFIG, LOGGER } from '../../shared';
import { orderCancelledEvent } from '../lifecycle/order-cancelled.events';
import { OrderTransitionService } from '../lifecycle/order-transition.service';
import { FinalizePaymentSuccessUseCase } from '../payment-outcome/finalize-payment-success.use-case';

export const AUTO_CANCEL_REASON = 'Payment not completed in time';
/** How many orders one sweep closes at most; the next sweep (a minute later) takes the rest. */
const SWEEP_BATCH = 100;
/**
 * How long an order is kept open while its gateway stays undecided or cannot be asked. After
 * that it is cancelled anyway and its open payments are marked as needing a person to check them
 * with the gateway (last_verification_error, and an error in the log).
 */
export const AUTO_CANCEL_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

export interface AutoCancelOrderInput {
  orderId: number;
  reason: string;
}

/** `paid`: the gateway said the money moved, so the order was paid instead of cancelled. */
export type AutoCancelOrderResult = 'cancelled' | 'skipped' | 'paid';

/**
 * Conditions under which an unpaid order may be closed, as SQL over the orders row `o` and the
 * instant `cutoff` (a placeholder or an escaped literal): still payment_pending, older than
 * ORDER_AUTO_CANCEL_MINUTES, no completed payment, and no gateway callback received within
 * ORDER_AUTO_CANCEL_MINUTES (a payment may be confirming). Used by the sweep's search, before the
 * gateway is asked, and again as the guard of the transition's UPDATE.
 */
const cancellable = (o: string, cutoff: string) => `
  ${o}.status = 'payment_pending'
  AND ${o}.created_at < ${cutoff}
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ${o}.id AND p.status = 'completed')
  AND NOT EXISTS (
    SELECT 1 FROM payment_callbacks c JOIN payments p ON p.id = c.payment_id
    WHERE p.order_id = ${o}.id AND c.last_received_at >= ${cutoff}
  )`;
const CANCELLABLE = cancellable('o', ':cutoff');

/**
 * Job order.auto_cancel (learning-commerce.md, "States and transitions → Order"): an order left
 * unpaid. The gateway is asked first, outside any transaction (PaymentReconciliation):
 * - it confirms the payment: the order is paid instead (FinalizePaymentSuccessUseCase.settle: the
 *   same guarded transition, fulfilment and events as a callback);
 * - it says the payment did not complete (or the payment never reached it): cancelled;
 * - it is undecided, or cannot be asked: left for a later sweep, until the order is older than
 *   AUTO_CANCEL_GIVE_UP_AFTER_MS; then cancelled, its payments marked as needing attention.
 * Cancelling is OrderTransitionService's `payment_pending → cancelled`, guarded by the cancellable
 * conditions again, with a system history row (notes = reason), ORDER_CANCELLED (cancelledBy
 * 'system'), the order's promotion use given back and its open payments marked failed. Safe to run
 * twice: the UPDATE only matches a still-cancellable order, so a repeat or an order paid meanwhile
 * changes nothing.
 */
@Service()
export class AutoCancelOrderUseCase {
  constructor(
    private readonly db: Database,
    private readonly transitions: OrderTransitionService,
    private readonly reconciliation: PaymentReconciliation,
    private readonly success: FinalizePaymentSuccessUseCase,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The sweep (job order.auto_cancel_sweep): settles or closes every order that qualifies now. */
  async sweep(now = new Date()): Promise<{ cancelled: number[]; paid: number[] }> {
    const [rows] = await this.db.sequelize.query(
      `SELECT o.id FROM orders o WHERE ${CANCELLABLE} ORDER BY o.created_at LIMIT ${SWEEP_BATCH}`,
      { replacements: { cutoff: this.cutoff(now) } },
    );
    const cancelled: number[] = [];
    const paid: number[] = [];
    const unreachable = new Set<PaymentGateway>();
    for (const { id } of rows as Array<{ id: number }>) {
      // One order that throws (a fulfilment error after the gateway confirmed its payment, say)
      // must not stop the sweep for every order behind it: oldest first, it would be first again.
      try {
        const result = await this.decide({ orderId: id, reason: AUTO_CANCEL_REASON }, now, unreachable);
        if (result === 'cancelled') cancelled.push(id);
        if (result === 'paid') paid.push(id);
      } catch (error) {
        this.logger.error({ err: error, orderId: id }, 'auto-cancel could not settle or close this order; the sweep goes on');
      }
    }
    return { cancelled, paid };
  }

  execute(input: AutoCancelOrderInput, now = new Date()): Promise<AutoCancelOrderResult> {
    return this.decide(input, now, new Set());
  }

  private async decide(input: AutoCancelOrderInput, now: Date, unreachable: Set<PaymentGateway>): Promise<AutoCancelOrderResult> {
    const [rows] = await this.db.sequelize.query(`SELECT o.id, o.created_at AS "createdAt" FROM orders o WHERE o.id = :orderId AND ${CANCELLABLE}`, {
      replacements: { orderId: input.orderId, cutoff: this.cutoff(now) },
    });
    const candidate = (rows as Array<{ id: number; createdAt: Date }>)[0];
    if (!candidate) return 'skipped'; // only an order that may be closed is worth asking a gateway about

    const log = this.logger.child({ orderId: input.orderId });
    const verdict = await this.reconciliation.reconcile(input.orderId, unreachable);
    switch (verdict.kind) {
      case 'confirmed': {
        const result = await this.success.settle(verdict.context, verdict.reference);
        log.warn({ paymentId: verdict.paymentId, result }, 'the gateway confirmed the payment of an order about to be auto-cancelled; settled instead');
        return result === 'paid' ? 'paid' : 'skipped';
      }
      case 'not_completed':
        return this.cancel(input, now, null);
      case 'pending':
      case 'unreachable': {
        const age = now.getTime() - new Date(candidate.createdAt).getTime();
        if (age < AUTO_CANCEL_GIVE_UP_AFTER_MS) {
          log.info({ paymentId: verdict.paymentId, verdict: verdict.kind, detail: verdict.detail }, 'gateway undecided or unreachable; auto-cancel left for a later sweep');
          return 'skipped';
        }
        const attention =
          `Order auto-cancelled while ${verdict.kind === 'pending' ? 'the gateway still called the payment undecided' : 'the gateway could not be asked'}` +
          ` (${verdict.detail}): check this payment with the gateway; if it completed, a refund is owed`;
        const result = await this.cancel(input, now, attention);
        if (result === 'cancelled') log.error({ paymentId: verdict.paymentId, detail: verdict.detail }, attention);
        return result;
      }
    }
  }

  /** `attention`: the open payments' gateway did not say "not completed"; they are noted rather than failed. */
  private async cancel(input: AutoCancelOrderInput, now: Date, attention: string | null): Promise<AutoCancelOrderResult> {
    const reason = input.reason.slice(0, 500);
    const guard = this.db.sequelize.literal(cancellable('orders', this.db.sequelize.escape(this.cutoff(now))));
    const cancelled = await this.db.transaction((tx) =>
      this.transitions.apply(
        {
          orderId: input.orderId,
          to: 'cancelled',
          from: ['payment_pending'],
          actor: { type: 'system' },
          notes: reason,
          changes: { cancelledAt: new Date(), cancellationReason: reason, cancelledByActorType: 'system' },
          guard,
          event: (order) => orderCancelledEvent(order, 'system', reason),
          ...(attention === null ? {} : { openPaymentsNote: attention }),
        },
        tx,
      ),
    );
    return cancelled ? 'cancelled' : 'skipped';
  }

  private cutoff(now: Date): Date {
    return new Date(now.getTime() - this.config.limits.orders.autoCancelMinutes * 60_000);
  }
}
