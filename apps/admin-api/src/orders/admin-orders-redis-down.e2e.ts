import { expect } from 'chai';
import { ProductModel } from '@platform/db';
import { AdminOrderQueryDto, AdminOrdersService, OrderCaches } from '@platform/domain';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createCourse, createOrder, forceOrderStatus, isolatedInfrastructure, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';
import { adminBearer, insertCustomer } from './admin-orders.test-helper';

const BASE = '/api/admin/orders';

/** learning-commerce.md, "Limits": cache failures fall back to reading the database. */
describe('Admin order reads when Redis is unreachable (admin-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let course: ProductModel;

  before(async () => {
    infra = await isolatedInfrastructure(
      'admin-orders-offline',
      {},
      { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'admin-orders-offline' }, { retryStrategy: () => null }) },
    );
    api = await buildTestApp(createAdminApi, infra);
    course = (await createCourse({ mrpPaisa: 5_000, spPaisa: 4_000 })).product;
  });
  after(() => closeTestInfrastructure(infra));

  const auth = () => adminBearer(api.app.container);

  it('answers the list and the detail from the database, every time (nothing is cached)', async () => {
    const customer = await insertCustomer();
    const order = await createOrder(customer.id, [course], { status: 'payment_pending' });
    const list = () => api.http.get(`${BASE}?search=${customer.tag}`).set('Authorization', auth());
    const detail = () => api.http.get(`${BASE}/${order.id}`).set('Authorization', auth());

    expect((await list().expect(200)).body.data.map((o: { id: number }) => o.id)).to.deep.equal([order.id]);
    expect((await detail().expect(200)).body.data.status).to.equal('payment_pending');
    // Changed without any invalidation (which could not reach Redis anyway): the next reads show it.
    await forceOrderStatus(order.id, { status: 'payment_failed' });
    expect((await list().expect(200)).body.data[0]).to.include({ status: 'payment_failed', paymentStatus: 'failed' });
    expect((await detail().expect(200)).body.data.status).to.equal('payment_failed');
    // The service itself, without the HTTP stack.
    const page = await api.app.container.get(AdminOrdersService).list(Object.assign(new AdminOrderQueryDto(), { search: customer.tag }));
    expect(page.rows.map((row) => row.id)).to.deep.equal([order.id]);
    // An invalidation that cannot reach Redis is logged, never thrown.
    await api.app.container.get(OrderCaches).invalidate(customer.id);
  });

  it('refuses order mutations with 503 SERVICE_UNAVAILABLE: their rate limit cannot count without Redis', async () => {
    const customer = await insertCustomer();
    const order = await createOrder(customer.id, [course]);
    const res = await api.http.post(`${BASE}/${order.id}/notes`).set('Authorization', auth()).send({ note: 'hello' }).expect(503);
    expect(res.body.errorCode).to.equal('SERVICE_UNAVAILABLE');
  });
});
