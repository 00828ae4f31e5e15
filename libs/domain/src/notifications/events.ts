/**
 * The events of learning-commerce.md and community-content-uploads.md ("Events") that reach
 * customers, admins or a channel's members, with the payload each carries. The payload fields
 * named by the spec are the minimum; more may be added.
 */
export interface NotificationEventPayloads {
  ORDER_PLACED_CHECKOUT: { orderId: number; orderNumber: string; total: number; items: OrderLine[] };
  ORDER_PLACED_BUYNOW: { orderId: number; orderNumber: string; product: OrderLine; price: number };
  ORDER_PAYMENT_RECEIVED_CHECKOUT: { orderId: number; orderNumber: string; paymentReference: string };
  ORDER_PAYMENT_RECEIVED_BUYNOW: { orderId: number; orderNumber: string; paymentReference: string };
  ORDER_PAYMENT_FAILED: { orderId: number; orderNumber: string; reason: string };
  ORDER_CANCELLED: { orderId: number; orderNumber: string; cancelledBy: 'customer' | 'admin' | 'system'; reason: string | null };
  ORDER_REFUND_REQUESTED: { orderId: number; orderNumber: string; reason: string; amount: number; userId: string };
  ORDER_REFUND_APPROVED: { orderId: number; orderNumber: string; amount: number };
  ORDER_REFUND_REJECTED: { orderId: number; orderNumber: string; reason: string | null };
  COURSE_ACCESS_GRANTED: { userId: string; courseId: number | null; productId: number; productAccessId: number; orderId: number | null };
  BOOKLET_ACCESS_GRANTED: { userId: string; bookletId: number | null; productId: number; productAccessId: number; orderId: number | null };
  /**
   * An admin promoted the user's waitlist entry: a seat is held for them until `holdExpiresAt`
   * (ISO 8601); `trainingTitle` and `cohortName` let the message say which.
   */
  TRAINING_WAITLIST_PROMOTED: {
    userId: string;
    trainingId: number;
    cohortId: number;
    waitlistId: number;
    holdExpiresAt: string;
    trainingTitle: string;
    cohortName: string;
  };
  /** A training enrollment became `enrolled` (paid or free order): its access is granted. */
  TRAINING_ENROLLMENT_CONFIRMED: {
    userId: string;
    trainingId: number;
    productAccessId: number;
    enrollmentId: number;
    orderId: number | null;
    trainingTitle: string;
  };
  /**
   * An admin published a post to a channel: a push to the channel's joined members
   * (community-content-uploads.md "Events"). `channelTitle` is the push title, as it was when posted.
   */
  CHANNEL_BROADCAST_POST: { channelId: number; postId: number; channelTitle: string };
  /**
   * An admin sent a published newsletter item by email (send-email) or push (send-push) to its
   * readers (issue 24 "Delivery"). Title and summary are as when sent; the email renders the item
   * as it is when delivered (NewsletterDeliveryService), and nobody gets an item no longer published.
   */
  NEWSLETTER_EMAIL: NewsletterPayload;
  NEWSLETTER_PUSH: NewsletterPayload;
}

/** A newsletter item as its send names it. */
export interface NewsletterPayload {
  contentItemId: number;
  slug: string;
  title: string;
  summary: string | null;
}

/** A line of an order as events describe it; prices in paisa. */
export interface OrderLine {
  productId: number;
  productType: string;
  title: string;
  price: number;
}

export type NotificationEventName = keyof NotificationEventPayloads;

export const NOTIFICATION_EVENT_NAMES = [
  'ORDER_PLACED_CHECKOUT',
  'ORDER_PLACED_BUYNOW',
  'ORDER_PAYMENT_RECEIVED_CHECKOUT',
  'ORDER_PAYMENT_RECEIVED_BUYNOW',
  'ORDER_PAYMENT_FAILED',
  'ORDER_CANCELLED',
  'ORDER_REFUND_REQUESTED',
  'ORDER_REFUND_APPROVED',
  'ORDER_REFUND_REJECTED',
  'COURSE_ACCESS_GRANTED',
  'BOOKLET_ACCESS_GRANTED',
  'TRAINING_WAITLIST_PROMOTED',
  'TRAINING_ENROLLMENT_CONFIRMED',
  'CHANNEL_BROADCAST_POST',
  'NEWSLETTER_EMAIL',
  'NEWSLETTER_PUSH',
] as const satisfies readonly NotificationEventName[];

/**
 * Who an event is for: one customer, the admins who handle orders, the members of a channel, or
 * the readers of a newsletter item (both resolved when the event is delivered, so a member who
 * left or a reader whose entitlement ended meanwhile gets nothing).
 */
export type NotificationRecipients =
  | { audience: 'customer'; userId: string }
  | { audience: 'admins' }
  | { audience: 'channel_members'; channelId: number }
  | { audience: 'content_readers'; contentItemId: number };

export type OutboxEvent = {
  [E in NotificationEventName]: {
    event: E;
    to: NotificationRecipients;
    payload: NotificationEventPayloads[E];
    /**
     * Recording the same key twice records one event: name the fact, not the attempt, e.g.
     * `ORDER_CANCELLED:order:42` or `COURSE_ACCESS_GRANTED:access:7`.
     */
    dedupeKey: string;
  };
}[NotificationEventName];
