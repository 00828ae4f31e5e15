import type { OrderStatus } from '@platform/db';

export const ORDER_PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/**
 * The payment status shown with each order state (learning-commerce.md, "States and transitions →
 * Order"): created and payment_pending = pending; paid and the refund states = completed;
 * payment_failed and cancelled = failed. Derived, never stored, so it cannot drift from `status`.
 */
const PAYMENT_STATUS_BY_ORDER_STATUS: Record<OrderStatus, OrderPaymentStatus> = {
  created: 'pending',
  payment_pending: 'pending',
  paid: 'completed',
  refund_requested: 'completed',
  refund_pending: 'completed',
  refund_approved: 'completed',
  refund_rejected: 'completed',
  payment_failed: 'failed',
  cancelled: 'failed',
};

export const orderPaymentStatus = (status: OrderStatus): OrderPaymentStatus => PAYMENT_STATUS_BY_ORDER_STATUS[status];

/** The order states shown with a payment status (for filters by payment status, e.g. the admin list). */
export const orderStatusesWithPaymentStatus = (paymentStatus: OrderPaymentStatus): OrderStatus[] =>
  (Object.keys(PAYMENT_STATUS_BY_ORDER_STATUS) as OrderStatus[]).filter(
    (status) => PAYMENT_STATUS_BY_ORDER_STATUS[status] === paymentStatus,
  );
