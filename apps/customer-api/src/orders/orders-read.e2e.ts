import { expect } from 'chai';
import { Database, OrderModel, OrderStatus, OrderStatusHistoryModel, PaymentModel } from '@platform/db';
import { OrderCaches } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createCourse,
  createCustomer,
  createDigitalBook,
  createOrder,
  forceOrderStatus,
  invalidTokenCases, refusedTokenCode,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/** learning-commerce.md, "Endpoints → Orders" (GET /api/orders, GET /api/orders/:id), "Limits"; also under /api/mobile/orders. */
describe('Order reads (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const bearer = (customer: TestCustomer) => `Bearer ${customer.accessToken}`;

  /** Sets an order's timestamps (the model's hooks would overwrite them). */
  async function stamp(order: OrderModel, createdAt: string, updatedAt = createdAt) {
    await api.app.container.get(Database).sequelize.query('UPDATE orders SET created_at = :createdAt, updated_at = :updatedAt WHERE id = :id', {
      replacements: { createdAt, updatedAt, id: order.id },
    });
  }

  async function orderFor(customer: TestCustomer, status: OrderStatus = 'payment_pending') {
    const { product } = await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000 });
    return createOrder(customer.id, [product], { status });
  }

  for (const prefix of ['/api/orders', '/api/mobile/orders']) {
    describe(prefix, () => {
      let customer: TestCustomer;
      const list = (query = '', who = customer) => api.http.get(`${prefix}${query}`).set('Authorization', bearer(who));
      const detail = (id: number | string, who = customer) => api.http.get(`${prefix}/${id}`).set('Authorization', bearer(who));
      const ids = (body: { data: Array<{ id: number }> }) => body.data.map((order) => order.id);

      beforeEach(async () => {
        customer = await createCustomer(api.app.container);
      });

      describe('GET (list)', () => {
        it('lists only the caller\'s orders, newest first, with derived paymentStatus and item counts', async () => {
          const { product: course } = await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000 });
          const { product: book } = await createDigitalBook({ mrpPaisa: 3_000, spPaisa: 2_500 });
          const older = await createOrder(customer.id, [course, book], { status: 'paid', source: 'checkout' });
          const newer = await createOrder(customer.id, [book], { status: 'payment_failed' });
          await stamp(older, '2024-01-01T00:00:00Z');
          await stamp(newer, '2024-02-01T00:00:00Z');
          const other = await createCustomer(api.app.container);
          await orderFor(other);

          const res = await list().expect(200);
          expect(res.body).to.include({ count: 2, page: 1, size: 20 });
          expect(ids(res.body)).to.deep.equal([newer.id, older.id]);
          expect(res.body.data[1]).to.deep.equal({
            id: older.id,
            orderNumber: older.orderNumber,
            type: 'digital',
            source: 'checkout',
            status: 'paid',
            paymentStatus: 'completed',
            orderTotalPaisa: 10_500,
            discountPaisa: 0,
            itemCount: 2,
            createdAt: '2024-01-01T00:00:00.000Z',
            updatedAt: '2024-01-01T00:00:00.000Z',
          });
          expect(res.body.data[0]).to.include({ paymentStatus: 'failed', itemCount: 1 });
        });

        it('shows each order state with its payment status (pending, completed, failed)', async () => {
          const expected: Record<OrderStatus, string> = {
            created: 'pending',
            payment_pending: 'pending',
            paid: 'completed',
            refund_requested: 'completed',
            refund_pending: 'completed',
            refund_approved: 'completed',
            refund_rejected: 'completed',
            payment_failed: 'failed',
            cancelled: 'failed',
          };
          for (const status of Object.keys(expected) as OrderStatus[]) await orderFor(customer, status);
          const res = await list('?pagination=false').expect(200);
          const shown = Object.fromEntries(res.body.data.map((order: { status: string; paymentStatus: string }) => [order.status, order.paymentStatus]));
          expect(shown).to.deep.equal(expected);
        });

        it('pages with page and size, and returns every order with pagination=false', async () => {
          const orders = [];
          for (let day = 1; day <= 5; day += 1) {
            const order = await orderFor(customer);
            await stamp(order, `2024-03-0${day}T00:00:00Z`);
            orders.push(order.id);
          }
          const newestFirst = [...orders].reverse();
          const second = await list('?page=2&size=2').expect(200);
          expect(second.body).to.include({ count: 5, page: 2, size: 2 });
          expect(ids(second.body)).to.deep.equal(newestFirst.slice(2, 4));
          expect(ids((await list('?page=3&size=2').expect(200)).body)).to.deep.equal(newestFirst.slice(4));
          const beyond = await list('?page=9&size=2').expect(200);
          expect(beyond.body).to.deep.include({ data: [], count: 5, page: 9, size: 2 });
          const all = await list('?pagination=false&size=1').expect(200);
          expect(all.body).to.include({ count: 5, page: 1, size: 5 });
          expect(ids(all.body)).to.deep.equal(newestFirst);
        });

        it('filters by status and sorts by createdAt or updatedAt in either order', async () => {
          const a = await orderFor(customer, 'paid');
          const b = await orderFor(customer, 'paid');
          const c = await orderFor(customer, 'cancelled');
          await stamp(a, '2024-01-01T00:00:00Z', '2024-06-03T00:00:00Z');
          await stamp(b, '2024-01-02T00:00:00Z', '2024-06-01T00:00:00Z');
          await stamp(c, '2024-01-03T00:00:00Z', '2024-06-02T00:00:00Z');
          expect(ids((await list('?status=paid').expect(200)).body)).to.deep.equal([b.id, a.id]);
          expect(ids((await list('?status=cancelled').expect(200)).body)).to.deep.equal([c.id]);
          expect(ids((await list('?order=asc').expect(200)).body)).to.deep.equal([a.id, b.id, c.id]);
          expect(ids((await list('?sort=updatedAt').expect(200)).body)).to.deep.equal([a.id, c.id, b.id]);
          expect(ids((await list('?sort=updatedAt&order=asc').expect(200)).body)).to.deep.equal([b.id, c.id, a.id]);
        });

        it('refuses an unknown status, sort or order with 400 VALIDATION_ERROR and caps size at 100', async () => {
          for (const query of ['?status=shipped', '?sort=totalPaisa', '?order=up', '?page=0']) {
            const res = await list(query).expect(400);
            expect(res.body.errorCode, query).to.equal('VALIDATION_ERROR');
          }
          expect((await list('?size=500').expect(200)).body.size).to.equal(100);
        });

        it('is served from the cache until OrderCaches.invalidate is called', async () => {
          const order = await orderFor(customer);
          expect((await list().expect(200)).body.data[0].status).to.equal('payment_pending');
          expect((await detail(order.id).expect(200)).body.data.status).to.equal('payment_pending');
          // A change that does not invalidate is not seen while the cached views are fresh ...
          await forceOrderStatus(order.id, { status: 'payment_failed' });
          expect((await list().expect(200)).body.data[0].status).to.equal('payment_pending');
          expect((await detail(order.id).expect(200)).body.data.status).to.equal('payment_pending');
          // ... and shows at once after the invalidation every state change makes.
          await api.app.container.get(OrderCaches).invalidate(customer.id);
          expect((await list().expect(200)).body.data[0]).to.include({ status: 'payment_failed', paymentStatus: 'failed' });
          expect((await detail(order.id).expect(200)).body.data.status).to.equal('payment_failed');
        });

        it("invalidating one customer's cache leaves another's cached views alone", async () => {
          const other = await createCustomer(api.app.container);
          const order = await orderFor(other);
          await list('', other).expect(200);
          await forceOrderStatus(order.id, { status: 'cancelled', cancelledAt: new Date() });
          await api.app.container.get(OrderCaches).invalidate(customer.id);
          expect((await list('', other).expect(200)).body.data[0].status).to.equal('payment_pending');
        });
      });

      describe('GET /:id', () => {
        it('shows the order with items, status history and payments', async () => {
          const { product: course } = await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000, title: 'Options basics' });
          const order = await createOrder(customer.id, [course], { status: 'paid' });
          await OrderStatusHistoryModel.bulkCreate([
            { orderId: order.id, status: 'payment_pending', actorType: 'customer', createdByCustomerId: customer.id },
            { orderId: order.id, status: 'paid', notes: 'verified', actorType: 'system' },
          ]);
          const completedAt = new Date('2024-05-01T10:00:00Z');
          const payment = await PaymentModel.create({
            orderId: order.id,
            gateway: 'esewa',
            status: 'completed',
            amountPaisa: 8_000,
            gatewayTransactionId: `tx-${order.id}`,
            gatewayReference: 'secret-ish reference',
            completedAt,
          });

          const { data } = (await detail(order.id).expect(200)).body;
          expect(data).to.include({
            id: order.id,
            orderNumber: order.orderNumber,
            status: 'paid',
            paymentStatus: 'completed',
            mrpTotalPaisa: 10_000,
            subtotalPaisa: 8_000,
            discountPaisa: 0,
            orderTotalPaisa: 8_000,
            promotionCode: null,
            refundStatus: null,
            cancelledAt: null,
            itemCount: 1,
          });
          expect(data.paidAt).to.be.a('string');
          expect(data).not.to.have.any.keys('returnUrl', 'userId', 'cartId', 'promotionId');
          expect(data.items).to.deep.equal([
            {
              productId: course.id,
              productType: 'course',
              title: 'Options basics',
              unitMrpPaisa: 10_000,
              unitSpPaisa: 8_000,
              quantity: 1,
              discountPaisa: 0,
              lineTotalPaisa: 8_000,
            },
          ]);
          expect(data.statusHistory.map(({ createdAt, ...rest }: { createdAt: string }) => rest)).to.deep.equal([
            {
              status: 'payment_pending',
              notes: null,
              actorType: 'customer',
              createdByCustomerId: customer.id,
              createdByAdminId: null,
              createdBy: customer.id,
            },
            { status: 'paid', notes: 'verified', actorType: 'system', createdByCustomerId: null, createdByAdminId: null, createdBy: 'system' },
          ]);
          expect(data.payments).to.deep.equal([
            {
              id: payment.id,
              gateway: 'esewa',
              status: 'completed',
              amountPaisa: 8_000,
              gatewayTransactionId: `tx-${order.id}`,
              createdAt: payment.createdAt.toISOString(),
              completedAt: completedAt.toISOString(),
            },
          ]);
        });

        it("answers another customer's order and an unknown id with 404 ORDER_NOT_FOUND", async () => {
          const other = await createCustomer(api.app.container);
          const theirs = await orderFor(other);
          for (const id of [theirs.id, 2_147_483_647, 99_999_999_999]) {
            const res = await detail(id).expect(404);
            expect(res.body.errorCode, String(id)).to.equal('ORDER_NOT_FOUND');
          }
          expect((await detail(theirs.id, other).expect(200)).body.data.id).to.equal(theirs.id);
        });

        it('answers a non-integer id with 400 VALIDATION_ERROR', async () => {
          for (const id of ['abc', '1.5', '-1', '12abc']) {
            const res = await detail(id).expect(400);
            expect(res.body.errorCode, id).to.equal('VALIDATION_ERROR');
          }
        });
      });

      describe('authentication', () => {
        for (const [name, header] of invalidTokenCases('customer', '01900000-0000-7000-8000-000000000001')) {
          it(`answers 401 UNAUTHORIZED for ${name}`, async () => {
            for (const path of [prefix, `${prefix}/1`]) {
              const request = api.http.get(path);
              if (header) request.set('Authorization', header);
              const res = await request.expect(401);
              expect(res.body.errorCode).to.equal(refusedTokenCode(name));
            }
          });
        }

        it('answers an admin token with 403 FORBIDDEN', async () => {
          const token = adminToken(api.app.container, ['*']);
          for (const path of [prefix, `${prefix}/1`]) {
            const res = await api.http.get(path).set('Authorization', `Bearer ${token}`).expect(403);
            expect(res.body.errorCode).to.equal('FORBIDDEN');
          }
        });
      });
    });
  }

  it('limits the list to 60 requests per minute per customer, web and mobile together (429 with Retry-After)', async () => {
    const customer = await createCustomer(api.app.container);
    const other = await createCustomer(api.app.container);
    for (let i = 0; i < 60; i += 1) {
      await api.http.get(i % 2 ? '/api/orders' : '/api/mobile/orders').set('Authorization', bearer(customer)).expect(200);
    }
    const res = await api.http.get('/api/orders').set('Authorization', bearer(customer)).expect(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    // Per customer: another customer is not affected.
    await api.http.get('/api/orders').set('Authorization', bearer(other)).expect(200);
  });
});
