import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { OrderModel, OrderStatus, PaymentModel, ProductModel, UserModel } from '@platform/db';
import { OrderCaches } from '@platform/domain';
import { buildTestApp, createCourse, createDigitalBook, createOrder, createTrainingProduct, forceOrderStatus, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';
import { adminBearer, insertCustomer, stamp, TaggedCustomer } from './admin-orders.test-helper';

const BASE = '/api/admin/orders';

/**
 * learning-commerce.md, "Endpoints → Orders": GET /api/admin/orders (admin list query), "Limits".
 * Other test files write orders into the same database, so every test searches for its own
 * customers' tag (the search is itself under test) and compares exact id lists.
 */
describe('Admin order list (admin-api)', () => {
  let api: TestApp;
  let course: ProductModel;
  let book: ProductModel;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    course = (await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000 })).product;
    book = (await createDigitalBook({ mrpPaisa: 3_000, spPaisa: 2_500 })).product;
  });

  const list = (query: string) => api.http.get(`${BASE}${query}`).set('Authorization', adminBearer(api.app.container));
  const ids = (body: { data: Array<{ id: number }> }) => body.data.map((order) => order.id);
  const idsOf = async (query: string) => ids((await list(query).expect(200)).body);
  const orderFor = (customer: TaggedCustomer, status: OrderStatus = 'payment_pending', products = [course]) =>
    createOrder(customer.id, products, { status });

  it('shows each order with its customer, totals in paisa, derived payment status, item count and refundOwed', async () => {
    const customer = await insertCustomer('Sita');
    const order = await createOrder(customer.id, [course, book], { status: 'paid', source: 'checkout' });
    await OrderModel.update({ gateway: 'esewa' }, { where: { id: order.id } });
    await stamp(api.app.container, order, '2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z');

    const res = await list(`?search=${customer.tag}`).expect(200);
    expect(res.body).to.include({ message: 'Success', count: 1, page: 1, size: 20 });
    const fresh = await OrderModel.findByPk(order.id, { rejectOnEmpty: true });
    expect(res.body.data).to.deep.equal([
      {
        id: order.id,
        orderNumber: order.orderNumber,
        status: 'paid',
        paymentStatus: 'completed',
        paymentMethod: 'online',
        orderType: 'digital',
        source: 'checkout',
        refundStatus: null,
        subtotalPaisa: 10_500,
        discountPaisa: 0,
        orderTotalPaisa: 10_500,
        gateway: 'esewa',
        itemCount: 2,
        customer: { id: customer.id, fullName: customer.fullName, email: customer.email, phone: customer.phone },
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-02T00:00:00.000Z',
        paidAt: fresh.paidAt?.toISOString(),
        cancelledAt: null,
        refundOwed: false,
      },
    ]);
  });

  it('flags refundOwed while a completed payment of the order is owed back and not settled', async () => {
    const customer = await insertCustomer();
    const [owed, settled, none] = [await orderFor(customer, 'cancelled'), await orderFor(customer, 'cancelled'), await orderFor(customer, 'cancelled')];
    const payment = (orderId: number, settledAt: Date | null) =>
      PaymentModel.create({
        orderId,
        gateway: 'khalti',
        status: 'completed',
        amountPaisa: 8_000,
        gatewayTransactionId: `pidx-${randomUUID()}`,
        completedAt: new Date(),
        refundOwedAt: new Date(),
        refundSettledAt: settledAt,
      });
    await payment(owed.id, null);
    await payment(settled.id, new Date());
    const res = await list(`?search=${customer.tag}&pagination=false`).expect(200);
    const flags = Object.fromEntries(res.body.data.map((o: { id: number; refundOwed: boolean }) => [o.id, o.refundOwed]));
    expect(flags).to.deep.equal({ [owed.id]: true, [settled.id]: false, [none.id]: false });
  });

  describe('search', () => {
    let customer: TaggedCustomer;
    let order: OrderModel;

    before(async () => {
      customer = await insertCustomer('Hari');
      order = await orderFor(customer);
      // Another customer's order, which no search below may find.
      await orderFor(await insertCustomer('Gita'));
    });

    it('finds an order by a fragment of its order number, in any case', async () => {
      const fragment = order.orderNumber.slice(6, 14);
      expect(await idsOf(`?search=${fragment.toLowerCase()}`)).to.deep.equal([order.id]);
      expect(await idsOf(`?search=${encodeURIComponent(order.orderNumber)}`)).to.deep.equal([order.id]);
    });

    it("finds orders by a fragment of the customer's full name, in any case", async () => {
      expect(await idsOf(`?search=${encodeURIComponent(`zq${customer.tag} shre`)}`)).to.deep.equal([order.id]);
      expect(await idsOf(`?search=${encodeURIComponent(`Hari ZQ${customer.tag.toUpperCase()}`)}`)).to.deep.equal([order.id]);
    });

    it("finds orders by a fragment of the customer's email, in any case", async () => {
      expect(await idsOf(`?search=${encodeURIComponent(`BUYER.${customer.tag.toUpperCase()}@EXAMPLE`)}`)).to.deep.equal([order.id]);
    });

    it("finds orders by a fragment of the customer's phone", async () => {
      expect(await idsOf(`?search=${encodeURIComponent(customer.phone.slice(4))}`)).to.deep.equal([order.id]);
      expect(await idsOf(`?search=${encodeURIComponent(customer.phone)}`)).to.deep.equal([order.id]);
    });

    it('trims the search text, and a blank search filters nothing', async () => {
      expect(await idsOf(`?search=${encodeURIComponent(`  ${customer.tag}\t `)}`)).to.deep.equal([order.id]);
      const blank = await list(`?search=${encodeURIComponent('   ')}&size=100`).expect(200);
      expect(blank.body.count).to.be.at.least(2);
    });

    it('takes % and _ literally (no LIKE wildcards) and finds nothing for text no order has', async () => {
      const withWildcards = await insertCustomer('Ram');
      await UserModel.update({ fullName: `50%_off ${withWildcards.tag}` }, { where: { id: withWildcards.id } });
      const discounted = await orderFor(withWildcards);
      expect(await idsOf(`?search=${encodeURIComponent(`50%_off ${withWildcards.tag}`)}`)).to.deep.equal([discounted.id]);
      for (const search of [`${customer.tag}%`, `zq${customer.tag}_`, `5_%off ${withWildcards.tag}`, '%%%', `__${customer.tag}`]) {
        const res = await list(`?search=${encodeURIComponent(search)}`).expect(200);
        expect(res.body, search).to.include({ count: 0 });
        expect(res.body.data, search).to.deep.equal([]);
      }
    });

    it('matches a single character too (the search has no minimum beyond 1)', async () => {
      const res = await list(`?search=${customer.tag.slice(-1)}&size=1`).expect(200);
      expect(res.body.count).to.be.at.least(1);
    });
  });

  describe('filters', () => {
    let customer: TaggedCustomer;
    const byStatus = new Map<OrderStatus, number>();
    let training: OrderModel;

    before(async () => {
      customer = await insertCustomer('Maya');
      const statuses: OrderStatus[] = [
        'created',
        'payment_pending',
        'paid',
        'payment_failed',
        'cancelled',
        'refund_requested',
        'refund_pending',
        'refund_approved',
        'refund_rejected',
      ];
      for (const status of statuses) byStatus.set(status, (await orderFor(customer, status)).id);
      training = await createOrder(customer.id, [await createTrainingProduct()], { status: 'paid', source: 'training_enroll' });
    });

    const matching = (query: string) => idsOf(`?search=${customer.tag}&pagination=false&${query}`);
    const idsFor = (...statuses: OrderStatus[]) => statuses.map((status) => byStatus.get(status));

    it('filters by status', async () => {
      expect(await matching('status=refund_pending')).to.have.members(idsFor('refund_pending'));
      expect(await matching('status=paid')).to.have.members([...idsFor('paid'), training.id]);
    });

    it('filters by paymentStatus through the order states shown with it', async () => {
      expect(await matching('paymentStatus=pending')).to.have.members(idsFor('created', 'payment_pending'));
      expect(await matching('paymentStatus=failed')).to.have.members(idsFor('payment_failed', 'cancelled'));
      expect(await matching('paymentStatus=completed')).to.have.members([
        ...idsFor('paid', 'refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected'),
        training.id,
      ]);
    });

    it('filters by paymentMethod, orderType and refundStatus', async () => {
      expect(await matching('paymentMethod=online')).to.have.length(10);
      expect(await matching('orderType=training')).to.deep.equal([training.id]);
      expect(await matching('orderType=digital')).to.have.length(9);
      expect(await matching('refundStatus=requested')).to.have.members(idsFor('refund_requested'));
      expect(await matching('refundStatus=approved')).to.have.members(idsFor('refund_approved'));
      expect(await matching('refundStatus=rejected')).to.have.members(idsFor('refund_rejected'));
      expect(await matching('refundStatus=pending')).to.have.members(idsFor('refund_pending'));
    });

    it('combines filters with AND', async () => {
      expect(await matching('paymentStatus=completed&orderType=training')).to.deep.equal([training.id]);
      expect(await matching('paymentStatus=pending&status=paid')).to.deep.equal([]);
      expect(await matching('status=refund_approved&refundStatus=approved&orderType=digital')).to.have.members(idsFor('refund_approved'));
    });

    it('refuses unknown filter, sort and order values with 400 VALIDATION_ERROR', async () => {
      for (const query of [
        'status=shipped',
        'paymentMethod=cash',
        'paymentStatus=refunded',
        'orderType=physical',
        'refundStatus=done',
        'sort=totalPaisa',
        'order=up',
        'page=0',
        'size=0',
        'page=abc',
        'pagination=maybe',
        'status=paid&status=cancelled',
        `search=${'x'.repeat(201)}`,
        'search=a%00b',
      ]) {
        const res = await list(`?${query}`);
        expect(res.status, query).to.equal(400);
        expect(res.body.errorCode, query).to.equal('VALIDATION_ERROR');
      }
    });
  });

  describe('sorting and pages', () => {
    let customer: TaggedCustomer;
    let a: OrderModel;
    let b: OrderModel;
    let c: OrderModel;

    before(async () => {
      customer = await insertCustomer('Bikash');
      [a, b, c] = [await orderFor(customer), await orderFor(customer), await orderFor(customer)];
      await stamp(api.app.container, a, '2024-01-01T00:00:00Z', '2024-06-03T00:00:00Z');
      await stamp(api.app.container, b, '2024-01-02T00:00:00Z', '2024-06-01T00:00:00Z');
      await stamp(api.app.container, c, '2024-01-03T00:00:00Z', '2024-06-02T00:00:00Z');
    });

    const sorted = (query: string) => idsOf(`?search=${customer.tag}&${query}`);

    it('sorts by createdAt (default) or updatedAt, desc (default) or asc', async () => {
      expect(await sorted('')).to.deep.equal([c.id, b.id, a.id]);
      expect(await sorted('order=asc')).to.deep.equal([a.id, b.id, c.id]);
      expect(await sorted('sort=createdAt&order=desc')).to.deep.equal([c.id, b.id, a.id]);
      expect(await sorted('sort=updatedAt')).to.deep.equal([a.id, c.id, b.id]);
      expect(await sorted('sort=updatedAt&order=asc')).to.deep.equal([b.id, c.id, a.id]);
    });

    it('breaks ties by id in the direction of the sort', async () => {
      const tied = await insertCustomer('Tie');
      const orders = [await orderFor(tied), await orderFor(tied), await orderFor(tied)];
      for (const order of orders) await stamp(api.app.container, order, '2024-02-02T00:00:00Z');
      const ascending = orders.map((order) => order.id).sort((x, y) => x - y);
      expect(await idsOf(`?search=${tied.tag}`)).to.deep.equal([...ascending].reverse());
      expect(await idsOf(`?search=${tied.tag}&order=asc&sort=updatedAt`)).to.deep.equal(ascending);
      // Pages of one: no order is skipped or shown twice.
      const paged = [];
      for (let page = 1; page <= 3; page += 1) paged.push(...(await idsOf(`?search=${tied.tag}&size=1&page=${page}`)));
      expect(paged).to.deep.equal([...ascending].reverse());
    });

    it('pages with page and size, counts every match, and returns all of them with pagination=false', async () => {
      const first = await list(`?search=${customer.tag}&size=2`).expect(200);
      expect(first.body).to.include({ count: 3, page: 1, size: 2 });
      expect(ids(first.body)).to.deep.equal([c.id, b.id]);
      const second = await list(`?search=${customer.tag}&size=2&page=2`).expect(200);
      expect(second.body).to.include({ count: 3, page: 2, size: 2 });
      expect(ids(second.body)).to.deep.equal([a.id]);
      const beyond = await list(`?search=${customer.tag}&size=2&page=5`).expect(200);
      expect(beyond.body).to.include({ count: 3, page: 5, size: 2 });
      expect(beyond.body.data).to.deep.equal([]);
      const all = await list(`?search=${customer.tag}&size=1&pagination=false`).expect(200);
      expect(all.body).to.include({ count: 3, page: 1, size: 3 });
      expect(ids(all.body)).to.deep.equal([c.id, b.id, a.id]);
    });

    it('answers at most 1,000 orders with pagination=false, and counts every match', async function () {
      this.timeout(20_000);
      const many = await insertCustomer();
      await OrderModel.sequelize!.query(
        `INSERT INTO orders (order_number, user_id, type, source, mrp_total_paisa, subtotal_paisa, total_paisa)
         SELECT 'CAP-' || :tag || '-' || n, :userId, 'digital', 'checkout', 100, 100, 100 FROM generate_series(1, 1001) AS n`,
        { replacements: { tag: many.tag.toUpperCase(), userId: many.id } },
      );
      const res = await list(`?search=${many.tag}&pagination=false`).expect(200);
      expect(res.body.count).to.equal(1001);
      expect(res.body.data).to.have.length(1000);
    });

    it('caps size at 100 instead of refusing it', async () => {
      const res = await list(`?search=${customer.tag}&size=500`).expect(200);
      expect(res.body).to.include({ count: 3, page: 1, size: 100 });
      expect(ids(res.body)).to.have.length(3);
    });
  });

  describe('cache', () => {
    it('serves list pages from the cache until OrderCaches.invalidate, then shows the change at once', async () => {
      const customer = await insertCustomer();
      const order = await orderFor(customer);
      const query = `?search=${customer.tag}`;
      expect((await list(query).expect(200)).body.data[0].status).to.equal('payment_pending');
      // A change that does not invalidate is not seen while the cached page is fresh ...
      await forceOrderStatus(order.id, { status: 'payment_failed' });
      const added = await orderFor(customer);
      expect(ids((await list(query).expect(200)).body)).to.deep.equal([order.id]);
      // ... and shows at once after the invalidation every order change makes.
      await api.app.container.get(OrderCaches).invalidate(customer.id);
      const res = await list(query).expect(200);
      expect(ids(res.body)).to.deep.equal([added.id, order.id]);
      expect(res.body.data[1]).to.include({ status: 'payment_failed', paymentStatus: 'failed' });
    });

    it('counts a filter once per cache version, for all its pages, and again after an invalidation', async () => {
      const customer = await insertCustomer();
      const [first, second] = [await orderFor(customer), await orderFor(customer)];
      const page = (n: number) => list(`?search=${customer.tag}&size=1&page=${n}&order=asc`).expect(200);
      expect((await page(1)).body).to.include({ count: 2 });
      const third = await orderFor(customer);
      // Page 2 was never read: its rows are fresh, its count is the filter's cached one.
      const second2 = await page(2);
      expect(ids(second2.body)).to.deep.equal([second.id]);
      expect(second2.body).to.include({ count: 2 });
      await api.app.container.get(OrderCaches).invalidate(customer.id);
      const third3 = await page(3);
      expect(ids(third3.body)).to.deep.equal([third.id]);
      expect(third3.body).to.include({ count: 3 });
      expect(ids((await page(1)).body)).to.deep.equal([first.id]);
    });
  });

  it('limits the list to 60 requests per minute per admin (429 RATE_LIMIT_EXCEEDED with Retry-After)', async () => {
    const adminId = randomUUID();
    const auth = adminBearer(api.app.container, ['Orders_READ'], adminId);
    for (let i = 0; i < 60; i += 1) await api.http.get(`${BASE}?size=1`).set('Authorization', auth).expect(200);
    const res = await api.http.get(`${BASE}?size=1`).set('Authorization', auth).expect(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    // Per admin: another admin is not affected, and the detail route does not draw on the list's budget.
    await api.http.get(`${BASE}?size=1`).set('Authorization', adminBearer(api.app.container, ['Orders_READ'])).expect(200);
    await api.http.get(`${BASE}/2147483647`).set('Authorization', auth).expect(404);
  });
});
