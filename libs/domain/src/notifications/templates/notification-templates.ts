import type { NewsletterPayload, NotificationEventName, NotificationEventPayloads } from '../events';
import { formatPaisa } from './money';

/**
 * What one event says, in plain text: every channel renders from this, so push, in-app and email
 * never disagree. No field holds markup; the email layout escapes each one.
 */
export interface NotificationContent {
  /** Push and in-app title; the email's heading. */
  title: string;
  /** Push and in-app body: a sentence or two. */
  body: string;
  /** The email's subject line. */
  subject: string;
  /** Facts the email lists under the body, as label and value. */
  details: Array<[label: string, value: string]>;
  /** Push data fields the spec names for this event, added to the payload's plain values. */
  pushData?: Record<string, string>;
}

/** An instant as customers in Nepal read it, e.g. "2 Jan 2030, 15:45 (Nepal time)"; the ISO text itself when unreadable. */
const formatInstant = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString('en-GB', { timeZone: 'Asia/Kathmandu', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })} (Nepal time)`;
};

type Templates = { [E in NotificationEventName]: (payload: NotificationEventPayloads[E]) => NotificationContent };

const paymentReceived = (payload: { orderNumber: string; paymentReference: string }): NotificationContent => ({
  title: 'Payment received',
  body: `We received the payment for order ${payload.orderNumber}. Your purchase is ready in your library.`,
  subject: `Payment received for order ${payload.orderNumber}`,
  details: [
    ['Order', payload.orderNumber],
    ['Payment reference', payload.paymentReference],
  ],
});

const newsletterContent = (payload: NewsletterPayload): NotificationContent => ({
  title: payload.title,
  body: payload.summary ?? 'A new issue is out',
  subject: payload.title,
  details: [],
  pushData: { notificationType: 'newsletter_item' },
});

const CANCELLED_BY = {
  customer: (order: string) => `You cancelled order ${order}.`,
  admin: (order: string) => `Order ${order} was cancelled by our team.`,
  system: (order: string) => `Order ${order} was cancelled automatically.`,
} as const;

/** One template per event (learning-commerce.md and community-content-uploads.md, "Events"); the compiler insists on each. */
const TEMPLATES: Templates = {
  ORDER_PLACED_CHECKOUT: (payload) => ({
    title: 'Order placed',
    body: `Your order ${payload.orderNumber} for ${formatPaisa(payload.total)} is placed. Complete the payment to get access.`,
    subject: `Order ${payload.orderNumber} placed`,
    details: [
      ['Order', payload.orderNumber],
      ...payload.items.map((item): [string, string] => [item.title, formatPaisa(item.price)]),
      ['Total', formatPaisa(payload.total)],
    ],
  }),
  ORDER_PLACED_BUYNOW: (payload) => ({
    title: 'Order placed',
    body: `Your order ${payload.orderNumber} for ${payload.product.title} (${formatPaisa(payload.price)}) is placed. Complete the payment to get access.`,
    subject: `Order ${payload.orderNumber} placed`,
    details: [
      ['Order', payload.orderNumber],
      ['Product', payload.product.title],
      ['Price', formatPaisa(payload.price)],
    ],
  }),
  ORDER_PAYMENT_RECEIVED_CHECKOUT: paymentReceived,
  ORDER_PAYMENT_RECEIVED_BUYNOW: paymentReceived,
  ORDER_PAYMENT_FAILED: (payload) => ({
    title: 'Payment failed',
    body: `The payment for order ${payload.orderNumber} did not go through. You can try again from your orders.`,
    subject: `Payment failed for order ${payload.orderNumber}`,
    details: [
      ['Order', payload.orderNumber],
      ['Reason', payload.reason],
    ],
  }),
  ORDER_CANCELLED: (payload) => ({
    title: 'Order cancelled',
    body: (CANCELLED_BY[payload.cancelledBy] ?? CANCELLED_BY.admin)(payload.orderNumber),
    subject: `Order ${payload.orderNumber} cancelled`,
    details: [['Order', payload.orderNumber], ...(payload.reason ? [['Reason', payload.reason] as [string, string]] : [])],
  }),
  ORDER_REFUND_REQUESTED: (payload) => ({
    title: 'Refund requested',
    body: `A refund of ${formatPaisa(payload.amount)} was requested for order ${payload.orderNumber}.`,
    subject: `Refund requested for order ${payload.orderNumber}`,
    details: [
      ['Order', payload.orderNumber],
      ['Amount', formatPaisa(payload.amount)],
      ['Reason', payload.reason],
      ['Customer', payload.userId],
    ],
  }),
  ORDER_REFUND_APPROVED: (payload) => ({
    title: 'Refund approved',
    body: `Your refund of ${formatPaisa(payload.amount)} for order ${payload.orderNumber} was approved.`,
    subject: `Refund approved for order ${payload.orderNumber}`,
    details: [
      ['Order', payload.orderNumber],
      ['Amount', formatPaisa(payload.amount)],
    ],
  }),
  ORDER_REFUND_REJECTED: (payload) => ({
    title: 'Refund request declined',
    body: `Your refund request for order ${payload.orderNumber} was declined.`,
    subject: `Refund request declined for order ${payload.orderNumber}`,
    details: [['Order', payload.orderNumber], ...(payload.reason ? [['Reason', payload.reason] as [string, string]] : [])],
  }),
  COURSE_ACCESS_GRANTED: () => ({
    title: 'Your course is ready',
    body: 'You now have access to your new course. Open your library to start learning.',
    subject: 'Your course is ready',
    details: [],
  }),
  BOOKLET_ACCESS_GRANTED: () => ({
    title: 'Your booklet is ready',
    body: 'You now have access to your new booklet. Open your library to start reading.',
    subject: 'Your booklet is ready',
    details: [],
  }),
  TRAINING_WAITLIST_PROMOTED: (payload) => ({
    title: 'A seat is held for you',
    body: `A seat in ${payload.cohortName} of ${payload.trainingTitle} is held for you until ${formatInstant(payload.holdExpiresAt)}. Enroll before then to keep it.`,
    subject: `A seat is held for you in ${payload.trainingTitle}`,
    details: [
      ['Training', payload.trainingTitle],
      ['Cohort', payload.cohortName],
      ['Held until', formatInstant(payload.holdExpiresAt)],
    ],
  }),
  TRAINING_ENROLLMENT_CONFIRMED: (payload) => ({
    title: 'You are enrolled',
    body: `Your enrollment in ${payload.trainingTitle} is confirmed. Its sessions are open to you in the app.`,
    subject: `You are enrolled in ${payload.trainingTitle}`,
    details: [['Training', payload.trainingTitle]],
  }),
  // community-content-uploads.md "Events": title = channel title, body = `New update available`,
  // data = channelId, postId (the payload's) and notificationType = `channel_broadcast_post`.
  CHANNEL_BROADCAST_POST: (payload) => ({
    title: payload.channelTitle,
    body: 'New update available',
    subject: `New update in ${payload.channelTitle}`,
    details: [['Channel', payload.channelTitle]],
    pushData: { notificationType: 'channel_broadcast_post' },
  }),
  // issue 24 "Delivery": the push is the item's title and summary, with contentItemId and slug in
  // data (the payload's); the email is the whole item (renderNewsletterEmail).
  NEWSLETTER_EMAIL: newsletterContent,
  NEWSLETTER_PUSH: newsletterContent,
};

export const isNotificationEventName = (name: string): name is NotificationEventName => Object.hasOwn(TEMPLATES, name);

/** The content of an event; the payload is the one recorded with it. */
export function renderNotification<E extends NotificationEventName>(event: E, payload: NotificationEventPayloads[E]): NotificationContent {
  return (TEMPLATES[event] as (payload: NotificationEventPayloads[E]) => NotificationContent)(payload);
}
