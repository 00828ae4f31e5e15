import { expect } from 'chai';
import { OrderStatus, PaymentModel, ProductAccessModel } from '@platform/db';
import { CancelOrderUseCase, ProcessRefundUseCase } from '@platform/domain';
import { QUEUE_NAMES, QueueRegistry } from '@platform/queue';
import { buildTestApp, closeTestInfrastructure, createCourse, createOrder, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/**
 * admin-api on queues of its own (no workers): a test runs a queued order.cancel /
 * order.process_refund itself, with the job's payload, through the use case the jobs app runs.
 */
export async function startAdminOrdersApi(name: string, queues?: QueueRegistry) {
  const own = queues ?? new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:${name}` });
  const infra = await isolatedInfrastructure(name, {}, { queues: own });
  const api: TestApp = await buildTestApp(createAdminApi, infra);

  /** Runs the job queued for `requestId` (jobId = requestId) and answers its outcome. */
  async function runQueued(requestId: string): Promise<string> {
    const job = await own.queue('orders').getJob(requestId);
    if (!job) throw new Error(`no job queued for request ${requestId}`);
    expect(job.data.requestId).to.equal(requestId);
    if (job.name === 'order.cancel') return api.app.container.get(CancelOrderUseCase).execute(job.data);
    expect(job.name).to.equal('order.process_refund');
    return api.app.container.get(ProcessRefundUseCase).execute(job.data);
  }

  return {
    api,
    queues: own,
    runQueued,
    close: async (reachable = true) => {
      if (reachable) await Promise.all(QUEUE_NAMES.map((queue) => own.queue(queue).obliterate({ force: true })));
      // Bull waits for a connection that will never come on an unreachable Redis: give up after a second.
      await Promise.race([own.close(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      await closeTestInfrastructure(infra);
    },
  };
}

let references = 0;

/** An order of one course in `status`; a paid (or refund-state) order has its completed payment and the access it granted. */
export async function orderFor(customerId: string, status: OrderStatus) {
  const { product } = await createCourse({ mrpPaisa: 50_000, spPaisa: 40_000 });
  const order = await createOrder(customerId, [product], { status });
  const paidLike = status === 'paid' || status.startsWith('refund_');
  await PaymentModel.create({
    orderId: order.id,
    gateway: 'esewa',
    amountPaisa: order.totalPaisa,
    gatewayTransactionId: `admin-lifecycle-${Date.now()}-${++references}`,
    ...(paidLike ? { status: 'completed', completedAt: new Date() } : {}),
  });
  if (paidLike) await ProductAccessModel.create({ userId: customerId, productId: product.id, orderId: order.id, accessType: 'lifetime', isRevoked: false });
  return { order, product };
}
