import { Service } from 'typedi';
import { NotificationModel, WhereOptions } from '@platform/db';
import { CustomerActor, pageWindow, toPage } from '../../shared';
import type { NotificationQueryDto } from './dto/notification-query.dto';
import { NotificationPage, toNotificationView } from './notification.views';

/** The caller's in-app inbox (reads). Every query is filtered by the owner. */
@Service()
export class CustomerNotificationsService {
  async list(customer: CustomerActor, query: NotificationQueryDto): Promise<NotificationPage> {
    const where: WhereOptions<NotificationModel> = query.unreadOnly ? { userId: customer.id, readAt: null } : { userId: customer.id };
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const [{ rows, count }, unreadCount] = await Promise.all([
      NotificationModel.findAndCountAll({ where, order: [['createdAt', direction], ['id', direction]], ...pageWindow(query) }),
      this.unreadCount(customer),
    ]);
    return { ...toPage(rows.map(toNotificationView), count, query), unreadCount };
  }

  unreadCount(customer: CustomerActor): Promise<number> {
    return NotificationModel.count({ where: { userId: customer.id, readAt: null } });
  }
}
