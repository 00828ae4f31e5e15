import type { NotificationEventName } from '../../notifications';

/**
 * Deterministic job ids: bull ignores an add whose id it already holds, so a replayed callback
 * or a re-run job queues nothing twice while the first is waiting. Verification jobs are queued
 * with QueueRegistry.requeue, which removes a finished job of the same id first, so a reload
 * after the job completed or gave up asks the gateway again. The finalization itself does not
 * rely on any of this (it is a guarded transition), the ids only save work.
 */
export const PAYMENT_JOB_IDS = {
  /** One per distinct success callback (its parameters' digest). */
  success: (paymentId: number, digest: string) => `payment-success-${paymentId}-${digest.slice(0, 16)}`,
  failure: (paymentId: number) => `payment-failed-${paymentId}`,
  /** The failure job again, later, after the gateway said the payment was still undecided. */
  failureRecheck: (paymentId: number, recheck: number) => `payment-failed-${paymentId}-recheck-${recheck}`,
  retry: (paymentId: number, attempt: number) => `payment-retry-${paymentId}-${attempt}`,
  clearCart: (orderId: number) => `cart-clear-after-order-${orderId}`,
} as const;

export const PAYMENT_EVENTS = {
  receivedCheckout: 'ORDER_PAYMENT_RECEIVED_CHECKOUT',
  receivedBuyNow: 'ORDER_PAYMENT_RECEIVED_BUYNOW',
  failed: 'ORDER_PAYMENT_FAILED',
} as const satisfies Record<string, NotificationEventName>;

/** order.payment_retry: how often and how long to wait while a gateway says "pending". */
export const PAYMENT_RETRY = { maxAttempts: 5, delayMs: (attempt: number) => 30_000 * 2 ** (attempt - 1) } as const;

/**
 * order.payment_failed while the gateway says "undecided" (eSewa PENDING or an early NOT_FOUND,
 * Khalti Pending/Initiated): the order is left payment_pending and the gateway asked again this
 * many times, this far apart; after that order.auto_cancel_sweep (which asks the gateway) decides.
 */
export const PAYMENT_FAILURE_RECHECK = { maxRechecks: 4, delayMs: 5 * 60_000 } as const;

/**
 * bull options of the jobs that ask a gateway (order.payment_success, order.payment_retry,
 * order.payment_failed). An unreachable gateway makes them throw; bull then retries after
 * 10 s, 30 s, 70 s, 150 s, 310 s, 630 s and 1270 s (exponential: (2^n - 1) x 10 s), so a
 * gateway outage of about 40 minutes is ridden out (the queue's default, 5 attempts from 2 s,
 * covers under a minute). Longer outages are caught by order.auto_cancel_sweep, which asks the
 * gateway again before it closes an order, and by a reload of the callback (requeue).
 */
export const PAYMENT_VERIFICATION_JOB_OPTIONS: { readonly attempts: number; readonly backoff: { type: 'exponential'; delay: number } } = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 10_000 },
};
