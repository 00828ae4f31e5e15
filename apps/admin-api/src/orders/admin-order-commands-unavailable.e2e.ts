import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { OrderAsyncRequestModel, OrderModel } from '@platform/db';
import { QueueRegistry } from '@platform/queue';
import { adminToken, createCustomer, orderInStatus, startOrderLifecycleApp, TcpProxy, TEST_ENV, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

type AdminOrders = Awaited<ReturnType<typeof startOrderLifecycleApp>>;

/**
 * learning-commerce.md, "Errors → Orders": 503 ORDER_ASYNC_REQUEST_CREATION_FAILED when the async request cannot be
 * created: the queue's Redis is behind a proxy that is cut for the whole file.
 */
describe('Admin order commands while the queue is unreachable (admin-api)', () => {
  let proxy: TcpProxy;
  let adminOrders: AdminOrders;
  let api: TestApp;

  before(async () => {
    const redis = new URL(TEST_ENV['REDIS_URL']);
    proxy = await new TcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) }).start();
    const queues = new QueueRegistry({ redisUrl: `redis://127.0.0.1:${proxy.port}${redis.pathname}`, prefix: `${TEST_ENV['REDIS_PREFIX']}:admin-order-commands-unavailable` });
    adminOrders = await startOrderLifecycleApp(createAdminApi, 'admin-order-commands-unavailable', queues);
    api = adminOrders.api;
    await proxy.cut();
  });

  after(async () => {
    await adminOrders.close(false);
    await proxy.stop();
  });

  const cases: Array<[string, 'paid' | 'refund_requested', object]> = [
    ['cancel', 'paid', { reason: 'Fraud' }],
    ['process-refund', 'refund_requested', { action: 'approve' }],
  ];
  for (const [command, status, body] of cases) {
    it(`POST /api/admin/orders/:id/${command} answers 503 ORDER_ASYNC_REQUEST_CREATION_FAILED and records nothing`, async function () {
      this.timeout(15_000);
      const customer = await createCustomer(api.app.container);
      const { order } = await orderInStatus(customer.id, status);
      const res = await api.http
        .post(`/api/admin/orders/${order.id}/${command}`)
        .set('Authorization', `Bearer ${adminToken(api.app.container, ['Orders_UPDATE'], uuidv7())}`)
        .send(body)
        .expect(503);
      expect(res.body).to.deep.equal({ message: res.body.message, errorCode: 'ORDER_ASYNC_REQUEST_CREATION_FAILED' });
      expect(await OrderAsyncRequestModel.count({ where: { orderId: order.id } })).to.equal(0);
      expect((await OrderModel.findByPk(order.id))?.status).to.equal(status);
    });
  }
});
