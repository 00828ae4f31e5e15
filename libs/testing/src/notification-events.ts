import { NotificationEventModel } from '@platform/db';

/** The outbox events recorded about an order (payload.orderId), optionally of one name, oldest first. */
export async function orderEvents(orderId: number, event?: string): Promise<NotificationEventModel[]> {
  const rows = await NotificationEventModel.findAll({ order: [['id', 'ASC']] });
  return rows.filter((row) => row.payload['orderId'] === orderId && (event === undefined || row.event === event));
}
