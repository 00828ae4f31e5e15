import { expect } from 'chai';
import { Database, OrderModel, OrderStatusHistoryModel, PaymentModel } from '@platform/db';
import { AUTO_CANCEL_REASON } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  createOrder,
  eventually,
  orderEvents,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
} from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

/** learning-commerce.md, "Background jobs": order.auto_cancel (and its every-minute sweep) on the orders queue. */
describe('order auto-cancel jobs (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let references = 0;

  before(async function () {
    this.timeout(20_000);
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:auto-cancel-jobs` });
    infra = await isolatedInfrastructure('auto-cancel-jobs', { ORDER_AUTO_CANCEL_MINUTES: '30' }, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  async function pendingOrder(ageMinutes: number, status: 'payment_pending' | 'paid' = 'payment_pending') {
    const user = await createCustomer(jobs.app.container);
    const { product } = await createCourse();
    const order = await createOrder(user.id, [product], { status });
    await PaymentModel.create({ orderId: order.id, gateway: 'khalti', amountPaisa: order.totalPaisa, gatewayTransactionId: `ac-e2e-${Date.now()}-${++references}` });
    await jobs.app.container.get(Database).sequelize.query(`UPDATE orders SET created_at = now() - make_interval(mins => :age) WHERE id = :id`, {
      replacements: { age: ageMinutes, id: order.id },
    });
    return order;
  }

  const run = async (job: Awaited<ReturnType<QueueRegistry['add']>>) => {
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
    return (await job.finished()) as unknown;
  };

  it('schedules order.auto_cancel_sweep every minute', async () => {
    const schedules = await infra.queues.queue('orders').getRepeatableJobs();
    const sweep = schedules.filter((schedule) => schedule.name === 'order.auto_cancel_sweep');
    expect(sweep).to.have.length(1);
    expect(sweep[0].key).to.match(/:60000$/);
  });

  it('the sweep cancels an unpaid order older than ORDER_AUTO_CANCEL_MINUTES once, and leaves recent and paid orders alone', async function () {
    this.timeout(30_000);
    const old = await pendingOrder(45);
    const recent = await pendingOrder(20);
    const paid = await pendingOrder(45, 'paid');

    const first = (await run(await infra.queues.add('order.auto_cancel_sweep', {}))) as { cancelled: number[] };
    expect(first.cancelled).to.include(old.id);
    expect(first.cancelled).to.not.include.members([recent.id, paid.id]);
    const second = (await run(await infra.queues.add('order.auto_cancel_sweep', {}))) as { cancelled: number[] };
    expect(second.cancelled).to.not.include(old.id);

    expect((await OrderModel.findByPk(old.id))?.status).to.equal('cancelled');
    expect((await OrderModel.findByPk(recent.id))?.status).to.equal('payment_pending');
    expect((await OrderModel.findByPk(paid.id))?.status).to.equal('paid');
    expect(await OrderStatusHistoryModel.count({ where: { orderId: old.id, status: 'cancelled' } })).to.equal(1);
    expect(await PaymentModel.count({ where: { orderId: old.id, status: 'failed' } })).to.equal(1);
    const [event] = await orderEvents(old.id, 'ORDER_CANCELLED');
    expect(event.payload).to.deep.equal({ orderId: old.id, orderNumber: old.orderNumber, cancelledBy: 'system', reason: AUTO_CANCEL_REASON });
  });

  it('order.auto_cancel cancels one order and a repeat changes nothing', async function () {
    this.timeout(30_000);
    const order = await pendingOrder(45);
    expect(await run(await infra.queues.add('order.auto_cancel', { orderId: order.id, reason: 'closed by test' }))).to.equal('cancelled');
    expect(await run(await infra.queues.add('order.auto_cancel', { orderId: order.id, reason: 'closed by test' }))).to.equal('skipped');
    const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
    expect(history.map((row) => [row.status, row.actorType, row.notes])).to.deep.equal([['cancelled', 'system', 'closed by test']]);
  });
});
