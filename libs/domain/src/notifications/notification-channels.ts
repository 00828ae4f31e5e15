import type { NotificationChannel } from '@platform/db';
import type { NotificationEventName } from './events';

const ORDER_CUSTOMER: readonly NotificationChannel[] = ['push', 'email', 'in_app'];

/**
 * The channels of each event (learning-commerce.md, "Events"). The spec lists push and email for
 * the ORDER_* events; a customer's events also land in their in-app inbox, so the app shows what
 * the push said. ORDER_REFUND_REQUESTED is for the admins: email and a push to the admin topic
 * (admins have no in-app inbox). COURSE_ACCESS_GRANTED and BOOKLET_ACCESS_GRANTED (the spec names
 * no channels) go on all three: the purchase is ready, which is worth a push, an inbox entry and
 * an email with the receipt-like record.
 */
export const EVENT_CHANNELS: { readonly [E in NotificationEventName]: readonly NotificationChannel[] } = {
  ORDER_PLACED_CHECKOUT: ORDER_CUSTOMER,
  ORDER_PLACED_BUYNOW: ORDER_CUSTOMER,
  ORDER_PAYMENT_RECEIVED_CHECKOUT: ORDER_CUSTOMER,
  ORDER_PAYMENT_RECEIVED_BUYNOW: ORDER_CUSTOMER,
  ORDER_PAYMENT_FAILED: ORDER_CUSTOMER,
  ORDER_CANCELLED: ORDER_CUSTOMER,
  ORDER_REFUND_REQUESTED: ['push', 'email'],
  ORDER_REFUND_APPROVED: ORDER_CUSTOMER,
  ORDER_REFUND_REJECTED: ORDER_CUSTOMER,
  COURSE_ACCESS_GRANTED: ['push', 'in_app', 'email'],
  BOOKLET_ACCESS_GRANTED: ['push', 'in_app', 'email'],
  // A held seat is time-limited: worth a push, an inbox entry and an email with the deadline.
  TRAINING_WAITLIST_PROMOTED: ['push', 'in_app', 'email'],
  // The issue names push, email and in-app for the confirmed enrollment.
  TRAINING_ENROLLMENT_CONFIRMED: ['push', 'in_app', 'email'],
  // community-content-uploads.md "Events": a new channel post is a push only.
  CHANNEL_BROADCAST_POST: ['push'],
  // issue 24 "Delivery": send-email and send-push are separate sends, each on its one channel.
  NEWSLETTER_EMAIL: ['email'],
  NEWSLETTER_PUSH: ['push'],
};

/** The permission that makes an admin a recipient of admin events (or "*", which holds all). */
export const ADMIN_NOTIFICATION_PERMISSION = 'Orders_UPDATE';
