import type { NotificationEventName } from '../../notifications/events';

/**
 * Deterministic job ids: bull ignores an add whose id it already holds, so a replayed callback
 * or a re-run job queues nothing twice. The finalization itself does not rely on this (it is a
 * guarded transition), it only saves work.
 */
export const PAYMENT_JOB_IDS = {
  /** One per distinct success callback (its parameters' digest). */
  success: (paymentId: number, digest: string) => `payment-success-${paymentId}-${digest.slice(0, 16)}`,
  failure: (paymentId: number) => `payment-failed-${paymentId}`,
  retry: (paymentId: number, attempt: number) => `payment-retry-${paymentId}-${attempt}`,
  clearCart: (orderId: number) => `cart-clear-after-order-${orderId}`,
} as const;

export const PAYMENT_EVENTS = {
  receivedCheckout: 'ORDER_PAYMENT_RECEIVED_CHECKOUT',
  receivedBuyNow: 'ORDER_PAYMENT_RECEIVED_BUYNOW',
  failed: 'ORDER_PAYMENT_FAILED',
  courseAccessGranted: 'COURSE_ACCESS_GRANTED',
  bookletAccessGranted: 'BOOKLET_ACCESS_GRANTED',
} as const satisfies Record<string, NotificationEventName>;

/** order.payment_retry: how often and how long to wait while a gateway says "pending". */
export const PAYMENT_RETRY = { maxAttempts: 5, delayMs: (attempt: number) => 30_000 * 2 ** (attempt - 1) } as const;
