import { expect } from 'chai';
import { OrderAsyncRequestModel, OrderModel } from '@platform/db';
import { QueueRegistry } from '@platform/queue';
import { createCustomer, eventually, orderInStatus, startOrderLifecycleApp, TcpProxy, TEST_ENV, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

type Lifecycle = Awaited<ReturnType<typeof startOrderLifecycleApp>>;

/**
 * learning-commerce.md, "Errors → Orders": 503 ORDER_ASYNC_REQUEST_CREATION_FAILED when the async request cannot be
 * created. The queue's Redis sits behind a proxy the test cuts; the app's other Redis uses (rate limits) stay up.
 */
describe('Order cancel requests while the queue is unreachable (customer-api)', () => {
  let proxy: TcpProxy;
  let queues: QueueRegistry;
  let lifecycle: Lifecycle;
  let api: TestApp;
  let cut = false;

  before(async () => {
    const redis = new URL(TEST_ENV['REDIS_URL']);
    proxy = await new TcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) }).start();
    queues = new QueueRegistry({ redisUrl: `redis://127.0.0.1:${proxy.port}${redis.pathname}`, prefix: `${TEST_ENV['REDIS_PREFIX']}:order-lifecycle-unavailable` });
    lifecycle = await startOrderLifecycleApp(createCustomerApi, 'order-lifecycle-unavailable', queues);
    api = lifecycle.api;
  });

  after(async () => {
    await lifecycle.close(!cut);
    await proxy.stop();
  });

  it('answers 503 ORDER_ASYNC_REQUEST_CREATION_FAILED and records nothing; a job that lands later finds no request and does nothing', async function () {
    this.timeout(30_000);
    const customer = await createCustomer(api.app.container);
    const { order } = await orderInStatus(customer.id, 'payment_pending');
    await proxy.cut();
    cut = true;

    for (const path of [`/api/orders/${order.id}/cancel`, `/api/mobile/orders/${order.id}/cancel`]) {
      const res = await api.http.post(path).set('Authorization', `Bearer ${customer.accessToken}`).send({ reason: 'Now' }).expect(503);
      expect(res.body).to.deep.equal({ message: res.body.message, errorCode: 'ORDER_ASYNC_REQUEST_CREATION_FAILED' });
    }
    expect(await OrderAsyncRequestModel.count({ where: { orderId: order.id } })).to.equal(0);
    expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');

    // Redis returns: the adds that timed out may still land (bull replays them). Their requests were withdrawn.
    await proxy.restore();
    cut = false;
    await eventually(async () => (await queues.queue('orders').getJobs(['waiting'])).some((job) => job.data.orderId === order.id), 15_000, 100);
    for (const job of (await queues.queue('orders').getJobs(['waiting'])).filter((queued) => queued.data.orderId === order.id)) {
      expect(await lifecycle.runQueued(String(job.id))).to.equal('skipped');
    }
    expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');

    // And the next request goes through.
    const accepted = await api.http.post(`/api/orders/${order.id}/cancel`).set('Authorization', `Bearer ${customer.accessToken}`).send({}).expect(202);
    expect(await lifecycle.runQueued(accepted.body.data.requestId)).to.equal('completed');
    expect((await OrderModel.findByPk(order.id))?.status).to.equal('cancelled');
  });
});
