import { Service } from 'typedi';
import { Op, OrderModel, OrderStatus, OrderStatusHistoryModel, Transaction, WhereOptions } from '@platform/db';
import { NotificationOutbox, OutboxEvent } from '../../notifications';
import { OrderCaches } from '../reads/order-caches.service';
import { OrderTransitionEffectsService } from './order-transition-effects.service';
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
  /**
   * A further condition the row must still meet, checked in the same UPDATE (auto-cancel's "no
   * completed payment, no recent callback"), over the `orders` table unaliased.
   */
  guard?: WhereOptions<OrderModel>;
  /** The outbox event of the transition, built from the moved order. */
  event?: (order: OrderModel) => OutboxEvent;
  /**
   * A move that closes an unpaid order fails its open payments; with this note they stay open and
   * carry it instead (the gateway never said they failed: a person checks them).
   */
  openPaymentsNote?: string;
}

/**
 * The one way to move an order after checkout (learning-commerce.md, "States and transitions →
 * Order"); OrderWriter's insert of a new order (created, then payment_pending, in the placing
 * transaction) is its creation, not a move. A guarded `UPDATE orders ... WHERE id = ? AND status
 * IN (from) [AND guard] RETURNING *`, then, only when a row moved: the history row, the outbox
 * event, the move's own effects (OrderTransitionEffectsService: fulfilment, revocation, the
 * promotion use given back, payments closed or owing a refund) and the cache invalidation (after
 * commit), all in the caller's transaction. Of any number of concurrent or repeated calls, exactly
 * one sees the row; the others get null and change nothing. The database trigger refuses whatever
 * this table would not allow, so a mistake here fails loudly instead of corrupting an order.
 * order-status-writers.spec.ts fails when any other module writes orders.status.
 */
@Service()
export class OrderTransitionService {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly orderCaches: OrderCaches,
    private readonly effects: OrderTransitionEffectsService,
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
          ...(transition.guard === undefined ? {} : { [Op.and]: [transition.guard] }),
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
    await this.effects.afterMove(order, transition.openPaymentsNote, tx);
    await this.orderCaches.invalidate(order.userId, tx);
    return order;
  }
}
