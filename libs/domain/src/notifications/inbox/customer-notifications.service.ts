import { Service } from 'typedi';
import { Database, NotificationModel } from '@platform/db';
import { CustomerActor, pageWindow, toPage } from '../../shared';
import type { NotificationQueryDto } from './dto/notification-query.dto';
import { CUSTOMER_NOTIFICATION_LIST } from './customer-notification-list.sql';
import { NotificationPage, NotificationRow, toNotificationView } from './notification.views';

type NotificationListRow = NotificationRow & { total: number; unread: number };

/** The caller's in-app inbox (reads). Every query is filtered by the owner. */
@Service()
export class CustomerNotificationsService {
  constructor(private readonly db: Database) {}

  async list(customer: CustomerActor, query: NotificationQueryDto): Promise<NotificationPage> {
    const window = pageWindow(query);
    const rows = await this.db.prepared<NotificationListRow>(CUSTOMER_NOTIFICATION_LIST[query.order === 'asc' ? 'ASC' : 'DESC'], {
      userId: customer.id,
      unreadOnly: query.unreadOnly,
      limit: window.limit ?? null,
      offset: window.offset ?? 0,
    });
    const notifications = rows.filter((row) => row.id !== null);
    return { ...toPage(notifications.map(toNotificationView), rows[0]?.total ?? 0, query), unreadCount: rows[0]?.unread ?? 0 };
  }

  unreadCount(customer: CustomerActor): Promise<number> {
    return NotificationModel.count({ where: { userId: customer.id, readAt: null } });
  }
}
