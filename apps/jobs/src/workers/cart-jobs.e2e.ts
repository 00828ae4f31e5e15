import { expect } from 'chai';
import { CartModel } from '@platform/db';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCart,
  createCourse,
  createCustomer,
  createOrder,
  eventually,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
} from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

/** learning-commerce.md, "Background jobs": cart.expire and cart.clear_after_order_confirmed on the cart queue. */
describe('cart jobs (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;

  before(async function () {
    this.timeout(20_000);
    // Queues of their own, so these workers and schedules do not meet other files' workers.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:cart-jobs` });
    infra = await isolatedInfrastructure('cart-jobs', { CART_EXPIRE_INTERVAL_MS: '600000' }, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  it('schedules cart.expire every CART_EXPIRE_INTERVAL_MS', async () => {
    const schedules = await infra.queues.queue('cart').getRepeatableJobs();
    const expire = schedules.filter((schedule) => schedule.name === 'cart.expire');
    expect(expire).to.have.length(1);
    expect(expire[0].key).to.match(/:600000$/);
  });

  it('cart.expire abandons expired active carts', async function () {
    this.timeout(20_000);
    const user = await createCustomer(jobs.app.container);
    const cart = await createCart(user.id, [], { expiresAt: new Date(Date.now() - 60_000) });
    const job = await infra.queues.add('cart.expire', {});
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('abandoned');
  });

  it('cart.clear_after_order_confirmed completes the order\'s cart, and a repeat changes nothing', async function () {
    this.timeout(20_000);
    const user = await createCustomer(jobs.app.container);
    const { product } = await createCourse();
    const cart = await createCart(user.id, [product]);
    const order = await createOrder(user.id, [product], { source: 'checkout', status: 'paid' });
    await order.update({ cartId: cart.id });
    for (const expected of [{ cartId: cart.id }, { cartId: null }]) {
      const job = await infra.queues.add('cart.clear_after_order_confirmed', { userId: user.id, orderId: order.id });
      await eventually(async () => (await job.getState()) === 'completed', 15_000);
      expect((await job.finished()) as unknown).to.deep.equal(expected);
    }
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('completed');
  });
});
