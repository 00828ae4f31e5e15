import { expect } from 'chai';
import { OrderStatus, PaymentGateway, PaymentModel, ProductAccessModel } from '@platform/db';
import { CancelOrderUseCase, ProcessRefundUseCase } from '@platform/domain';
import type { HttpApp } from '@platform/http';
import { QUEUE_NAMES, QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { createCourse } from './catalog-factories';
import { createOrder } from './commerce-factories';
import { closeTestInfrastructure, isolatedInfrastructure } from './shared-infrastructure';
import { TEST_ENV } from './test-environment';
import { buildTestApp, TestApp } from './test-apps';

/**
 * An app on queues of its own (no workers): a test runs a queued order.cancel /
 * order.process_refund itself with the job's own payload, through the same use case the jobs app
 * runs, so it decides when (and how often, and how concurrently) the job happens.
 */
export async function startOrderLifecycleApp(create: (infra: Infrastructure) => HttpApp, name: string, queues?: QueueRegistry) {
  const own = queues ?? new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:${name}` });
  const infra = await isolatedInfrastructure(name, {}, { queues: own });
  const api: TestApp = await buildTestApp(create, infra);

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

/**
 * An order of one course in `status`, as the real flow leaves it: a paid (or refund-state) order
 * has a completed payment and the lifetime access it granted; an unpaid one an initiated payment.
 */
export async function orderInStatus(customerId: string, status: OrderStatus, gateway: PaymentGateway = 'esewa') {
  const { product } = await createCourse({ mrpPaisa: 50_000, spPaisa: 40_000 });
  const order = await createOrder(customerId, [product], { status });
  const paidLike = status === 'paid' || status.startsWith('refund_');
  await PaymentModel.create({
    orderId: order.id,
    gateway,
    amountPaisa: order.totalPaisa,
    gatewayTransactionId: `lifecycle-${process.pid}-${Date.now()}-${++references}`,
    ...(paidLike ? { status: 'completed', completedAt: new Date() } : {}),
  });
  if (paidLike) await ProductAccessModel.create({ userId: customerId, productId: product.id, orderId: order.id, accessType: 'lifetime', isRevoked: false });
  return { order, product };
}
