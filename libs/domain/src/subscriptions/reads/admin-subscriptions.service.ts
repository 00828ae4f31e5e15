import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, UserModel } from '@platform/db';
import { Clock, Page, pageWindow, toPage } from '../../shared';
import type { SubscriptionStatus } from '../subscription-status';
import { SubscriptionReader, toSubscriptionView } from '../views';
import { AdminSubscriptionDetailView, AdminSubscriptionListItemView, AdminSubscriptionRow } from './admin-subscription.views';
import {
  AdminSubscriptionFilter,
  adminSubscriptionCountQuery,
  adminSubscriptionPageQuery,
  adminSubscriptionWhere,
  SqlQuery,
} from './admin-subscription-list.sql';
import type { AdminSubscriptionQueryDto, AdminSubscriptionSort } from './dto/admin-subscription-query.dto';

/** The most rows `pagination=false` returns (count still says how many match), as the admin order list. */
export const SUBSCRIPTION_UNPAGINATED_LIMIT = 1_000;

/**
 * The admin subscription reads (learning-commerce.md, "Subscriptions (admin)"): every user's
 * subscriptions with the subscriber's email and name; statuses computed at the Clock's now.
 */
@Service()
export class AdminSubscriptionsService {
  constructor(
    private readonly db: Database,
    private readonly reader: SubscriptionReader,
    private readonly clock: Clock,
  ) {}

  async list(query: AdminSubscriptionQueryDto): Promise<Page<AdminSubscriptionListItemView>> {
    const now = this.clock.now();
    const filter: AdminSubscriptionFilter = {
      userId: query.userId,
      moduleId: query.moduleId,
      planId: query.planId,
      source: query.source,
      status: query.status as SubscriptionStatus | undefined,
      search: query.search || undefined,
    };
    const where = adminSubscriptionWhere(filter, now);
    const window = query.pagination === false ? { limit: SUBSCRIPTION_UNPAGINATED_LIMIT, offset: 0 } : pageWindow(query);
    const rows = await this.select<AdminSubscriptionRow>(
      adminSubscriptionPageQuery(where, { sort: query.sort as AdminSubscriptionSort, order: query.order, ...window }),
    );
    const [{ count }] = await this.select<{ count: number }>(adminSubscriptionCountQuery(where));
    const items = rows.map((row) => ({
      ...toSubscriptionView(row, now),
      user: { id: row.userId, email: row.userEmail, fullName: row.userFullName },
    }));
    return toPage(items, count, query);
  }

  /** 404 SUBSCRIPTION_NOT_FOUND for an unknown or malformed id. */
  async get(id: string): Promise<AdminSubscriptionDetailView> {
    const detail = await this.reader.detail(id);
    const user = await UserModel.findByPk(detail.userId, { attributes: ['id', 'email', 'fullName'], rejectOnEmpty: true });
    return { ...detail, user: { id: user.id, email: user.email, fullName: user.fullName } };
  }

  private select<T extends object>(query: SqlQuery): Promise<T[]> {
    return this.db.sequelize.query<T>(query.sql, { replacements: query.replacements, type: QueryTypes.SELECT });
  }
}
