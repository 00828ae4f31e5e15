import { Constructable, Token } from 'typedi';
import type { OrderItemModel, OrderModel, ProductType, Transaction } from '@platform/db';

/** Why a paid order's fulfilment is taken back. */
export type FulfilmentRevokeReason = 'cancelled' | 'refund_approved';

/** Why an order closed before it was paid: what was held for it (a seat) is given back. */
export type FulfilmentReleaseReason = 'payment_failed' | 'cancelled';

/**
 * What the product types it names give when an order holding them is paid, and take back when
 * the purchase is undone. The orders context calls each hook at most once per order, inside the
 * transaction of the one order transition that moved the row, with the order's lines of these
 * types in line order:
 * - fulfil: the move into paid;
 * - revoke: a move out of a state that holds the purchase (paid, refund_requested, refund_pending,
 *   refund_rejected) into cancelled or refund_approved;
 * - release: the first close of an unpaid order (created or payment_pending into payment_failed or
 *   cancelled; not again for payment_failed → cancelled).
 * A handler records its own outbox events (COURSE_ACCESS_GRANTED, ...) in the same transaction. A
 * throw rolls the whole transition back.
 *
 * The contract lives in shared so that the contexts that fulfil (access, training, subscriptions)
 * and orders, which calls them, depend on it and not on each other: orders never imports them.
 */
export interface FulfilmentHandler {
  readonly productTypes: readonly ProductType[];
  fulfil(order: OrderModel, items: readonly OrderItemModel[], tx: Transaction): Promise<void>;
  revoke(order: OrderModel, items: readonly OrderItemModel[], reason: FulfilmentRevokeReason, tx: Transaction): Promise<void>;
  release(order: OrderModel, items: readonly OrderItemModel[], reason: FulfilmentReleaseReason, tx: Transaction): Promise<void>;
}

/**
 * The fulfilment handlers of an app, one per product type, set by the composition root
 * (libs/runtime's createAppContainer) and resolved in that app's container. A class, not an
 * instance, so each handler is built lazily with the app's own dependencies. (typedi's
 * `@Service({ id, multiple: true })` + `getMany` cannot do this: multiple services are kept in the
 * global container and a per-app ContainerInstance's getMany does not see them.)
 */
export const FULFILMENT_HANDLERS = new Token<ReadonlyArray<Constructable<FulfilmentHandler>>>('orders.fulfilment-handlers');
