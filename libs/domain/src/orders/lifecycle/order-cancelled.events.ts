import type { OrderModel } from '@platform/db';
import type { OutboxEvent } from '../../notifications';

export const ORDER_CANCELLED_EVENT = 'ORDER_CANCELLED';

/** The outbox key of an order's ORDER_CANCELLED: an order is cancelled at most once. */
export const orderCancelledDedupeKey = (orderId: number) => `ORDER_CANCELLED:order:${orderId}`;

/** ORDER_CANCELLED for the customer, whoever cancelled (the cancel command or order.auto_cancel). */
export const orderCancelledEvent = (order: OrderModel, cancelledBy: 'customer' | 'admin' | 'system', reason: string | null): OutboxEvent => ({
  event: ORDER_CANCELLED_EVENT,
  to: { audience: 'customer', userId: order.userId },
  payload: { orderId: order.id, orderNumber: order.orderNumber, cancelledBy, reason },
  dedupeKey: orderCancelledDedupeKey(order.id),
});
