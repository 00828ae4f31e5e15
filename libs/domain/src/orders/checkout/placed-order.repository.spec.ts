import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, OrderItemModel, OrderModel, OrderStatusHistoryModel, PaymentModel } from '@platform/db';
import { createCourse, createCustomer, createDigitalBook, testContainer } from '@platform/testing';
import { newOrderNumber } from './order-number';
import { PlacedOrderRepository, PlacedOrderRows } from './placed-order.repository';

describe(PlacedOrderRepository.name, () => {
  let container: ContainerInstance;
  let db: Database;
  let repository: PlacedOrderRepository;

  before(async () => {
    container = await testContainer('placed-order-repository-spec');
    db = container.get(Database);
    repository = container.get(PlacedOrderRepository);
  });

  async function rowsFor(overrides: Partial<PlacedOrderRows> = {}): Promise<PlacedOrderRows> {
    const customer = await createCustomer(container);
    const [{ product: course }, { product: book }] = [await createCourse(), await createDigitalBook()];
    const line = (product: typeof course, discountPaisa: number) => ({
      productId: product.id,
      productType: product.type as 'course' | 'digital_book',
      title: product.title,
      unitMrpPaisa: product.mrpPaisa,
      unitSpPaisa: product.spPaisa,
      quantity: 1,
      discountPaisa,
      lineTotalPaisa: product.spPaisa - discountPaisa,
    });
    const lines = [line(course, 100), line(book, 0)];
    const subtotal = course.spPaisa + book.spPaisa;
    return {
      id: null,
      orderNumber: newOrderNumber(new Date()),
      userId: customer.id,
      type: 'digital',
      source: 'checkout',
      mrpTotalPaisa: course.mrpPaisa + book.mrpPaisa,
      subtotalPaisa: subtotal,
      discountPaisa: 100,
      totalPaisa: subtotal - 100,
      promotionId: null,
      promotionCode: null,
      cartId: null,
      gateway: 'esewa',
      returnUrl: 'https://shop.example.com/orders',
      lines,
      historyNotes: ['Order placed (checkout)', 'Payment initiated with esewa'],
      actor: { actorType: 'customer', createdByCustomerId: customer.id, createdByAdminId: null },
      paymentTransactionId: randomUUID(),
      at: new Date(),
      ...overrides,
    };
  }

  it('writes the order, its items in line order, the two history rows and the payment, answering them as stored', async () => {
    const rows = await rowsFor();
    const placed = await db.transaction((tx) => repository.insert(rows, tx));
    if (!placed) throw new Error('expected the order to be written');

    const order = await OrderModel.findByPk(placed.order.id, { raw: true });
    expect(order).to.deep.equal(placed.order.get({ plain: true }));
    const items = await OrderItemModel.findAll({ where: { orderId: placed.order.id }, order: [['id', 'ASC']], raw: true });
    expect(items).to.deep.equal(placed.items.map((item) => item.get({ plain: true })));
    expect(items.map((item) => item.productId)).to.deep.equal(rows.lines.map((line) => line.productId));
    const payment = await PaymentModel.findByPk(placed.payment?.id, { raw: true });
    expect(payment).to.deep.equal(placed.payment?.get({ plain: true }));
    const history = await OrderStatusHistoryModel.findAll({ where: { orderId: placed.order.id }, order: [['id', 'ASC']] });
    expect(history.map((row) => [row.status, row.notes])).to.deep.equal([
      ['created', 'Order placed (checkout)'],
      ['payment_pending', 'Payment initiated with esewa'],
    ]);
  });

  it('writes nothing and answers null when the order number is taken, so the caller draws another', async () => {
    const first = await rowsFor();
    await db.transaction((tx) => repository.insert(first, tx));
    const second = await rowsFor({ orderNumber: first.orderNumber });
    const placed = await db.transaction((tx) => repository.insert(second, tx));
    expect(placed).to.equal(null);
    expect(await OrderModel.count({ where: { userId: second.userId } })).to.equal(0);
  });

  it('writes no payment for a free order', async () => {
    const rows = await rowsFor({ paymentTransactionId: null });
    const placed = await db.transaction((tx) => repository.insert(rows, tx));
    expect(placed?.payment).to.equal(null);
    expect(await PaymentModel.count({ where: { orderId: placed?.order.id } })).to.equal(0);
  });
});
