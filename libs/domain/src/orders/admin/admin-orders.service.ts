import { Inject, Service } from 'typedi';
import { Database, OrderItemModel, OrderNoteModel, PaymentModel } from '@platform/db';
import { ALL_OWNERS, isRowId, Page, pageWindow, toPage, VersionedViews } from '../../shared';
import { ORDER_ADMIN_VIEWS } from '../reads/order-caches.service';
import { ADMIN_ORDER_COLUMNS, AdminOrderFilter, adminOrderCountQuery, adminOrderListQuery, AdminOrderSql } from './admin-order-list.sql';
import {
  AdminHistoryRow,
  AdminOrderDetailRow,
  AdminOrderRow,
  OrderAdminDetailView,
  OrderAdminListItemView,
  toAdminDetail,
  toAdminListItem,
} from './admin-order.views';
import { AdminOrderNotFound } from './admin-orders.errors';
import type { AdminOrderQueryDto, AdminOrderSort } from './dto/admin-order-query.dto';

const DETAIL_SQL = `
  SELECT ${ADMIN_ORDER_COLUMNS},
    o.promotion_code AS "promotionCode", o.return_url AS "returnUrl", o.cancellation_reason AS "cancellationReason",
    o.cancelled_by_actor_type AS "cancelledByActorType", o.refund_reason AS "refundReason", o.refund_remarks AS "refundRemarks",
    o.refund_admin_remarks AS "refundAdminRemarks", o.refund_amount_paisa AS "refundAmountPaisa",
    o.refund_requested_at AS "refundRequestedAt", o.refund_processed_at AS "refundProcessedAt"
  FROM orders o JOIN users u ON u.id = o.user_id
  WHERE o.id = :orderId`;

/** Oldest first, with the actors' names (admins.id is a uuid; created_by_admin_id is any token `sub`). */
const HISTORY_SQL = `
  SELECT h.status, h.notes, h.actor_type AS "actorType", h.created_by_customer_id AS "createdByCustomerId",
    h.created_by_admin_id AS "createdByAdminId", c.full_name AS "customerName", a.full_name AS "adminName",
    h.created_at AS "createdAt"
  FROM order_status_history h
  LEFT JOIN users c ON c.id = h.created_by_customer_id
  LEFT JOIN admins a ON a.id::text = h.created_by_admin_id
  WHERE h.order_id = :orderId
  ORDER BY h.id`;

/**
 * The admin order reads (learning-commerce.md, "Endpoints → Orders": GET /api/admin/orders and
 * GET /api/admin/orders/:id), served through ORDER_ADMIN_VIEWS (ORDER_ADMIN_CACHE_TTL_SECONDS;
 * every order change bumps it through OrderCaches). The list is plain SQL (admin-order-list.sql.ts)
 * so that its search can use the trigram indexes.
 */
/** The most rows `pagination=false` returns. */
export const UNPAGINATED_LIMIT = 1_000;

@Service()
export class AdminOrdersService {
  constructor(
    private readonly db: Database,
    @Inject(ORDER_ADMIN_VIEWS) private readonly cache: VersionedViews,
  ) {}

  async list(query: AdminOrderQueryDto): Promise<Page<OrderAdminListItemView>> {
    const filter: AdminOrderFilter = {
      status: query.status,
      paymentMethod: query.paymentMethod,
      paymentStatus: query.paymentStatus,
      orderType: query.orderType,
      refundStatus: query.refundStatus,
      refundOwed: query.refundOwed,
      search: query.search || undefined,
    };
    const sort = query.sort as AdminOrderSort;
    // pagination=false answers at most UNPAGINATED_LIMIT rows (count still says how many match):
    // an unbounded answer over a million orders would exhaust the app's memory and the cache.
    const window = query.pagination === false ? { limit: UNPAGINATED_LIMIT, offset: 0 } : pageWindow(query);
    const name = `list:${JSON.stringify([filter, sort, query.order, query.pagination, query.page, query.size])}`;
    return this.cache.read(ALL_OWNERS, name, async () => {
      const rows = await this.select<AdminOrderRow>(adminOrderListQuery(filter, { sort, order: query.order, ...window }));
      return toPage(rows.map(toAdminListItem), await this.count(filter, rows.length, window), query);
    });
  }

  async get(orderId: number): Promise<OrderAdminDetailView> {
    if (!isRowId(orderId)) throw AdminOrderNotFound();
    // A miss is cached too (null): any new order bumps the cache version, so it cannot hide one.
    const view = await this.cache.read(ALL_OWNERS, `detail:${orderId}`, () => this.load(orderId));
    if (!view) throw AdminOrderNotFound();
    return view;
  }

  private async load(orderId: number): Promise<OrderAdminDetailView | null> {
    const [order] = await this.select<AdminOrderDetailRow>({ sql: DETAIL_SQL, replacements: { orderId } });
    if (!order) return null;
    const [items, history, notes, payments] = await Promise.all([
      OrderItemModel.findAll({ where: { orderId }, order: [['id', 'ASC']] }),
      this.select<AdminHistoryRow>({ sql: HISTORY_SQL, replacements: { orderId } }),
      OrderNoteModel.findAll({ where: { orderId }, order: [['id', 'ASC']] }),
      PaymentModel.findAll({ where: { orderId }, order: [['id', 'ASC']] }),
    ]);
    return toAdminDetail(order, items, history, notes, payments);
  }

  /**
   * How many orders match. The page's rows tell it when they end the result (not full, or an
   * empty first page): one query instead of two. Otherwise it is counted once per filter and
   * cache version, and shared by every page, sort and size of that filter: paging through a
   * million unfiltered orders does not count them again for each page.
   */
  private async count(filter: AdminOrderFilter, returned: number, window: { limit?: number; offset?: number }): Promise<number> {
    const offset = window.offset ?? 0;
    if (window.limit === undefined || (returned > 0 && returned < window.limit) || (offset === 0 && returned === 0)) {
      return offset + returned;
    }
    return this.cache.read(ALL_OWNERS, `count:${JSON.stringify(filter)}`, async () => {
      const [row] = await this.select<{ count: number }>(adminOrderCountQuery(filter));
      return row.count;
    });
  }

  private async select<T>(query: AdminOrderSql): Promise<T[]> {
    const [rows] = await this.db.sequelize.query(query.sql, { replacements: query.replacements });
    return rows as T[];
  }
}
