import type { NotificationModel } from '@platform/db';
import { isBigintId, type Page } from '../../shared';

/** An in-app notification as the customer sees it. */
export interface NotificationView {
  id: number;
  /** The outbox event it came from; a push of the same event carries it as `eventId`. */
  eventId: number;
  /** The event name, e.g. ORDER_CANCELLED. */
  type: string;
  title: string;
  body: string;
  /** The event's payload (ids, order number, amounts in paisa). */
  data: Record<string, unknown>;
  read: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export type NotificationPage = Page<NotificationView> & { unreadCount: number };

export type NotificationRow = Pick<NotificationModel, 'id' | 'eventId' | 'type' | 'title' | 'body' | 'data' | 'readAt' | 'createdAt'>;

/** Columns of a raw `notifications` query, named as the model names them. */
export const NOTIFICATION_COLUMNS =
  'id, event_id AS "eventId", type, title, body, data, read_at AS "readAt", created_at AS "createdAt"';

export const toNotificationView = (row: NotificationRow): NotificationView => ({
  id: Number(row.id),
  eventId: Number(row.eventId),
  type: row.type,
  title: row.title,
  body: row.body,
  data: row.data,
  read: row.readAt !== null,
  readAt: row.readAt === null ? null : new Date(row.readAt),
  createdAt: new Date(row.createdAt),
});

export const NOTIFICATION_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    eventId: { type: 'integer' },
    type: { type: 'string', example: 'ORDER_PAYMENT_RECEIVED_CHECKOUT' },
    title: { type: 'string' },
    body: { type: 'string' },
    data: { type: 'object', additionalProperties: true },
    read: { type: 'boolean' },
    readAt: { type: 'string', format: 'date-time', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** A notification id from a path: a positive bigint, or null (which callers answer as not found). */
export function parseNotificationId(id: string): string | null {
  // Canonical text only (no leading zeros), so one notification has one id.
  if (!/^[1-9]/.test(id) || !isBigintId(id)) return null;
  return id;
}
