import { Service } from 'typedi';
import { Database, Op, OrderModel, OrderStatus, OrderStatusHistoryModel, Transaction, WhereOptions } from '@platform/db';
import { NotificationOutbox, OutboxEvent } from '../../notifications';
import { OrderCaches } from '../reads/order-caches.service';
import { OrderTransitionEffectsService } from './order-transition-effects.service';
import { canTransition } from './order-transitions';

/** Who moves the order; written to the history row as the schema's actor CHECK requires. */
export type OrderTransitionActor = { type: 'customer'; customerId: string } | { type: 'admin'; adminId: string } | { type: 'system' };

/**
 * Columns a transition may write together with the status (the CHECKs tie them to it). paid_at is
 * not one: the move into paid sets it, and nothing else may.
 */
export type OrderTransitionChanges = Partial<
  Pick<
    OrderModel,
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
 * Order"); OrderWriter's insert of a new order (in payment_pending, in the placing transaction) is
 * its creation, not a move. In the caller's transaction: the order row is locked (`SELECT status
 * ... FOR UPDATE`, which also gives the state it moves from), then a guarded `UPDATE orders ...
 * WHERE id = ? AND status IN (from) [AND guard] RETURNING *` under the transaction-local flag
 * `app.order_transition` (migration 0013: the database refuses any other status write), then,
 * only when a row moved: the history row, the outbox event, the move's own effects
 * (OrderTransitionEffectsService: fulfilment, revocation, release, the promotion use given back,
 * payments closed or owing a refund) and the cache invalidation (after commit). Of any number of
 * concurrent or repeated calls, exactly one sees the row; the others get null and change nothing.
 * The database trigger also refuses whatever ORDER_TRANSITIONS would not allow, so a mistake here
 * fails loudly instead of corrupting an order. order-status-writers.spec.ts names a module that
 * writes orders.status anyway before the database refuses it.
 */
@Service()
export class OrderTransitionService {
  constructor(
    private readonly db: Database,
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
    const from = await this.lock(transition, tx);
    if (from === null) return null;
    const order = await this.move(transition, tx);
    if (!order) return null;
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
    await this.effects.afterMove(order, from, transition.openPaymentsNote, tx);
    await this.orderCaches.invalidate(order.userId, tx);
    return order;
  }

  /** Locks the order's row; its status when that is one of `from` (and the order the owner's), else null. */
  private async lock({ orderId, from, ownerId }: OrderTransition, tx: Transaction): Promise<OrderStatus | null> {
    const [rows] = await this.db.sequelize.query(
      `SELECT status FROM orders WHERE id = :orderId ${ownerId === undefined ? '' : 'AND user_id = :ownerId'} FOR UPDATE`,
      { replacements: { orderId, ownerId: ownerId ?? null }, transaction: tx },
    );
    const status = (rows as Array<{ status: OrderStatus }>)[0]?.status;
    return status !== undefined && from.includes(status) ? status : null;
  }

  /** The guarded UPDATE, the only status write the database accepts (the flag is on for it alone). */
  private async move(transition: OrderTransition, tx: Transaction): Promise<OrderModel | null> {
    await this.orderTransitionFlag('on', tx);
    const [count, rows] = await OrderModel.update(
      { ...transition.changes, status: transition.to, ...(transition.to === 'paid' ? { paidAt: new Date() } : {}) },
      {
        where: {
          id: transition.orderId,
          status: { [Op.in]: [...transition.from] },
          ...(transition.guard === undefined ? {} : { [Op.and]: [transition.guard] }),
        },
        returning: true,
        transaction: tx,
      },
    );
    // A failed UPDATE aborts the transaction (and with it this transaction-local setting).
    await this.orderTransitionFlag('off', tx);
    return count === 0 ? null : rows[0];
  }

  private async orderTransitionFlag(value: 'on' | 'off', tx: Transaction): Promise<void> {
    await this.db.sequelize.query(`SELECT set_config('app.order_transition', :value, true)`, { replacements: { value }, transaction: tx });
  }
}
