import { randomBytes } from 'node:crypto';
import { OrderItemModel, OrderModel, OrderStatus, ProductModel } from '@platform/db';

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
    paidAt: status === 'paid' ? new Date() : null,
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
