import {
  CartItemModel,
  CartModel,
  IdempotencyKeyModel,
  OrderStatusHistoryModel,
  PaymentModel,
} from '../models';
import { createCourse, createCustomer, createDigitalBook, createOrder, createTrainingProduct, testContainer } from '@platform/testing';
import { refused } from './constraint-refusal.test-helper';

/** The commerce schema refuses illegal states by itself, whatever the code above it does. */
describe('0004-commerce constraints', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000);
  const customer = async () => createCustomer(await testContainer('schema-spec'));

  it('allows one active cart per user, any number of completed ones', async () => {
    const { id: userId } = await customer();
    await CartModel.create({ userId, status: 'completed', expiresAt: inAnHour() });
    await CartModel.create({ userId, status: 'active', expiresAt: inAnHour() });
    await refused(() => CartModel.create({ userId, status: 'active', expiresAt: inAnHour() }), /carts_one_active_per_user/);
  });

  it('refuses a discount without a promotion code', async () => {
    const { id: userId } = await customer();
    await refused(() => CartModel.create({ userId, expiresAt: inAnHour(), appliedDiscountPaisa: 100 }), /carts_discount_needs_code/);
  });

  it('takes only course and digital_book products in a cart, each once, priced sp ≤ mrp', async () => {
    const { id: userId } = await customer();
    const cart = await CartModel.create({ userId, expiresAt: inAnHour() });
    const [{ product: course }, { product: book }, training] = await Promise.all([createCourse(), createDigitalBook(), createTrainingProduct()]);
    const line = (product: typeof course, overrides = {}) => ({
      cartId: cart.id, productId: product.id, productType: product.type, unitMrpPaisa: 100, unitSpPaisa: 90, quantity: 1, ...overrides,
    });
    await CartItemModel.create(line(course));
    await CartItemModel.create(line(book));
    await refused(() => CartItemModel.create(line(course)), /cart_items_product_once/);
    await refused(() => CartItemModel.create(line(training)), /cart_items_product_type_check/);
    const { product: otherBook } = await createDigitalBook();
    await refused(() => CartItemModel.create(line(otherBook, { productType: 'course' })), /cart_items_product_fk/);
    const { product: other } = await createCourse();
    await refused(() => CartItemModel.create(line(other, { unitSpPaisa: 101 })), /cart_items_sp_not_above_mrp/);
  });

  it('keeps an order total equal to subtotal minus discount', async () => {
    const { id: userId } = await customer();
    const { product } = await createCourse();
    const order = await createOrder(userId, [product]);
    await refused(() => order.update({ totalPaisa: order.totalPaisa - 1 }), /orders_total_is_subtotal_less_discount/);
  });

  it('keeps status history append-only', async () => {
    const { id: userId } = await customer();
    const { product } = await createCourse();
    const order = await createOrder(userId, [product]);
    const entry = await OrderStatusHistoryModel.create({ orderId: order.id, status: 'payment_pending', actorType: 'system' });
    await refused(() => entry.update({ status: 'paid' }), /append-only/);
    await refused(() => entry.destroy(), /append-only/);
  });

  it('pays an order at most once and a gateway transaction once', async () => {
    const { id: userId } = await customer();
    const { product } = await createCourse();
    const order = await createOrder(userId, [product]);
    const payment = (id: string, status: 'completed' | 'initiated') => ({
      orderId: order.id, gateway: 'esewa', status, amountPaisa: order.totalPaisa, gatewayTransactionId: id, completedAt: status === 'completed' ? new Date() : null,
    });
    await PaymentModel.create(payment(`tx-${order.id}-a`, 'completed'));
    await refused(() => PaymentModel.create(payment(`tx-${order.id}-b`, 'completed')), /payments_one_completed_per_order/);
    await refused(() => PaymentModel.create(payment(`tx-${order.id}-a`, 'initiated')), /payments_gateway_transaction_key/);
  });

  it('holds an Idempotency-Key once per user and scope', async () => {
    const { id: userId } = await customer();
    const row = { actorType: 'customer', userId, scope: 'checkout', key: 'k-1', requestHash: 'h' };
    await IdempotencyKeyModel.create(row);
    await IdempotencyKeyModel.create({ ...row, scope: 'buy_now' });
    await refused(() => IdempotencyKeyModel.create(row), /idempotency_keys_scope_key/);
  });
});
