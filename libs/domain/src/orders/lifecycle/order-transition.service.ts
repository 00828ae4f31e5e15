import { Service } from 'typedi';
import { Op, OrderModel, OrderStatus, OrderStatusHistoryModel, Transaction } from '@platform/db';
import { NotificationOutbox } from '../../notifications/outbox';
import type { OutboxEvent } from '../../notifications/events';
import { OrderCaches } from '../reads/order-caches.service';
import { canTransition } from './order-transitions';

/** Who moves the order; written to the history row as the schema's actor CHECK requires. */
export type OrderTransitionActor = { type: 'customer'; customerId: string } | { type: 'admin'; adminId: string } | { type: 'system' };

/** Columns a transition may write together with the status (the CHECKs tie them to it). */
export type OrderTransitionChanges = Partial<
  Pick<
    OrderModel,
    | 'paidAt'
    | 'cancelledAt'
    | 'cancellationReason'
    | 'cancelledByActorType'
    | 'refundStatus'
    | 'refundReason'
    | 'refundRemarks'
    | 'refundAdminRemarks'
    | 'refundAmountPaisa'
    | 'refundRequestedAt'
    | 'refundProcessedAt'
  >
>;

export interface OrderTransition {
  orderId: number;
  to: OrderStatus;
  /** The states this command may start from; each must allow `to` (ORDER_TRANSITIONS). */
  from: readonly OrderStatus[];
  actor: OrderTransitionActor;
  notes?: string | null;
  /** Only move the order if it is this customer's (customer commands). */
  ownerId?: string;
  changes?: OrderTransitionChanges;
  /** The outbox event of the transition, built from the moved order. */
  event?: (order: OrderModel) => OutboxEvent;
}

/**
 * The one way to move an order after checkout (learning-commerce.md, "States and transitions →
 * Order"): a guarded `UPDATE orders ... WHERE id = ? AND status IN (from) RETURNING *`, then, only
 * when a row moved, the history row, the cache invalidation (after commit) and the outbox event,
 * all in the caller's transaction. Of any number of concurrent or repeated calls, exactly one
 * sees the row; the others get null and change nothing. The database trigger refuses whatever
 * this table would not allow, so a mistake here fails loudly instead of corrupting an order.
 */
@Service()
export class OrderTransitionService {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly orderCaches: OrderCaches,
  ) {}

  /** The moved order, or null when it was not in one of `from` (or not the owner's): nothing changed. */
  async apply(transition: OrderTransition, tx: Transaction): Promise<OrderModel | null> {
    const illegal = transition.from.filter((from) => !canTransition(from, transition.to));
    if (transition.from.length === 0 || illegal.length > 0) {
      throw new Error(`No order transition ${illegal.join('|') || '(none)'} -> ${transition.to}`);
    }
    const [count, rows] = await OrderModel.update(
      { ...transition.changes, status: transition.to },
      {
        where: {
          id: transition.orderId,
          status: { [Op.in]: [...transition.from] },
          ...(transition.ownerId === undefined ? {} : { userId: transition.ownerId }),
        },
        returning: true,
        transaction: tx,
      },
    );
    if (count === 0) return null;
    const order = rows[0];
    const { actor } = transition;
    await OrderStatusHistoryModel.create(
      {
        orderId: order.id,
        status: transition.to,
        notes: transition.notes ?? null,
        actorType: actor.type,
        createdByCustomerId: actor.type === 'customer' ? actor.customerId : null,
        createdByAdminId: actor.type === 'admin' ? actor.adminId : null,
      },
      { transaction: tx },
    );
    if (transition.event) await this.outbox.record(transition.event(order), tx);
    await this.orderCaches.invalidate(order.userId, tx);
    return order;
  }
}
