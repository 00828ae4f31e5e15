import { Inject, Service } from 'typedi';
import { Database, Op, OrderItemModel, OrderModel, OrderStatus, OrderStatusHistoryModel, PaymentModel, WhereOptions } from '@platform/db';
import type { CustomerActor, Page, VersionedViews } from '../../shared';
import { isRowId, pageWindow, toPage } from '../../shared';
import type { CustomerOrderQueryDto, CustomerOrderSort } from './dto/customer-order-query.dto';
import { CustomerOrderNotFound } from './order-reads.errors';
import { ORDER_HISTORY_VIEWS } from './order-caches.service';
import { OrderDetailView, OrderListItemView, toOrderDetail, toOrderListItem } from './customer-order.views';

/** The owner is part of every filter: a query without it does not type-check. */
type OwnedOrderFilter = WhereOptions<OrderModel> & { userId: string };

/**
 * The customer's own orders (learning-commerce.md, "Endpoints → Orders": GET /api/orders and
 * GET /api/orders/:id), served through ORDER_HISTORY_VIEWS. Another customer's order is not found.
 */
@Service()
export class CustomerOrdersService {
  constructor(
    private readonly db: Database,
    @Inject(ORDER_HISTORY_VIEWS) private readonly cache: VersionedViews,
  ) {}

  async list(actor: CustomerActor, query: CustomerOrderQueryDto): Promise<Page<OrderListItemView>> {
    const sort = query.sort as CustomerOrderSort;
    const name = `list:${query.status ?? '*'}:${sort}:${query.order}:${query.pagination}:${query.page}:${query.size}`;
    return this.cache.read(actor.id, name, async () => {
      const where: OwnedOrderFilter = { userId: actor.id };
      if (query.status) where.status = query.status as OrderStatus;
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      const { rows, count } = await OrderModel.findAndCountAll({
        where,
        // The id breaks ties so that pages never overlap or skip an order.
        order: [
          [sort, direction],
          ['id', direction],
        ],
        ...pageWindow(query),
      });
      const counts = await this.itemCounts(rows.map((order) => order.id));
      return toPage(
        rows.map((order) => toOrderListItem(order, counts.get(order.id) ?? 0)),
        count,
        query,
      );
    });
  }

  async get(actor: CustomerActor, orderId: number): Promise<OrderDetailView> {
    if (!isRowId(orderId)) throw CustomerOrderNotFound();
    const view = await this.cache.read(actor.id, `detail:${orderId}`, () => this.load({ userId: actor.id, id: orderId }));
    if (!view) throw CustomerOrderNotFound();
    return view;
  }

  /** Null (cached like a view, so repeated probes of an id stay cheap) when the order is not the caller's. */
  private async load(filter: OwnedOrderFilter): Promise<OrderDetailView | null> {
    const order = await OrderModel.findOne({ where: filter });
    if (!order) return null;
    const [items, history, payments] = await Promise.all([
      OrderItemModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] }),
      OrderStatusHistoryModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] }),
      PaymentModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] }),
    ]);
    return toOrderDetail(order, items, history, payments);
  }

  /** Lines per order, in one grouped query. */
  private async itemCounts(orderIds: number[]): Promise<Map<number, number>> {
    if (orderIds.length === 0) return new Map();
    const { sequelize } = this.db;
    const rows = (await OrderItemModel.findAll({
      attributes: ['orderId', [sequelize.fn('COUNT', sequelize.col('id')), 'count']],
      where: { orderId: { [Op.in]: orderIds } },
      group: [sequelize.col('order_id')],
      raw: true,
    })) as unknown as Array<{ orderId: number; count: string | number }>;
    return new Map(rows.map((row) => [row.orderId, Number(row.count)]));
  }
}
