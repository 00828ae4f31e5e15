import { Inject, Service } from 'typedi';
import { Database, OrderItemModel, OrderModel, OrderStatusHistoryModel, PaymentModel, WhereOptions } from '@platform/db';
import type { CustomerActor, Page, VersionedViews } from '../../shared';
import { isRowId, pageWindow, toPage } from '../../shared';
import type { CustomerOrderQueryDto, CustomerOrderSort } from './dto/customer-order-query.dto';
import { CustomerOrderNotFound } from './order-reads.errors';
import { CustomerOrderListRow, customerOrderListStatement } from './customer-order-list.sql';
import { ORDER_HISTORY_VIEWS } from './order-caches.service';
import { OrderDetailView, OrderListItemView, toOrderDetail, toOrderListItem } from './customer-order.views';

const listViewName = (query: CustomerOrderQueryDto) =>
  `list:${query.status ?? '*'}:${query.sort}:${query.order}:${query.pagination}:${query.page}:${query.size}`;

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

  /** A page of the caller's orders as finished JSON (a serialised Page): GET /api/orders sends it as it is. */
  async listJson(actor: CustomerActor, query: CustomerOrderQueryDto): Promise<Buffer> {
    const view = await this.cache.readSerialized(actor.id, listViewName(query), async () => ({ value: await this.loadList(actor, query), tag: '' }));
    return view.json;
  }

  private async loadList(actor: CustomerActor, query: CustomerOrderQueryDto): Promise<Page<OrderListItemView>> {
    const window = pageWindow(query);
    const statement = customerOrderListStatement(query.sort as CustomerOrderSort, query.order === 'asc' ? 'ASC' : 'DESC');
    const rows = await this.db.prepared<CustomerOrderListRow>(statement, {
      userId: actor.id,
      status: query.status ?? null,
      limit: window.limit ?? null,
      offset: window.offset ?? 0,
    });
    const orders = rows.filter((row) => row.id !== null);
    return toPage(
      orders.map((row) => toOrderListItem(row, row.itemCount)),
      rows[0]?.total ?? 0,
      query,
    );
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
}
