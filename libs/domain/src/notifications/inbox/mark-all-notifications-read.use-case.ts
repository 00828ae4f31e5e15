import { Service } from 'typedi';
import { Database } from '@platform/db';
import type { CustomerActor } from '../../shared';

/** POST /api/notifications/read-all: every unread notification of the caller becomes read. */
@Service()
export class MarkAllNotificationsReadUseCase {
  constructor(private readonly db: Database) {}

  async execute(customer: CustomerActor): Promise<{ updated: number; unreadCount: number }> {
    const [rows] = await this.db.sequelize.query(
      'UPDATE notifications SET read_at = now() WHERE user_id = :userId AND read_at IS NULL RETURNING id',
      { replacements: { userId: customer.id } },
    );
    return { updated: (rows as unknown[]).length, unreadCount: 0 };
  }
}
