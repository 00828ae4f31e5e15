import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database, OrderActorType, preparedStatement, OrderItemModel, OrderModel, OrderSource, OrderType, PaymentGateway, PaymentModel, Transaction } from '@platform/db';
import type { OrderLineDraft } from './order-writer.service';

/** One order line as it is written: its monetary snapshot and its share of the discount. */
export interface PlacedOrderLine extends OrderLineDraft {
  discountPaisa: number;
  lineTotalPaisa: number;
}

/** A new order in payment_pending, final totals included, with what is written along with it. */
export interface PlacedOrderRows {
  /** A pre-allocated id (nextOrderId), or null for the sequence's next one. */
  id: number | null;
  orderNumber: string;
  userId: string;
  type: OrderType;
  source: OrderSource;
  mrpTotalPaisa: number;
  subtotalPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
  promotionId: number | null;
  promotionCode: string | null;
  cartId: number | null;
  gateway: PaymentGateway;
  returnUrl: string;
  lines: PlacedOrderLine[];
  /** The two history rows' notes: `created`, then `payment_pending`. */
  historyNotes: [string, string];
  actor: { actorType: OrderActorType; createdByCustomerId: string | null; createdByAdminId: string | null };
  /** The payment row's gateway transaction id, or null for a free order (no payment row). */
  paymentTransactionId: string | null;
  at: Date;
}

/** The written rows as model instances. */
export interface PlacedOrder {
  order: OrderModel;
  /** In line order. */
  items: OrderItemModel[];
  /** Null for a free order. */
  payment: PaymentModel | null;
}

interface PlacedOrderIds {
  orderId: number;
  /** In line order. */
  itemIds: number[];
  paymentId: number | null;
}

/**
 * The order, its items, its two history rows and its payment in one statement (one round trip
 * instead of a savepoint and four model inserts). An order number that is taken already writes
 * nothing and answers null, so the caller draws another number without a savepoint.
 */
const INSERT_PLACED_ORDER = preparedStatement(
  'insert-placed-order',
  `
WITH new_order AS (
  INSERT INTO orders (id, order_number, user_id, type, source, payment_method, status, mrp_total_paisa, subtotal_paisa,
                      discount_paisa, total_paisa, promotion_id, promotion_code, cart_id, gateway, return_url, created_at, updated_at)
  VALUES (COALESCE(:id, nextval(pg_get_serial_sequence('orders', 'id'))::integer), :orderNumber, :userId, :type, :source,
          'online', 'payment_pending', :mrpTotalPaisa, :subtotalPaisa, :discountPaisa, :totalPaisa, :promotionId,
          :promotionCode, :cartId, :gateway, :returnUrl, :at, :at)
  ON CONFLICT (order_number) DO NOTHING
  RETURNING id
), new_items AS (
  INSERT INTO order_items (order_id, product_id, product_type, title, unit_mrp_paisa, unit_sp_paisa, quantity, discount_paisa,
                           line_total_paisa, created_at)
  SELECT new_order.id, line.product_id, line.product_type, line.title, line.unit_mrp_paisa, line.unit_sp_paisa, line.quantity,
         line.discount_paisa, line.line_total_paisa, :at
  FROM new_order,
       unnest(:productIds, :productTypes, :titles, :unitMrpPaisa, :unitSpPaisa,
              :quantities, :discounts, :lineTotals)
         WITH ORDINALITY AS line(product_id, product_type, title, unit_mrp_paisa, unit_sp_paisa, quantity, discount_paisa, line_total_paisa, n)
  ORDER BY line.n
  RETURNING id
), new_history AS (
  INSERT INTO order_status_history (order_id, status, notes, actor_type, created_by_customer_id, created_by_admin_id, created_at)
  SELECT new_order.id, step.status, step.notes, :actorType, :customerId, :adminId, :at
  FROM new_order, (VALUES (1, 'created', :createdNotes), (2, 'payment_pending', :pendingNotes)) AS step(n, status, notes)
  ORDER BY step.n
), new_payment AS (
  INSERT INTO payments (order_id, gateway, status, amount_paisa, gateway_transaction_id, verification_attempts, created_at, updated_at)
  SELECT new_order.id, :gateway, 'initiated', :totalPaisa, :paymentTransactionId, 0, :at, :at
  FROM new_order WHERE :paymentTransactionId IS NOT NULL
  RETURNING id
)
SELECT new_order.id AS "orderId",
       (SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM new_items) AS "itemIds",
       (SELECT id FROM new_payment) AS "paymentId"
FROM new_order`,
  {
    id: 'integer',
    orderNumber: 'text',
    userId: 'uuid',
    type: 'text',
    source: 'text',
    mrpTotalPaisa: 'integer',
    subtotalPaisa: 'integer',
    discountPaisa: 'integer',
    totalPaisa: 'integer',
    promotionId: 'integer',
    promotionCode: 'text',
    cartId: 'integer',
    gateway: 'text',
    returnUrl: 'text',
    at: 'timestamptz',
    productIds: 'integer[]',
    productTypes: 'text[]',
    titles: 'text[]',
    unitMrpPaisa: 'integer[]',
    unitSpPaisa: 'integer[]',
    quantities: 'integer[]',
    discounts: 'integer[]',
    lineTotals: 'integer[]',
    actorType: 'text',
    customerId: 'uuid',
    adminId: 'text',
    createdNotes: 'text',
    pendingNotes: 'text',
    paymentTransactionId: 'text',
  },
);

/** The SQL that writes a placed order (OrderWriter decides what; migrations 0004, 0006, 0013 say what is allowed). */
@Service()
export class PlacedOrderRepository {
  constructor(private readonly db: Database) {}

  /** An order id drawn ahead of the insert, for what must name the order before it is written (a code's use). */
  async nextOrderId(tx: Transaction): Promise<number> {
    const [row] = await this.db.sequelize.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::integer AS id`, {
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return row.id;
  }

  /** The new rows, or null when the order number is taken (nothing was written). */
  async insert(rows: PlacedOrderRows, tx: Transaction): Promise<PlacedOrder | null> {
    const { lines, actor, historyNotes } = rows;
    const [written] = await this.db.preparedIn<PlacedOrderIds>(tx, INSERT_PLACED_ORDER, {
      ...rows,
      productIds: lines.map((line) => line.productId),
      productTypes: lines.map((line) => line.productType),
      titles: lines.map((line) => line.title),
      unitMrpPaisa: lines.map((line) => line.unitMrpPaisa),
      unitSpPaisa: lines.map((line) => line.unitSpPaisa),
      quantities: lines.map((line) => line.quantity),
      discounts: lines.map((line) => line.discountPaisa),
      lineTotals: lines.map((line) => line.lineTotalPaisa),
      actorType: actor.actorType,
      customerId: actor.createdByCustomerId,
      adminId: actor.createdByAdminId,
      createdNotes: historyNotes[0],
      pendingNotes: historyNotes[1],
    });
    return written ? placedOrder(rows, written) : null;
  }
}

/** The written rows as model instances, as a read of them would give (no second round trip). */
function placedOrder(rows: PlacedOrderRows, ids: PlacedOrderIds): PlacedOrder {
  const loaded = { isNewRecord: false, raw: true };
  const order = OrderModel.build(
    {
      id: ids.orderId,
      orderNumber: rows.orderNumber,
      userId: rows.userId,
      type: rows.type,
      source: rows.source,
      paymentMethod: 'online',
      status: 'payment_pending',
      refundStatus: null,
      mrpTotalPaisa: rows.mrpTotalPaisa,
      subtotalPaisa: rows.subtotalPaisa,
      discountPaisa: rows.discountPaisa,
      totalPaisa: rows.totalPaisa,
      promotionId: rows.promotionId,
      promotionCode: rows.promotionCode,
      cartId: rows.cartId,
      gateway: rows.gateway,
      returnUrl: rows.returnUrl,
      paidAt: null,
      cancelledAt: null,
      cancellationReason: null,
      cancelledByActorType: null,
      refundReason: null,
      refundRemarks: null,
      refundAdminRemarks: null,
      refundAmountPaisa: null,
      refundRequestedAt: null,
      refundProcessedAt: null,
      createdAt: rows.at,
      updatedAt: rows.at,
    },
    loaded,
  );
  const items = rows.lines.map((line, index) => OrderItemModel.build({ id: ids.itemIds[index], orderId: ids.orderId, ...line, createdAt: rows.at }, loaded));
  if (ids.paymentId === null || rows.paymentTransactionId === null) return { order, items, payment: null };
  const payment = PaymentModel.build(
    {
      id: ids.paymentId,
      orderId: ids.orderId,
      gateway: rows.gateway,
      status: 'initiated',
      amountPaisa: rows.totalPaisa,
      gatewayTransactionId: rows.paymentTransactionId,
      gatewayReference: null,
      verificationAttempts: 0,
      lastVerificationError: null,
      completedAt: null,
      refundOwedAt: null,
      refundSettledAt: null,
      createdAt: rows.at,
      updatedAt: rows.at,
    },
    loaded,
  );
  return { order, items, payment };
}
