import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Database, OrderModel, OrderStatusHistoryModel, PaymentModel, ProductAccessModel } from '@platform/db';
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

/**
 * learning-commerce.md, "Background jobs": order.auto_cancel (and its every-minute sweep) on the
 * orders queue. Khalti is a stand-in whose lookup answers what each test set for a pidx (Expired:
 * the payer never paid); unknown pidxs (other files' orders) get 404.
 */
describe('order auto-cancel jobs (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let khalti: Server;
  let references = 0;
  const lookups = new Map<string, { status: string; totalPaisa: number }>();

  before(async function () {
    this.timeout(20_000);
    khalti = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { pidx } = JSON.parse(body || '{}') as { pidx?: string };
        const known = pidx ? lookups.get(pidx) : undefined;
        if (!pidx || !known) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
        const reply = { pidx, total_amount: known.totalPaisa, status: known.status, transaction_id: known.status === 'Completed' ? `TXN-${pidx}` : null, fee: 0, refunded: false };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => khalti.listen(0, '127.0.0.1', resolve));
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:auto-cancel-jobs` });
    infra = await isolatedInfrastructure(
      'auto-cancel-jobs',
      { ORDER_AUTO_CANCEL_MINUTES: '30', KHALTI_BASE_URL: `http://127.0.0.1:${(khalti.address() as AddressInfo).port}/api/v2` },
      { queues },
    );
    jobs = await buildTestApp(createJobsApp, infra);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
    khalti.closeAllConnections();
    await new Promise<void>((resolve) => khalti.close(() => resolve()));
  });

  async function pendingOrder(ageMinutes: number, status: 'payment_pending' | 'paid' = 'payment_pending', lookup = 'Expired') {
    const user = await createCustomer(jobs.app.container);
    const { product } = await createCourse();
    const order = await createOrder(user.id, [product], { status });
    const pidx = `ac-e2e-${Date.now()}-${++references}`;
    lookups.set(pidx, { status: lookup, totalPaisa: order.totalPaisa });
    await PaymentModel.create({ orderId: order.id, gateway: 'khalti', amountPaisa: order.totalPaisa, gatewayTransactionId: pidx });
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

    const first = (await run(await infra.queues.add('order.auto_cancel_sweep', {}))) as { cancelled: number[]; paid: number[] };
    // The app's own every-minute sweep may have run in between and taken the old order first:
    // which run cancels it does not matter, that one does and only once (the history below).
    const cancelledBySchedule = !first.cancelled.includes(old.id);
    if (cancelledBySchedule) expect((await OrderModel.findByPk(old.id))?.status).to.equal('cancelled');
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

  it('the sweep asks Khalti first: a payment it calls Completed pays the order instead, one still Pending is left open', async function () {
    this.timeout(30_000);
    const completed = await pendingOrder(45, 'payment_pending', 'Completed');
    const undecided = await pendingOrder(45, 'payment_pending', 'Pending');
    const result = (await run(await infra.queues.add('order.auto_cancel_sweep', {}))) as { cancelled: number[]; paid: number[] };
    expect(result.paid).to.include(completed.id);
    expect(result.cancelled).to.not.include.members([completed.id, undecided.id]);
    expect((await OrderModel.findByPk(completed.id))?.status).to.equal('paid');
    expect(await ProductAccessModel.count({ where: { orderId: completed.id } })).to.equal(1);
    expect(await orderEvents(completed.id, 'ORDER_CANCELLED')).to.have.length(0);
    expect(await orderEvents(completed.id, 'ORDER_PAYMENT_RECEIVED_BUYNOW')).to.have.length(1);
    expect((await OrderModel.findByPk(undecided.id))?.status).to.equal('payment_pending');
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
