import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from 'bull';
import { expect } from 'chai';
import {
  OrderModel,
  OrderStatusHistoryModel,
  PaymentCallbackModel,
  PaymentModel,
  ProductAccessModel,
  ProductModel,
} from '@platform/db';
import { PAYMENT_EVENTS, PAYMENT_JOB_IDS } from '@platform/domain';
import type { HttpApp } from '@platform/http';
import { QUEUE_NAMES, QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  createDigitalBook,
  createOrder,
  eventually,
  isolatedInfrastructure,
  orderEvents,
  TcpProxy,
  TEST_ENV,
} from '@platform/testing';
import { createJobsApp } from '../jobs-app';
import { PROCESSORS } from './processors';
import { startWorkers } from './start-workers';

const KHALTI_SECRET = 'khalti-secret-for-retry-e2e';
/**
 * The queue's own exponential backoff (QueueRegistry: 5 attempts, 2 s) with a shorter base delay,
 * set per job as bull allows: retries wait 100, 300, 700, 1500 ms instead of 2, 6, 14, 30 s.
 */
const BACKOFF = { type: 'exponential', delay: 100 } as const;

/** What the stand-in Khalti lookup answers for a pidx, one entry per call (the last one repeats). */
type LookupStep = 'unavailable' | 'unreadable' | 'completed';

/**
 * learning-commerce.md "Background jobs", CONTRACT section 6: order.payment_success through the
 * jobs app's real bull workers, against a Khalti lookup that is down for a while. A gateway that
 * cannot be asked makes the job throw, bull retries it with backoff, and the order is paid exactly
 * once when the gateway answers; a gateway that never answers leaves the order as it was.
 */
describe('order.payment_success retries an unreachable gateway (jobs app workers)', function () {
  this.timeout(15_000);
  let gateway: Server;
  /** In front of the stand-in gateway: cut, it refuses connections (ECONNREFUSED) like a host that is down. */
  let proxy: TcpProxy;
  let infra: Infrastructure;
  let jobs: HttpApp;
  const plans = new Map<string, { totalPaisa: number; steps: LookupStep[] }>();
  const lookups = new Map<string, number[]>();
  const failures: Array<{ jobId: string; at: number; error: Error }> = [];
  let references = 0;

  before(async function () {
    this.timeout(20_000);
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { pidx } = JSON.parse(body || '{}') as { pidx?: string };
        const plan = pidx ? plans.get(pidx) : undefined;
        if (!pidx || !plan || req.url !== '/api/v2/epayment/lookup/' || req.headers.authorization !== `Key ${KHALTI_SECRET}`) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
          return;
        }
        const seen = lookups.get(pidx) ?? [];
        seen.push(Date.now());
        lookups.set(pidx, seen);
        const step = plan.steps[Math.min(seen.length, plan.steps.length) - 1];
        if (step === 'unavailable') res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503 Service Temporarily Unavailable</h1>');
        else if (step === 'unreadable') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        else {
          const reply = { pidx, total_amount: plan.totalPaisa, status: 'Completed', transaction_id: `TXN-${pidx}`, fee: 0, refunded: false };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
        }
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    proxy = await new TcpProxy({ host: '127.0.0.1', port: (gateway.address() as AddressInfo).port }).start();

    // Queues of their own: nothing else in the run consumes or adds these jobs.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:payment-success-retry` });
    infra = await isolatedInfrastructure(
      'payment-success-retry',
      { KHALTI_SECRET_KEY: KHALTI_SECRET, KHALTI_BASE_URL: `http://127.0.0.1:${proxy.port}/api/v2` },
      { queues },
    );
    jobs = createJobsApp(infra);
    // The jobs app's own processors for payment jobs, on real bull workers. The scheduled ones
    // (sweeps, purges) are left out: they would act on other files' rows in the shared database.
    const payments = PROCESSORS.filter((processor) => processor.job.startsWith('order.payment_'));
    expect(payments.map((processor) => processor.job)).to.have.members(['order.payment_success', 'order.payment_failed', 'order.payment_retry']);
    await startWorkers(payments, infra.queues, jobs.container, infra.logger);
    infra.queues.queue('orders').on('failed', (job: Job, error: Error) => failures.push({ jobId: String(job.id), at: Date.now(), error }));
  });

  after(async () => {
    await Promise.all(QUEUE_NAMES.map((name) => infra.queues.queue(name).obliterate({ force: true })));
    await infra.queues.close();
    await closeTestInfrastructure(infra);
    await proxy.stop();
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  /** A payment_pending order for a course and a book, its Khalti payment and the stored success callback. */
  async function khaltiOrderAwaitingVerification(steps: LookupStep[]) {
    const customer = await createCustomer(jobs.container);
    const { product: course } = await createCourse({ mrpPaisa: 250_000, spPaisa: 199_900 });
    const { product: book } = await createDigitalBook({ mrpPaisa: 50_000, spPaisa: 30_000 });
    const order = await createOrder(customer.id, [course, book]);
    const pidx = `retry-e2e-${Date.now().toString(36)}-${++references}`;
    plans.set(pidx, { totalPaisa: order.totalPaisa, steps });
    const payment = await PaymentModel.create({ orderId: order.id, gateway: 'khalti', amountPaisa: order.totalPaisa, gatewayTransactionId: pidx });
    const params = { pidx, status: 'Completed', transaction_id: `TXN-${pidx}`, amount: String(order.totalPaisa), total_amount: String(order.totalPaisa), purchase_order_id: order.orderNumber };
    const digest = `${pidx}-digest`.padEnd(16, '0');
    const callback = await PaymentCallbackModel.create({ paymentId: payment.id, outcome: 'success', params, paramsDigest: digest, lastReceivedAt: new Date() });
    return { customer, products: [course, book], order, payment, callback, pidx, digest };
  }

  type Flow = Awaited<ReturnType<typeof khaltiOrderAwaitingVerification>>;

  /** What RecordPaymentCallbackUseCase queues for a plausible callback, with the short backoff. */
  const enqueueSuccess = (flow: Flow, jobId = PAYMENT_JOB_IDS.success(flow.payment.id, flow.digest)) =>
    infra.queues.add(
      'order.payment_success',
      { orderId: flow.order.id, paymentId: flow.payment.id, callbackId: flow.callback.id, paymentReference: flow.pidx, transactionId: `TXN-${flow.pidx}` },
      { jobId, backoff: BACKOFF },
    );

  /** Waits until bull has settled the job (completed, or failed for good) and reads it back. */
  async function settled(job: Job): Promise<Job> {
    await eventually(async () => ['completed', 'failed'].includes(await job.getState()), 12_000, 25);
    return (await infra.queues.queue('orders').getJob(job.id)) as Job;
  }

  const failuresOf = (job: Job) => failures.filter((failure) => failure.jobId === String(job.id));

  /** Every ORDER_PAYMENT_RECEIVED_* event the outbox holds for the order. */
  const paymentReceivedEvents = async (orderId: number) =>
    (await orderEvents(orderId)).filter((row) => [PAYMENT_EVENTS.receivedBuyNow, PAYMENT_EVENTS.receivedCheckout].includes(row.event as never));

  /** Each wait between attempts is at least bull's exponential delay: 100, 300, 700, 1500 ms. */
  function expectExponentialBackoff(attemptTimes: number[]) {
    const gaps = attemptTimes.slice(1).map((time, index) => time - attemptTimes[index]);
    gaps.forEach((gap, index) => expect(gap, `wait before attempt ${index + 2}`).to.be.at.least((2 ** (index + 1) - 1) * BACKOFF.delay));
  }

  async function expectPaidOnce(flow: Flow) {
    const order = (await OrderModel.findByPk(flow.order.id)) as OrderModel;
    expect(order.status).to.equal('paid');
    expect(order.paidAt).to.be.instanceOf(Date);
    const history = await OrderStatusHistoryModel.findAll({ where: { orderId: flow.order.id, status: 'paid' } });
    expect(history.map((row) => [row.actorType, row.notes])).to.deep.equal([['system', `Payment verified with khalti (TXN-${flow.pidx})`]]);
    const access = await ProductAccessModel.findAll({ where: { orderId: flow.order.id } });
    expect(access.map((row) => row.productId).sort()).to.deep.equal(flow.products.map((product: ProductModel) => product.id).sort());
    expect(access.every((row) => row.userId === flow.customer.id && row.accessType === 'lifetime')).to.equal(true);
    const payment = (await PaymentModel.findByPk(flow.payment.id)) as PaymentModel;
    expect([payment.status, payment.gatewayReference, payment.verificationAttempts]).to.deep.equal(['completed', `TXN-${flow.pidx}`, 0]);
    const events = await paymentReceivedEvents(flow.order.id);
    expect(events.map((row) => [row.event, row.userId, row.payload])).to.deep.equal([
      [PAYMENT_EVENTS.receivedBuyNow, flow.customer.id, { orderId: flow.order.id, orderNumber: flow.order.orderNumber, paymentReference: `TXN-${flow.pidx}` }],
    ]);
  }

  it('retries with exponential backoff while the lookup answers 503 or an unreadable page, then pays the order exactly once', async () => {
    const flow = await khaltiOrderAwaitingVerification(['unavailable', 'unavailable', 'unreadable', 'completed']);
    const job = await enqueueSuccess(flow);
    expect(job.opts).to.deep.include({ attempts: 5, backoff: BACKOFF }); // the queue's attempts, kept

    const done = await settled(job);
    expect(await done.getState(), done.failedReason).to.equal('completed');
    expect(done.returnvalue).to.equal('paid');
    expect(done.attemptsMade, 'failed attempts before the one that paid').to.equal(3);
    expect(lookups.get(flow.pidx)).to.have.length(4);
    expect(failuresOf(job).map(({ error }) => error.name)).to.deep.equal(Array(3).fill('GatewayUnavailableError'));
    expect(failuresOf(job).map(({ error }) => error.message)).to.satisfy((messages: string[]) =>
      messages[0].includes('HTTP 503') && messages[2].includes('without a known status'),
    );
    expectExponentialBackoff(lookups.get(flow.pidx) as number[]);
    await expectPaidOnce(flow);

    // The same callback replayed through another job after the gateway came back: nothing more.
    const replay = await settled(await enqueueSuccess(flow, `${job.id}-replay`));
    expect(replay.returnvalue).to.equal('already_final');
    await expectPaidOnce(flow);
  });

  it('leaves the order payment_pending, grants nothing and records no failed verification when the gateway never comes back', async () => {
    const flow = await khaltiOrderAwaitingVerification(['completed']); // would pay, if it could be reached
    await proxy.cut();
    try {
      const job = await enqueueSuccess(flow);
      const done = await settled(job);
      expect(await done.getState()).to.equal('failed');
      expect(done.attemptsMade).to.equal(5);
      expect(done.failedReason).to.match(/did not answer: connect ECONNREFUSED/);
      const attempts = failuresOf(job);
      expect(attempts.map(({ error }) => error.name)).to.deep.equal(Array(5).fill('GatewayUnavailableError'));
      expectExponentialBackoff(attempts.map(({ at }) => at));
    } finally {
      await proxy.restore();
    }
    expect(lookups.get(flow.pidx) ?? []).to.have.length(0);

    const order = (await OrderModel.findByPk(flow.order.id)) as OrderModel;
    expect([order.status, order.paidAt]).to.deep.equal(['payment_pending', null]);
    expect(await OrderStatusHistoryModel.count({ where: { orderId: flow.order.id } })).to.equal(0);
    expect(await ProductAccessModel.count({ where: { orderId: flow.order.id } })).to.equal(0);
    const payment = (await PaymentModel.findByPk(flow.payment.id)) as PaymentModel;
    // Unreachable is not a failed verification: the payment is untouched, neither completed nor failed.
    expect([payment.status, payment.completedAt, payment.verificationAttempts, payment.lastVerificationError]).to.deep.equal(['initiated', null, 0, null]);
    expect(await orderEvents(flow.order.id), 'no event of any kind about the order').to.have.length(0);
    const followUps = await infra.queues.queue('orders').getJobs(['waiting', 'delayed', 'active']);
    expect(followUps.filter((queued) => queued.data.orderId === flow.order.id), 'no payment_failed or payment_retry queued').to.have.length(0);
  });
});
