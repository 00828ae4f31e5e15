import { randomBytes } from 'node:crypto';
import { OrderItemModel, OrderModel, OrderStatus, ProductModel, RefundStatus } from '@platform/db';

const REFUND_STATES: Partial<Record<OrderStatus, RefundStatus>> = {
  refund_requested: 'requested',
  refund_pending: 'pending',
  refund_approved: 'approved',
  refund_rejected: 'rejected',
};

/** The columns the schema's CHECKs tie to a status, filled as the real transitions would. */
function consistentFields(status: OrderStatus, totalPaisa: number): Partial<OrderModel> {
  const now = new Date();
  const refundStatus = REFUND_STATES[status] ?? null;
  return {
    paidAt: status === 'paid' || refundStatus ? now : null,
    cancelledAt: status === 'cancelled' ? now : null,
    refundStatus,
    refundReason: refundStatus ? 'Test refund' : null,
    refundRequestedAt: refundStatus ? now : null,
    refundProcessedAt: refundStatus === 'approved' || refundStatus === 'rejected' ? now : null,
    refundAmountPaisa: refundStatus === 'approved' ? totalPaisa : null,
  };
}

/**
 * An order written straight to the database (no gateway), for specs that need a real order row:
 * one line per product at its current price, no discount.
 */
export async function createOrder(
  userId: string,
  products: ProductModel[],
  options: { status?: OrderStatus; source?: OrderModel['source'] } = {},
): Promise<OrderModel> {
  const mrp = products.reduce((sum, product) => sum + product.mrpPaisa, 0);
  const subtotal = products.reduce((sum, product) => sum + product.spPaisa, 0);
  const status = options.status ?? 'payment_pending';
  const order = await OrderModel.create({
    orderNumber: `TEST-${randomBytes(6).toString('hex').toUpperCase()}`,
    userId,
    type: products.some((product) => product.type === 'training') ? 'training' : 'digital',
    source: options.source ?? 'buy_now',
    paymentMethod: 'online',
    status,
    mrpTotalPaisa: mrp,
    subtotalPaisa: subtotal,
    discountPaisa: 0,
    totalPaisa: subtotal,
    ...consistentFields(status, subtotal),
  });
  await OrderItemModel.bulkCreate(
    products.map((product) => ({
      orderId: order.id,
      productId: product.id,
      productType: product.type,
      title: product.title,
      unitMrpPaisa: product.mrpPaisa,
      unitSpPaisa: product.spPaisa,
      quantity: 1,
      discountPaisa: 0,
      lineTotalPaisa: product.spPaisa,
    })),
  );
  return order;
}

/**
 * Writes an order's status (and the columns given with it) straight to its row, with none of a
 * transition's history row, events, fulfilment or cache invalidation, under the flag only
 * OrderTransitionService sets otherwise (migration 0013; the legal-move check still applies). For
 * specs that need a bare state change (a cache that must not see it yet, an order closed behind
 * a flow's back); anything that should behave like the product moves orders with
 * OrderTransitionService.
 */
export async function forceOrderStatus(orderId: number, changes: Partial<OrderModel> & { status: OrderStatus }): Promise<void> {
  const sequelize = OrderModel.sequelize;
  if (!sequelize) throw new Error('OrderModel is not initialised');
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(`SELECT set_config('app.order_transition', 'on', true)`, { transaction });
    await OrderModel.update(changes, { where: { id: orderId }, transaction });
  });
}
