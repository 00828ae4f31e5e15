/**
 * Queue names, job names and payload types: the one place producers and workers agree on.
 * Payloads carry ids, never whole rows; every processor must be safe to run twice.
 * Spec: learning-commerce.md "Background jobs".
 */
export const QUEUE_NAMES = ['orders', 'cart', 'notifications', 'maintenance', 'training', 'channels', 'content'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobPayloads {
  /**
   * A success callback to verify. `callbackId` names the stored callback (payment_callbacks),
   * `paymentReference` is the payment's gateway transaction id (eSewa transaction_uuid, Khalti pidx).
   */
  'order.payment_success': { orderId: number; paymentId: number; callbackId: number; paymentReference: string; transactionId?: string };
  /** `recheck`: how many times the gateway was already found undecided for this failure (absent: none). */
  'order.payment_failed': { orderId: number; paymentId: number; reason?: string; recheck?: number };
  'order.payment_retry': { orderId: number; paymentId: number; attempt: number; maxAttempts: number };
  'order.cancel': {
    orderId: number;
    requestId: string;
    reason?: string;
    cancelledBy: string;
    cancelledByActorType: 'customer' | 'admin';
  };
  'order.process_refund': {
    orderId: number;
    requestId: string;
    adminId: string;
    action: 'approve' | 'reject';
    amount?: number;
    remarks?: string;
  };
  'order.auto_cancel': { orderId: number; reason: string };
  /** Scheduled every minute: runs order.auto_cancel's use case for each unpaid order past ORDER_AUTO_CANCEL_MINUTES. */
  'order.auto_cancel_sweep': Record<string, never>;
  /** Scheduled every minute: re-queues cancel/refund requests still pending after 2 min, settles them failed after 30. */
  'order.async_request_sweep': Record<string, never>;
  'cart.clear_after_order_confirmed': { userId: string; orderId: number };
  'cart.expire': Record<string, never>;
  /** Delivers one outbox event (notification_events) on every channel to every recipient. */
  'notification.deliver': { eventId: string };
  /** Scheduled: queues notification.deliver for events whose after-commit dispatch did not happen. */
  'notification.dispatch_pending': Record<string, never>;
  'maintenance.purge_expired_refresh_tokens': Record<string, never>;
  /** Scheduled hourly: deletes Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_HOURS (a claim already ignores them). */
  'maintenance.purge_expired_idempotency_keys': Record<string, never>;
  /**
   * Scheduled daily: creates watch_events' monthly partitions up to WATCH_EVENTS_PARTITIONS_AHEAD_MONTHS
   * ahead and drops those older than WATCH_EVENTS_RETENTION_DAYS (migration 0008).
   */
  'maintenance.watch_events_partitions': Record<string, never>;
  /** Scheduled every minute: expires each unused waitlist hold past hold_expires_at and gives its seat back. */
  'training.waitlist_hold_expiry': Record<string, never>;
  /** Scheduled hourly: deletes soft-deleted channels past purge_after with their posts and stored attachments. */
  'channels.purge_soft_deleted': Record<string, never>;
  /** Scheduled every minute: publishes every scheduled newsletter item whose scheduledAt has come, once (issue 24). */
  'content.publish_due': Record<string, never>;
}

export type JobName = keyof JobPayloads;

/** Which queue carries each job. */
export const JOB_QUEUE: { readonly [J in JobName]: QueueName } = {
  'order.payment_success': 'orders',
  'order.payment_failed': 'orders',
  'order.payment_retry': 'orders',
  'order.cancel': 'orders',
  'order.process_refund': 'orders',
  'order.auto_cancel': 'orders',
  'order.auto_cancel_sweep': 'orders',
  'order.async_request_sweep': 'orders',
  'cart.clear_after_order_confirmed': 'cart',
  'cart.expire': 'cart',
  'notification.deliver': 'notifications',
  'notification.dispatch_pending': 'notifications',
  'maintenance.purge_expired_refresh_tokens': 'maintenance',
  'maintenance.purge_expired_idempotency_keys': 'maintenance',
  'maintenance.watch_events_partitions': 'maintenance',
  'training.waitlist_hold_expiry': 'training',
  'channels.purge_soft_deleted': 'channels',
  'content.publish_due': 'content',
};
