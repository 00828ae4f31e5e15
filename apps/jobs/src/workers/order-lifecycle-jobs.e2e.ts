import type { Job } from 'bull';
import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import {
  OrderAsyncRequestModel,
  OrderModel,
  OrderStatus,
  OrderStatusHistoryModel,
  PaymentModel,
  ProductAccessModel,
} from '@platform/db';
import { OrderAsyncRequestSweep, ProductAccessPolicy } from '@platform/domain';
import { JobName, JobPayloads, QUEUE_NAMES, QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  createOrder,
  eventually,
  isolatedInfrastructure,
  orderEvents,
  TEST_ENV,
} from '@platform/testing';
import type { HttpApp } from '@platform/http';
import { createJobsApp } from '../jobs-app';
import { PROCESSORS } from './processors';
import { startWorkers } from './start-workers';

/** learning-commerce.md, "Background jobs": order.cancel and order.process_refund, run by the jobs app's bull workers. */
describe('order lifecycle jobs (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: HttpApp;
  let references = 0;

  before(async function () {
    this.timeout(20_000);
    // Queues of their own: nothing else in the run consumes or adds these jobs.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:order-lifecycle-jobs` });
    infra = await isolatedInfrastructure('order-lifecycle-jobs', {}, { queues });
    jobs = createJobsApp(infra);
    // Only the processors under test (the other scheduled sweeps would act on other files' rows).
    const names: JobName[] = ['order.cancel', 'order.process_refund', 'order.async_request_sweep'];
    const lifecycle = PROCESSORS.filter((processor) => names.includes(processor.job));
    expect(lifecycle).to.have.length(3);
    await startWorkers(lifecycle, infra.queues, jobs.container, infra.logger);
  });

  after(async () => {
    await Promise.all(QUEUE_NAMES.map((name) => infra.queues.queue(name).obliterate({ force: true })));
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  /** An order of one course in `status`; a paid-like order has its completed payment and the access it granted. */
  async function orderIn(status: OrderStatus) {
    const customer = await createCustomer(jobs.container);
    const { product } = await createCourse({ mrpPaisa: 50_000, spPaisa: 40_000 });
    const order = await createOrder(customer.id, [product], { status });
    const paidLike = status === 'paid' || status.startsWith('refund_');
    await PaymentModel.create({
      orderId: order.id,
      gateway: 'esewa',
      amountPaisa: order.totalPaisa,
      gatewayTransactionId: `lifecycle-jobs-${Date.now()}-${++references}`,
      ...(paidLike ? { status: 'completed', completedAt: new Date() } : {}),
    });
    if (paidLike) {
      await ProductAccessModel.create({ userId: customer.id, productId: product.id, orderId: order.id, accessType: 'lifetime', isRevoked: false });
    }
    return { customer, product, order };
  }

  /** What the endpoints record before queueing (RequestOrderCancelUseCase, RequestRefundProcessingUseCase). */
  const request = (kind: 'cancel' | 'process_refund', orderId: number, actor: { customerId?: string; adminId?: string }, input: Record<string, unknown> = {}) =>
    OrderAsyncRequestModel.create({
      id: uuidv7(),
      kind,
      orderId,
      actorType: actor.customerId ? 'customer' : 'admin',
      customerId: actor.customerId ?? null,
      adminId: actor.adminId ?? null,
      input,
    });

  /** Queues a job and waits for bull to finish it; answers what the processor returned. */
  async function run<J extends JobName>(name: J, payload: JobPayloads[J], jobId: string): Promise<unknown> {
    const job: Job = await infra.queues.add(name, payload, { jobId });
    await eventually(async () => ['completed', 'failed'].includes(await job.getState()), 15_000, 25);
    expect(await job.getState(), String(job.failedReason)).to.equal('completed');
    return job.finished();
  }

  const cancelJob = (orderId: number, requestId: string, by: string, type: 'customer' | 'admin' = 'customer') =>
    run('order.cancel', { orderId, requestId, cancelledBy: by, cancelledByActorType: type }, requestId);

  describe('order.cancel', () => {
    it('settles the request as failed with INTERNAL_ERROR when the job gives up, instead of leaving it pending', async () => {
      const { customer, order } = await orderIn('payment_pending');
      const row = await request('cancel', order.id, { customerId: customer.id });
      const sequelize = OrderModel.sequelize!;
      // Every attempt fails: the order row refuses updates for the length of this test.
      await sequelize.query(`
        CREATE FUNCTION refuse_order_${order.id}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'database trouble'; END $$;
        CREATE TRIGGER refuse_order_${order.id} BEFORE UPDATE ON orders FOR EACH ROW WHEN (OLD.id = ${order.id}) EXECUTE FUNCTION refuse_order_${order.id}();`);
      try {
        const job: Job = await infra.queues.add(
          'order.cancel',
          { orderId: order.id, requestId: row.id, cancelledBy: customer.id, cancelledByActorType: 'customer' },
          { jobId: row.id, attempts: 2, backoff: { type: 'fixed', delay: 10 } },
        );
        await eventually(async () => (await job.getState()) === 'failed', 15_000, 25);
        await eventually(async () => (await OrderAsyncRequestModel.findByPk(row.id))?.status === 'failed', 5_000, 25);
      } finally {
        await sequelize.query(`DROP TRIGGER refuse_order_${order.id} ON orders; DROP FUNCTION refuse_order_${order.id}();`);
      }
      const settled = await OrderAsyncRequestModel.findByPk(row.id);
      expect(settled?.result).to.deep.include({ orderId: order.id, orderStatus: 'payment_pending', paymentStatus: 'pending', correlationId: row.id, errorCode: 'INTERNAL_ERROR' });
      expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');
    });

    it('cancels a paid order: reason and actor recorded, access revoked, payment owed back, ORDER_CANCELLED, request completed', async () => {
      const { customer, product, order } = await orderIn('paid');
      const row = await request('cancel', order.id, { customerId: customer.id }, { reason: 'Bought by mistake' });
      expect(await jobs.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(true);

      expect(await cancelJob(order.id, row.id, customer.id)).to.equal('completed');

      const after = await OrderModel.findByPk(order.id);
      expect(after).to.include({ status: 'cancelled', cancellationReason: 'Bought by mistake', cancelledByActorType: 'customer' });
      expect(after?.cancelledAt).to.be.instanceOf(Date);
      const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
      expect(history.map((h) => [h.status, h.actorType, h.createdByCustomerId, h.createdByAdminId, h.notes])).to.deep.equal([
        ['cancelled', 'customer', customer.id, null, 'Bought by mistake'],
      ]);
      expect(await jobs.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(false);
      const [payment] = await PaymentModel.findAll({ where: { orderId: order.id } });
      expect(payment.status).to.equal('completed');
      expect(payment.refundOwedAt).to.be.instanceOf(Date);
      const events = await orderEvents(order.id);
      expect(events.map((e) => [e.event, e.userId, e.payload])).to.deep.equal([
        ['ORDER_CANCELLED', customer.id, { orderId: order.id, orderNumber: order.orderNumber, cancelledBy: 'customer', reason: 'Bought by mistake' }],
      ]);
      const settled = await OrderAsyncRequestModel.findByPk(row.id);
      expect(settled?.status).to.equal('completed');
      expect(settled?.completedAt).to.be.instanceOf(Date);
      expect(settled?.result).to.deep.equal({ orderId: order.id, orderStatus: 'cancelled', paymentStatus: 'failed', correlationId: row.id });
    });

    it('cancels an unpaid order for an admin: open payment failed, admin history row, cancelledBy admin', async () => {
      const { order } = await orderIn('payment_pending');
      const row = await request('cancel', order.id, { adminId: 'admin-jobs-1' });
      expect(await cancelJob(order.id, row.id, 'admin-jobs-1', 'admin')).to.equal('completed');
      const after = await OrderModel.findByPk(order.id);
      expect(after).to.include({ status: 'cancelled', cancellationReason: null, cancelledByActorType: 'admin' });
      const [history] = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
      expect([history.actorType, history.createdByAdminId, history.createdByCustomerId]).to.deep.equal(['admin', 'admin-jobs-1', null]);
      expect((await PaymentModel.findAll({ where: { orderId: order.id } })).map((p) => [p.status, p.refundOwedAt])).to.deep.equal([['failed', null]]);
      const [event] = await orderEvents(order.id, 'ORDER_CANCELLED');
      expect(event.payload).to.include({ cancelledBy: 'admin', reason: null });
    });

    it('is safe to run twice: the request settles once, one history row, one event', async () => {
      const { customer, order } = await orderIn('payment_pending');
      const row = await request('cancel', order.id, { customerId: customer.id });
      expect(await cancelJob(order.id, row.id, customer.id)).to.equal('completed');
      const first = await OrderAsyncRequestModel.findByPk(row.id);
      // A redelivery of the same job (another bull job id, as after a lost acknowledgement).
      expect(await run('order.cancel', { orderId: order.id, requestId: row.id, cancelledBy: customer.id, cancelledByActorType: 'customer' }, `${row.id}:again`)).to.equal('skipped');
      const second = await OrderAsyncRequestModel.findByPk(row.id);
      expect(second?.completedAt?.getTime()).to.equal(first?.completedAt?.getTime());
      expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(1);
      expect(await orderEvents(order.id, 'ORDER_CANCELLED')).to.have.length(1);
    });

    it('settles the request failed with ORDER_CANCEL_NOT_ALLOWED when the order moved on before the job ran', async () => {
      const { customer, order } = await orderIn('refund_requested');
      const row = await request('cancel', order.id, { customerId: customer.id });
      expect(await cancelJob(order.id, row.id, customer.id)).to.equal('failed');
      const settled = await OrderAsyncRequestModel.findByPk(row.id);
      expect(settled?.status).to.equal('failed');
      expect(settled?.result).to.deep.include({ orderId: order.id, orderStatus: 'refund_requested', paymentStatus: 'completed', correlationId: row.id, errorCode: 'ORDER_CANCEL_NOT_ALLOWED' });
      expect(settled?.result?.['message']).to.be.a('string');
      expect((await OrderModel.findByPk(order.id))?.status).to.equal('refund_requested');
      expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(0);
    });

    it('does nothing for a request that was withdrawn (its queueing failed) or belongs to another order', async () => {
      const { customer, order } = await orderIn('payment_pending');
      expect(await cancelJob(order.id, uuidv7(), customer.id)).to.equal('skipped');
      const { order: other } = await orderIn('payment_pending');
      const row = await request('cancel', other.id, { customerId: customer.id });
      expect(await cancelJob(order.id, row.id, customer.id)).to.equal('skipped');
      expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');
    });

    it('of two cancel requests run at the same time, one cancels and the other fails: one transition, one ORDER_CANCELLED', async () => {
      const { customer, order } = await orderIn('paid');
      const rows = await Promise.all([request('cancel', order.id, { customerId: customer.id }), request('cancel', order.id, { adminId: 'admin-jobs-2' })]);
      const outcomes = await Promise.all([cancelJob(order.id, rows[0].id, customer.id), cancelJob(order.id, rows[1].id, 'admin-jobs-2', 'admin')]);
      expect(outcomes).to.have.members(['completed', 'failed']);
      expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id, status: 'cancelled' } })).to.equal(1);
      expect(await orderEvents(order.id, 'ORDER_CANCELLED')).to.have.length(1);
      const settled = await OrderAsyncRequestModel.findAll({ where: { orderId: order.id } });
      expect(settled.map((r) => r.status)).to.have.members(['completed', 'failed']);
    });
  });

  describe('order.process_refund', () => {
    const refundJob = (orderId: number, requestId: string, data: Pick<JobPayloads['order.process_refund'], 'action' | 'amount' | 'remarks'>) =>
      run('order.process_refund', { orderId, requestId, adminId: 'admin-refunds', ...data }, requestId);

    it('approves with a partial amount: refund_approved, amount, remarks, processed time, access revoked, ORDER_REFUND_APPROVED', async () => {
      const { customer, product, order } = await orderIn('refund_pending');
      const row = await request('process_refund', order.id, { adminId: 'admin-refunds' }, { action: 'approve', amount: 15_000, remarks: 'Half refunded' });
      expect(await refundJob(order.id, row.id, { action: 'approve', amount: 15_000, remarks: 'Half refunded' })).to.equal('completed');
      const after = await OrderModel.findByPk(order.id);
      expect(after).to.include({ status: 'refund_approved', refundStatus: 'approved', refundAmountPaisa: 15_000, refundAdminRemarks: 'Half refunded' });
      expect(after?.refundProcessedAt).to.be.instanceOf(Date);
      expect(await jobs.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(false);
      const [history] = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
      expect([history.status, history.actorType, history.createdByAdminId, history.notes]).to.deep.equal(['refund_approved', 'admin', 'admin-refunds', 'Half refunded']);
      const events = await orderEvents(order.id);
      expect(events.map((e) => [e.event, e.userId, e.payload])).to.deep.equal([
        ['ORDER_REFUND_APPROVED', customer.id, { orderId: order.id, orderNumber: order.orderNumber, amount: 15_000 }],
      ]);
      expect((await OrderAsyncRequestModel.findByPk(row.id))?.result).to.deep.equal({
        orderId: order.id,
        orderStatus: 'refund_approved',
        paymentStatus: 'completed',
        correlationId: row.id,
        refundStatus: 'approved',
        refundAmountPaisa: 15_000,
      });
    });

    it('approves the whole total when no amount is given', async () => {
      const { order } = await orderIn('refund_requested');
      const row = await request('process_refund', order.id, { adminId: 'admin-refunds' }, { action: 'approve' });
      expect(await refundJob(order.id, row.id, { action: 'approve' })).to.equal('completed');
      expect((await OrderModel.findByPk(order.id))?.refundAmountPaisa).to.equal(order.totalPaisa);
      const [event] = await orderEvents(order.id, 'ORDER_REFUND_APPROVED');
      expect(event.payload['amount']).to.equal(order.totalPaisa);
    });

    it('rejects: refund_rejected, access kept, ORDER_REFUND_REJECTED with the remarks as reason; a repeat is skipped', async () => {
      const { customer, product, order } = await orderIn('refund_requested');
      const row = await request('process_refund', order.id, { adminId: 'admin-refunds' }, { action: 'reject', remarks: 'Course fully watched' });
      expect(await refundJob(order.id, row.id, { action: 'reject', remarks: 'Course fully watched' })).to.equal('completed');
      const after = await OrderModel.findByPk(order.id);
      expect(after).to.include({ status: 'refund_rejected', refundStatus: 'rejected', refundAmountPaisa: null, refundAdminRemarks: 'Course fully watched' });
      expect(await jobs.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(true);
      const [event] = await orderEvents(order.id, 'ORDER_REFUND_REJECTED');
      expect(event.payload).to.deep.equal({ orderId: order.id, orderNumber: order.orderNumber, reason: 'Course fully watched' });
      expect(await run('order.process_refund', { orderId: order.id, requestId: row.id, adminId: 'admin-refunds', action: 'reject' }, `${row.id}:again`)).to.equal('skipped');
      expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(1);
    });

    it('settles failed with ORDER_NOT_PENDING_REFUND for an order no longer awaiting processing', async () => {
      const { order } = await orderIn('paid');
      const row = await request('process_refund', order.id, { adminId: 'admin-refunds' }, { action: 'approve' });
      expect(await refundJob(order.id, row.id, { action: 'approve' })).to.equal('failed');
      const settled = await OrderAsyncRequestModel.findByPk(row.id);
      expect(settled?.status).to.equal('failed');
      expect(settled?.result).to.deep.include({ orderId: order.id, orderStatus: 'paid', paymentStatus: 'completed', errorCode: 'ORDER_NOT_PENDING_REFUND', correlationId: row.id });
      expect((await OrderModel.findByPk(order.id))?.status).to.equal('paid');
      expect(await orderEvents(order.id)).to.have.length(0);
    });
  });

  describe('order.async_request_sweep', () => {
    /** A cancel request written `minutesAgo` whose job never ran (the process died before queueing it). */
    async function strandedRequest(minutesAgo: number, before?: (orderId: number, customerId: string, requestId: string) => Promise<unknown>) {
      const { customer, order } = await orderIn('payment_pending');
      const id = uuidv7();
      await before?.(order.id, customer.id, id);
      const row = await OrderAsyncRequestModel.create({
        id,
        kind: 'cancel',
        orderId: order.id,
        actorType: 'customer',
        customerId: customer.id,
        input: { reason: 'changed my mind' },
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      return { customer, order, row };
    }
    const sweep = () => jobs.container.get(OrderAsyncRequestSweep).sweep();

    it('is scheduled every minute', async () => {
      const schedules = await infra.queues.queue('orders').getRepeatableJobs();
      const sweeps = schedules.filter((schedule) => schedule.name === 'order.async_request_sweep');
      expect(sweeps).to.have.length(1);
      expect(sweeps[0].key).to.match(/:60000$/);
    });

    it('queues the job of a request stranded for over 2 minutes again; the worker then carries it out', async () => {
      // A job under the same id finished before the request row existed: the sweep must not be absorbed by it.
      const { order, row } = await strandedRequest(5, async (orderId, customerId, requestId) => {
        const early: Job = await infra.queues.add('order.cancel', cancelPayload(orderId, requestId, customerId), { jobId: requestId });
        await eventually(async () => (await early.getState()) === 'completed', 15_000, 25);
        expect(await early.finished()).to.equal('skipped');
      });

      expect((await sweep()).requeued).to.be.at.least(1);
      await eventually(async () => (await OrderAsyncRequestModel.findByPk(row.id))?.status !== 'pending', 15_000, 25);
      const settled = await OrderAsyncRequestModel.findByPk(row.id);
      expect(settled?.status).to.equal('completed');
      expect(settled?.result).to.deep.include({ orderId: order.id, orderStatus: 'cancelled', paymentStatus: 'failed', correlationId: row.id });
      const cancelled = await OrderModel.findByPk(order.id);
      expect(cancelled).to.include({ status: 'cancelled', cancellationReason: 'changed my mind' });
      expect(await orderEvents(order.id, 'ORDER_CANCELLED')).to.have.length(1);
    });

    it('leaves a request younger than 2 minutes to its own job', async () => {
      const { order, row } = await strandedRequest(1);
      await sweep();
      const job = await infra.queues.queue('orders').getJob(row.id);
      expect(job, 'a request younger than 2 minutes is not re-queued').to.equal(null);
      expect((await OrderAsyncRequestModel.findByPk(row.id))?.status).to.equal('pending');
      expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');
      await OrderAsyncRequestModel.destroy({ where: { id: row.id } });
    });

    it('settles a request stranded for over 30 minutes as failed with INTERNAL_ERROR and leaves the order alone', async () => {
      const { order, row } = await strandedRequest(31);
      expect((await sweep()).abandoned).to.be.at.least(1);
      const settled = await OrderAsyncRequestModel.findByPk(row.id);
      expect(settled?.status).to.equal('failed');
      expect(settled?.completedAt).to.be.instanceOf(Date);
      expect(settled?.result).to.deep.include({ orderId: order.id, orderStatus: 'payment_pending', paymentStatus: 'pending', correlationId: row.id, errorCode: 'INTERNAL_ERROR' });
      // Its job, should it still arrive, finds the request settled and does nothing.
      expect(await cancelJob(order.id, row.id, row.customerId!)).to.equal('skipped');
      expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');
      expect(await orderEvents(order.id)).to.have.length(0);
    });
  });
});

function cancelPayload(orderId: number, requestId: string, customerId: string): JobPayloads['order.cancel'] {
  return { orderId, requestId, cancelledBy: customerId, cancelledByActorType: 'customer', reason: 'changed my mind' };
}
