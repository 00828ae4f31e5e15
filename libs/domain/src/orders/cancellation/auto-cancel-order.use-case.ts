import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Database, Op, OrderModel, OrderStatusHistoryModel, PaymentModel } from '@platform/db';
import { ReleasePromotionRedemptionUseCase } from '../../promotions';
import { NotificationOutbox } from '../../notifications/outbox';
import { CONFIG } from '../../shared';
import { OrderCaches } from '../reads/order-caches.service';

export const ORDER_CANCELLED_EVENT = 'ORDER_CANCELLED';
/** The outbox key of an order's ORDER_CANCELLED: an order is cancelled at most once. */
export const orderCancelledDedupeKey = (orderId: number) => `ORDER_CANCELLED:order:${orderId}`;
export const AUTO_CANCEL_REASON = 'Payment not completed in time';
/** How many orders one sweep closes at most; the next sweep (a minute later) takes the rest. */
const SWEEP_BATCH = 100;

export interface AutoCancelOrderInput {
  orderId: number;
  reason: string;
}

export type AutoCancelOrderResult = 'cancelled' | 'skipped';

/**
 * Conditions under which an unpaid order may be closed, as SQL over `o` (orders) with :cutoff:
 * still payment_pending, older than ORDER_AUTO_CANCEL_MINUTES, no completed payment, and no
 * gateway callback received within ORDER_AUTO_CANCEL_MINUTES (a payment may be confirming).
 * Gateways are not asked. Used by the sweep's search and again by the guarded UPDATE itself.
 */
const CANCELLABLE = `
  o.status = 'payment_pending'
  AND o.created_at < :cutoff
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'completed')
  AND NOT EXISTS (
    SELECT 1 FROM payment_callbacks c JOIN payments p ON p.id = c.payment_id
    WHERE p.order_id = o.id AND c.last_received_at >= :cutoff
  )`;

/**
 * Job order.auto_cancel (learning-commerce.md, "States and transitions → Order"): the guarded
 * transition `payment_pending → cancelled` of an order left unpaid, with a system history row
 * (notes = reason), the order's promotion use given back, its open payments marked failed, and
 * ORDER_CANCELLED (cancelledBy 'system') recorded in the outbox. Safe to run twice: the UPDATE
 * only matches a still-cancellable order, so a repeat or an order paid meanwhile changes nothing.
 */
@Service()
export class AutoCancelOrderUseCase {
  constructor(
    private readonly db: Database,
    private readonly outbox: NotificationOutbox,
    private readonly releasePromotion: ReleasePromotionRedemptionUseCase,
    private readonly orderCaches: OrderCaches,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The sweep (job order.auto_cancel_sweep): closes every order that qualifies now. */
  async sweep(now = new Date()): Promise<{ cancelled: number[] }> {
    const [rows] = await this.db.sequelize.query(
      `SELECT o.id FROM orders o WHERE ${CANCELLABLE} ORDER BY o.created_at LIMIT ${SWEEP_BATCH}`,
      { replacements: { cutoff: this.cutoff(now) } },
    );
    const cancelled: number[] = [];
    for (const { id } of rows as Array<{ id: number }>) {
      if ((await this.execute({ orderId: id, reason: AUTO_CANCEL_REASON }, now)) === 'cancelled') cancelled.push(id);
    }
    return { cancelled };
  }

  async execute(input: AutoCancelOrderInput, now = new Date()): Promise<AutoCancelOrderResult> {
    const reason = input.reason.slice(0, 500);
    return this.db.transaction(async (tx) => {
      const [rows] = await this.db.sequelize.query(
        `UPDATE orders o SET status = 'cancelled', cancelled_at = now(), updated_at = now(),
           cancellation_reason = :reason, cancelled_by_actor_type = 'system'
         WHERE o.id = :orderId AND ${CANCELLABLE} RETURNING o.id`,
        { replacements: { orderId: input.orderId, cutoff: this.cutoff(now), reason }, transaction: tx },
      );
      if ((rows as unknown[]).length === 0) return 'skipped';
      const order = await OrderModel.findByPk(input.orderId, { transaction: tx, rejectOnEmpty: true });
      await OrderStatusHistoryModel.create({ orderId: order.id, status: 'cancelled', notes: reason, actorType: 'system' }, { transaction: tx });
      if (order.promotionId !== null) {
        await this.releasePromotion.execute({ promotionId: order.promotionId, reference: `order:${order.id}` }, tx);
      }
      await PaymentModel.update(
        { status: 'failed' },
        { where: { orderId: order.id, status: { [Op.in]: ['initiated', 'pending'] } }, transaction: tx },
      );
      await this.outbox.record(
        {
          event: ORDER_CANCELLED_EVENT,
          to: { audience: 'customer', userId: order.userId },
          payload: { orderId: order.id, orderNumber: order.orderNumber, cancelledBy: 'system', reason },
          dedupeKey: orderCancelledDedupeKey(order.id),
        },
        tx,
      );
      await this.orderCaches.invalidate(order.userId, tx);
      return 'cancelled' as const;
    });
  }

  private cutoff(now: Date): Date {
    return new Date(now.getTime() - this.config.limits.orders.autoCancelMinutes * 60_000);
  }
}
