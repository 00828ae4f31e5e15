import type { OrderItemModel, OrderModel, ProductType, Transaction } from '@platform/db';

/** Why a paid order's fulfilment is taken back. */
export type FulfilmentRevokeReason = 'cancelled' | 'refund_approved';

/**
 * What the product types it names give when an order holding them is paid, and take back when the
 * purchase is undone. OrderFulfilmentService calls each hook at most once per order (from the one
 * transition into paid, cancelled-after-paid or refund_approved that moved the row), inside that
 * transition's transaction, with the order's lines of these types in line order. A handler records
 * its own outbox events (COURSE_ACCESS_GRANTED, ...) in the same transaction.
 */
export interface FulfilmentHandler {
  readonly productTypes: readonly ProductType[];
  fulfil(order: OrderModel, items: readonly OrderItemModel[], tx: Transaction): Promise<void>;
  revoke(order: OrderModel, items: readonly OrderItemModel[], reason: FulfilmentRevokeReason, tx: Transaction): Promise<void>;
}
