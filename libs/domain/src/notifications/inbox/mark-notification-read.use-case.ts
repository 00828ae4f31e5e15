import { Service } from 'typedi';
import { Database } from '@platform/db';
import { CustomerActor, NotFound } from '../../shared';
import { NOTIFICATION_COLUMNS, NotificationView, parseNotificationId, toNotificationView } from './notification.views';

export const NotificationNotFound = () => NotFound('Notification not found');

/**
 * POST /api/notifications/:id/read: marks one of the caller's notifications read and answers it.
 * Idempotent (the first read time stays); another user's or an unknown id is not found.
 */
@Service()
export class MarkNotificationReadUseCase {
  constructor(private readonly db: Database) {}

  async execute(customer: CustomerActor, id: string): Promise<NotificationView> {
    const notificationId = parseNotificationId(id);
    if (notificationId === null) throw NotificationNotFound();
    const [rows] = await this.db.sequelize.query(
      `UPDATE notifications SET read_at = COALESCE(read_at, now())
       WHERE id = :id AND user_id = :userId RETURNING ${NOTIFICATION_COLUMNS}`,
      { replacements: { id: notificationId, userId: customer.id } },
    );
    const [row] = rows as Parameters<typeof toNotificationView>[0][];
    if (!row) throw NotificationNotFound();
    return toNotificationView(row);
  }
}
