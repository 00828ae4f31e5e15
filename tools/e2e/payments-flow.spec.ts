import { randomUUID } from 'node:crypto';
import type { Job } from 'bull';
import { expect } from 'chai';
import {
  CartModel,
  OrderModel,
  OrderStatusHistoryModel,
  PaymentCallbackModel,
  PaymentModel,
  ProductAccessModel,
  ProductModel,
  PromotionModel,
  PromotionRedemptionModel,
} from '@platform/db';
import { FinalizePaymentFailureUseCase, FinalizePaymentSuccessUseCase, PaymentStatusService, signEsewa } from '@platform/domain';
import type { HttpApp } from '@platform/http';
import { QueueName, QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCart,
  createCourse,
  createCustomer,
  createDigitalBook,
  createPromotion,
  forceOrderStatus,
  isolatedInfrastructure,
  orderEvents,
  TEST_ENV,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { createJobsApp } from '../../apps/jobs/src/jobs-app';
import { PROCESSORS } from '../../apps/jobs/src/workers/processors';
import { startSimulator } from '../gateway-sim/sim.test-helper';

const PUBLIC_BASE = 'http://customer-api.test';
const SHOP = 'http://shop.test';

/**
 * Payment callbacks and order finalization end to end (learning-commerce.md, "Payment callbacks",
 * "States and transitions → Order", "Events"; CONTRACT sections 4 and 6): checkout on customer-api,
 * the payer decides on the gateway simulator, the browser follows the redirect to the callback,
 * and the queued jobs run through the jobs app's processors on the same infrastructure.
 */
describe('Payment callbacks and order finalization (customer-api + jobs + gateway simulator)', function () {
  this.timeout(60_000);
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let infra: Infrastructure;
  let api: TestApp;
  let jobs: HttpApp;

  before(async () => {
    sim = await startSimulator();
    // Queues of their own: nothing else in the run consumes or adds these jobs.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:payments-flow` });
    infra = await isolatedInfrastructure(
      'payments-flow',
      {
        ESEWA_PRODUCT_CODE: sim.esewa.productCode,
        ESEWA_SECRET_KEY: sim.esewa.secretKey,
        ESEWA_FORM_URL: sim.esewa.formUrl,
        ESEWA_STATUS_URL: sim.esewa.statusUrl,
        KHALTI_SECRET_KEY: sim.khalti.secretKey,
        KHALTI_BASE_URL: sim.khalti.baseUrl,
        CUSTOMER_API_PUBLIC_BASE_URL: PUBLIC_BASE,
        RETURN_URL_ALLOWED_ORIGINS: SHOP,
      },
      { queues },
    );
    api = await buildTestApp(createCustomerApi, infra);
    jobs = createJobsApp(infra);
  });

  after(async () => {
    await Promise.all(['orders', 'cart', 'notifications'].map((name) => infra.queues.queue(name as QueueName).obliterate({ force: true })));
    await infra.queues.close();
    await closeTestInfrastructure(infra);
    await sim.close();
  });

  /** Runs every waiting job of a queue through the jobs app's processor for it, as its worker would. */
  async function drain(queue: QueueName): Promise<unknown[]> {
    const results: unknown[] = [];
    for (;;) {
      const waiting = await infra.queues.queue(queue).getWaiting();
      if (waiting.length === 0) return results;
      for (const job of waiting) {
        const processor = PROCESSORS.find((candidate) => candidate.job === job.name);
        if (!processor) throw new Error(`no processor for ${job.name}`);
        results.push(await processor.process(job as Job<never>, jobs.container));
        await job.remove();
      }
    }
  }

  const notifications = (orderId: number, event: string) => orderEvents(orderId, event);

  interface Checkout {
    customer: TestCustomer;
    products: ProductModel[];
    cart: CartModel;
    data: { orderId: number; paymentId: number; gatewayTransactionId: string; redirectUrl: string; gatewayPayload: Record<string, string> };
  }

  async function checkout(gateway: 'esewa' | 'khalti', options: { promotion?: PromotionModel } = {}): Promise<Checkout> {
    const customer = await createCustomer(api.app.container);
    const { product: course } = await createCourse({ mrpPaisa: 250_000, spPaisa: 199_950 });
    const { product: book } = await createDigitalBook({ mrpPaisa: 50_000, spPaisa: 30_000 });
    // A 10 % code applied to the cart, as the cart routes would have stored it.
    const applied = options.promotion ? { promotion: options.promotion, discountPaisa: Math.floor((199_950 + 30_000) / 10) } : undefined;
    const cart = await createCart(customer.id, [course, book], applied ? { promotion: applied } : {});
    const res = await api.http
      .post('/api/orders/checkout')
      .set('Authorization', `Bearer ${customer.accessToken}`)
      .set('Idempotency-Key', randomUUID())
      .send({ gateway, returnUrl: `${SHOP}/orders/done` })
      .expect(200);
    return { customer, products: [course, book], cart, data: res.body.data };
  }

  /** The browser's way through the gateway: form post or payment page, then the payer's decision. */
  async function payAtGateway(gateway: 'esewa' | 'khalti', data: Checkout['data'], outcome: 'approve' | 'decline' | 'pending'): Promise<string> {
    if (gateway === 'esewa') {
      const page = await fetch(data.redirectUrl, { method: 'POST', body: new URLSearchParams(data.gatewayPayload), redirect: 'manual' });
      expect(page.status).to.equal(200);
    } else {
      expect((await fetch(data.redirectUrl)).status).to.equal(200);
    }
    const location = await sim.decide(gateway, data.gatewayTransactionId, outcome);
    if (!location) throw new Error('the simulator sent the browser nowhere');
    const url = new URL(location);
    expect(url.origin).to.equal(PUBLIC_BASE);
    return `${url.pathname}${url.search}`;
  }

  /** Follows a callback on customer-api and reads the result-page redirect. */
  async function follow(path: string, method: 'get' | 'post' = 'get', body?: Record<string, string>) {
    const request = method === 'get' ? api.http.get(path) : api.http.post(path).type('form').send(body ?? {});
    const res = await request.redirects(0);
    expect(res.status, res.text).to.equal(302);
    const location = new URL(res.headers['location'], PUBLIC_BASE);
    expect(location.pathname).to.equal('/api/payments/result');
    return Object.fromEntries(location.searchParams);
  }

  const order = async (id: number) => (await OrderModel.findByPk(id)) as OrderModel;
  const payment = async (id: number) => (await PaymentModel.findByPk(id)) as PaymentModel;
  const paidRows = (orderId: number) => OrderStatusHistoryModel.count({ where: { orderId, status: 'paid' } });
  const accessRows = (orderId: number) => ProductAccessModel.findAll({ where: { orderId } });

  async function expectPaidOnce(flow: Checkout) {
    const { orderId } = flow.data;
    expect((await order(orderId)).status).to.equal('paid');
    expect(await paidRows(orderId)).to.equal(1);
    const access = await accessRows(orderId);
    expect(access.map((row) => row.productId).sort()).to.deep.equal(flow.products.map((product) => product.id).sort());
    expect(access.every((row) => row.accessType === 'lifetime' && row.userId === flow.customer.id)).to.equal(true);
    expect(await notifications(orderId, 'ORDER_PAYMENT_RECEIVED_CHECKOUT')).to.have.length(1);
  }

  for (const gateway of ['esewa', 'khalti'] as const) {
    it(`${gateway}: approve → callback 302 pending → job pays the order once, grants every item, clears the cart`, async () => {
      const flow = await checkout(gateway);
      const callback = await payAtGateway(gateway, flow.data, 'approve');
      expect(callback).to.match(new RegExp(`^/api/payments/redirect/${flow.data.paymentId}/success\\?`));
      expect(await follow(callback)).to.deep.equal({
        payment_status: 'pending',
        payment_id: String(flow.data.paymentId),
        reference_type: 'order',
        reference_id: String(flow.data.orderId),
        next: `${SHOP}/orders/done`,
        // The callback carried the payment's own transaction id: the page may read its real state.
        token: api.app.container.get(PaymentStatusService).token(flow.data.paymentId),
      });
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');

      expect(await drain('orders')).to.deep.equal(['paid']);
      await expectPaidOnce(flow);
      const paid = await payment(flow.data.paymentId);
      expect(paid.status).to.equal('completed');
      expect(paid.completedAt).to.be.instanceOf(Date);
      expect(paid.gatewayReference).to.be.a('string').and.not.equal('');
      const granted = [
        ...(await notifications(flow.data.orderId, 'COURSE_ACCESS_GRANTED')),
        ...(await notifications(flow.data.orderId, 'BOOKLET_ACCESS_GRANTED')),
      ];
      expect(granted).to.have.length(2);

      await drain('cart');
      expect((await CartModel.findByPk(flow.cart.id))?.status).to.equal('completed');

      // The browser reloads the callback: it shows success and changes nothing.
      expect((await follow(callback)).payment_status).to.equal('success');
      expect(await drain('orders')).to.deep.equal([]);
      await expectPaidOnce(flow);
    });

    it(`${gateway}: decline → failure → payment_failed with ORDER_PAYMENT_FAILED, no access`, async () => {
      const flow = await checkout(gateway);
      const callback = await payAtGateway(gateway, flow.data, 'decline');
      expect((await follow(callback)).payment_status).to.equal('failed');
      expect(await drain('orders')).to.deep.equal(['payment_failed']);
      expect((await order(flow.data.orderId)).status).to.equal('payment_failed');
      expect((await payment(flow.data.paymentId)).status).to.equal('failed');
      expect(await OrderStatusHistoryModel.count({ where: { orderId: flow.data.orderId, status: 'payment_failed' } })).to.equal(1);
      expect(await notifications(flow.data.orderId, 'ORDER_PAYMENT_FAILED')).to.have.length(1);
      expect(await accessRows(flow.data.orderId)).to.have.length(0);
    });
  }

  it('50 sequential and 50 concurrent replays of the success callback and job: one paid transition, one access row per item, one event', async () => {
    const flow = await checkout('esewa');
    const callback = await payAtGateway('esewa', flow.data, 'approve');
    for (let i = 0; i < 50; i++) expect((await follow(callback)).payment_status).to.equal('pending');
    await Promise.all(Array.from({ length: 50 }, () => follow(callback)));
    // Replays coalesce into one job and one stored callback.
    expect((await infra.queues.queue('orders').getWaiting()).filter((job) => job.name === 'order.payment_success')).to.have.length(1);
    const stored = await PaymentCallbackModel.findAll({ where: { paymentId: flow.data.paymentId } });
    expect(stored.map((row) => row.receivedCount)).to.deep.equal([100]);
    const [job] = await infra.queues.queue('orders').getWaiting();
    await job.remove();

    // The job itself, run again and again, sequentially and concurrently.
    const finalize = jobs.container.get(FinalizePaymentSuccessUseCase);
    const input = { orderId: flow.data.orderId, paymentId: flow.data.paymentId, callbackId: stored[0].id };
    const concurrent = await Promise.all(Array.from({ length: 50 }, () => finalize.execute(input)));
    expect(concurrent.filter((result) => result === 'paid')).to.have.length(1);
    expect(concurrent.filter((result) => result !== 'paid').every((result) => result === 'already_final')).to.equal(true);
    for (let i = 0; i < 50; i++) expect(await finalize.execute(input)).to.equal('already_final');
    await expectPaidOnce(flow);
    expect(await PaymentModel.count({ where: { orderId: flow.data.orderId, status: 'completed' } })).to.equal(1);
  });

  /** GET /api/orders/:id as the customer (through the order history cache). */
  const orderDetail = async (flow: Checkout) =>
    (await api.http.get(`/api/orders/${flow.data.orderId}`).set('Authorization', `Bearer ${flow.customer.accessToken}`).expect(200)).body.data as {
      status: string;
      payments: Array<{ id: number; status: string; gatewayTransactionId: string }>;
    };

  it('money confirmed after the order was auto-cancelled is recorded as owed back (refund_owed_at), never silently kept or overwritten', async () => {
    const flow = await checkout('esewa');
    const callback = await payAtGateway('esewa', flow.data, 'approve');
    await forceOrderStatus(flow.data.orderId, { status: 'cancelled', cancelledAt: new Date() });
    // The customer's order detail is read (and cached) while the order is cancelled and the payment open.
    expect((await orderDetail(flow)).payments.map((row) => row.status)).to.deep.equal(['initiated']);

    // L4: a late success may have taken money: pending, not "failed, you were not charged".
    expect((await follow(callback)).payment_status).to.equal('pending');
    expect(await drain('orders')).to.deep.equal(['paid_after_close']);
    const recorded = await payment(flow.data.paymentId);
    expect(recorded.status).to.equal('completed');
    expect(recorded.refundOwedAt).to.be.instanceOf(Date);
    expect(recorded.refundSettledAt).to.equal(null);
    expect(recorded.lastVerificationError).to.match(/after the order was cancelled: refund required/);
    expect((await order(flow.data.orderId)).status).to.equal('cancelled');
    expect(await ProductAccessModel.count({ where: { orderId: flow.data.orderId } })).to.equal(0);
    // L3: the caches were invalidated: the customer sees the completed payment at once.
    expect((await orderDetail(flow)).payments.map((row) => row.status)).to.deep.equal(['completed']);

    // M3: later junk (unreadable, forged, a failure hit) neither overwrites the record nor queues anything.
    const forged = Buffer.from(JSON.stringify({ transaction_code: 'X', status: 'COMPLETE', signature: 'x' })).toString('base64');
    for (const path of [`${callback.split('?')[0]}?x[y]=1`, `${callback.split('?')[0]}?data=${encodeURIComponent(forged)}`, `/api/payments/redirect/${flow.data.paymentId}/failure`]) {
      expect((await follow(path)).payment_status, path).to.equal('failed');
    }
    const reload = await follow(callback);
    expect(reload.payment_status).to.equal('failed');
    expect(await drain('orders')).to.deep.equal([]);
    const after = await payment(flow.data.paymentId);
    expect([after.status, after.lastVerificationError, after.verificationAttempts, after.refundOwedAt?.getTime()]).to.deep.equal([
      'completed',
      recorded.lastVerificationError,
      recorded.verificationAttempts,
      recorded.refundOwedAt?.getTime(),
    ]);

    // L4: the result page the reload lands on says a refund will be arranged, not "not charged".
    const page = await api.http.get('/api/payments/result').query(reload).expect(200);
    expect(page.text).to.include('A refund of the amount will be arranged').and.not.include('not charged');
  });

  it('a failure callback (and the failure job) after success changes nothing', async () => {
    const flow = await checkout('khalti');
    await follow(await payAtGateway('khalti', flow.data, 'approve'));
    expect(await drain('orders')).to.deep.equal(['paid']);
    expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/failure`)).payment_status).to.equal('success');
    expect(await drain('orders')).to.deep.equal([]);
    const failure = jobs.container.get(FinalizePaymentFailureUseCase);
    expect(await failure.execute({ orderId: flow.data.orderId, paymentId: flow.data.paymentId })).to.equal('already_final');
    await expectPaidOnce(flow);
    expect(await notifications(flow.data.orderId, 'ORDER_PAYMENT_FAILED')).to.have.length(0);
  });

  describe('forged and mismatched callbacks leave the order as it was, recorded on the payment, shown failed', () => {
    const esewaData = (fields: Record<string, string>) => Buffer.from(JSON.stringify(fields)).toString('base64');
    const signedFields = (flow: Checkout, overrides: Record<string, string> = {}, secret = sim.esewa.secretKey) => {
      const fields: Record<string, string> = {
        transaction_code: '000ABCD',
        status: 'COMPLETE',
        total_amount: flow.data.gatewayPayload['total_amount'],
        transaction_uuid: flow.data.gatewayTransactionId,
        product_code: sim.esewa.productCode,
        signed_field_names: 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
        ...overrides,
      };
      return { ...fields, signature: signEsewa(fields, fields['signed_field_names'], secret) };
    };

    async function expectUnchanged(flow: Checkout, error: RegExp) {
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');
      const row = await payment(flow.data.paymentId);
      expect(row.status).to.not.equal('completed');
      expect(row.verificationAttempts).to.be.greaterThan(0);
      expect(row.lastVerificationError).to.match(error);
      expect(await accessRows(flow.data.orderId)).to.have.length(0);
      expect(await notifications(flow.data.orderId, 'ORDER_PAYMENT_RECEIVED_CHECKOUT')).to.have.length(0);
    }

    it('eSewa: a signature made with another secret', async () => {
      const flow = await checkout('esewa');
      await payAtGateway('esewa', flow.data, 'approve');
      const data = esewaData(signedFields(flow, {}, 'not-the-secret'));
      const shown = await follow(`/api/payments/redirect/${flow.data.paymentId}/success?data=${encodeURIComponent(data)}`);
      expect(shown).to.include({ payment_status: 'failed', reference_id: String(flow.data.orderId) });
      expect(await drain('orders')).to.deep.equal([]);
      await expectUnchanged(flow, /signature/);
    });

    it('eSewa: a tampered amount after signing', async () => {
      const flow = await checkout('esewa');
      const fields = { ...signedFields(flow), total_amount: '1.0' };
      expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?data=${encodeURIComponent(esewaData(fields))}`)).payment_status).to.equal('failed');
      await expectUnchanged(flow, /signature/);
    });

    it('eSewa: a correctly signed amount other than the order total (amount mismatch), also by POST', async () => {
      const flow = await checkout('esewa');
      const data = esewaData(signedFields(flow, { total_amount: '10.0' }));
      const shown = await follow(`/api/payments/redirect/${flow.data.paymentId}/success`, 'post', { data });
      expect(shown.payment_status).to.equal('failed');
      await expectUnchanged(flow, /amount mismatch/);
      // The job, had it been queued, refuses it as well.
      const stored = await PaymentCallbackModel.findOne({ where: { paymentId: flow.data.paymentId } });
      const finalize = jobs.container.get(FinalizePaymentSuccessUseCase);
      expect(await finalize.execute({ orderId: flow.data.orderId, paymentId: flow.data.paymentId, callbackId: (stored as PaymentCallbackModel).id })).to.equal('rejected');
      await expectUnchanged(flow, /amount mismatch/);
    });

    it('eSewa: a valid signature, but the status API does not say COMPLETE', async () => {
      const flow = await checkout('esewa');
      await payAtGateway('esewa', flow.data, 'decline');
      const data = esewaData(signedFields(flow));
      expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?data=${encodeURIComponent(data)}`)).payment_status).to.equal('pending');
      expect(await drain('orders')).to.deep.equal(['rejected']);
      await expectUnchanged(flow, /CANCELED, not COMPLETE/);
    });

    const claimCompleted = (flow: Checkout) => {
      const amount = String(199_950 + 30_000);
      const query = new URLSearchParams({ pidx: flow.data.gatewayTransactionId, status: 'Completed', transaction_id: 'FAKE', amount, total_amount: amount });
      return `/api/payments/redirect/${flow.data.paymentId}/success?${query}`;
    };

    it('Khalti: a callback claiming Completed while the lookup says User canceled', async () => {
      const flow = await checkout('khalti');
      await payAtGateway('khalti', flow.data, 'decline');
      expect((await follow(claimCompleted(flow))).payment_status).to.equal('pending');
      expect(await drain('orders')).to.deep.equal(['rejected']);
      await expectUnchanged(flow, /User canceled, not Completed/);
    });

    it('Khalti: while the lookup is undecided (Initiated) the order waits and order.payment_retry is scheduled', async () => {
      const flow = await checkout('khalti');
      expect((await follow(claimCompleted(flow))).payment_status).to.equal('pending');
      expect(await drain('orders')).to.deep.equal(['pending']);
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');
      const delayed = await infra.queues.queue('orders').getDelayed();
      const retry = delayed.filter((job) => job.name === 'order.payment_retry' && job.data.paymentId === flow.data.paymentId);
      expect(retry.map((job) => job.data)).to.deep.equal([{ orderId: flow.data.orderId, paymentId: flow.data.paymentId, attempt: 2, maxAttempts: 5 }]);
      // The payer approves later; the retry finds Completed and pays.
      await payAtGateway('khalti', flow.data, 'approve');
      const processor = PROCESSORS.find((candidate) => candidate.job === 'order.payment_retry');
      expect(await processor?.process(retry[0] as Job<never>, jobs.container)).to.equal('paid');
      await retry[0].remove();
      await expectPaidOnce(flow);
    });

    it('Khalti: an amount other than the order total, and another payment\'s pidx', async () => {
      const flow = await checkout('khalti');
      const mismatch = new URLSearchParams({ pidx: flow.data.gatewayTransactionId, status: 'Completed', amount: '1000' });
      expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?${mismatch}`)).payment_status).to.equal('failed');
      await expectUnchanged(flow, /amount mismatch/);
      const other = new URLSearchParams({ pidx: 'someone-elses-pidx', status: 'Completed' });
      expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?${other}`)).payment_status).to.equal('failed');
      await expectUnchanged(flow, /another payment/);
      expect(await drain('orders')).to.deep.equal([]);
    });
  });

  describe('failure callbacks prove nothing: only the gateway fails an order (review H1, M5)', () => {
    const failureOf = (flow: Checkout) => `/api/payments/redirect/${flow.data.paymentId}/failure`;
    const delayedFor = async (flow: Checkout, name: string) =>
      (await infra.queues.queue('orders').getDelayed()).filter((job) => job.name === name && job.data.paymentId === flow.data.paymentId);

    it('Khalti: a /failure hit (Khalti is given no failure URL) changes nothing and queues nothing; the payer then pays', async () => {
      const flow = await checkout('khalti');
      for (const method of ['get', 'post'] as const) expect((await follow(failureOf(flow), method)).payment_status).to.equal('pending');
      expect(await drain('orders')).to.deep.equal([]);
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');
      expect(await PaymentCallbackModel.count({ where: { paymentId: flow.data.paymentId } })).to.equal(0);
      await follow(await payAtGateway('khalti', flow.data, 'approve'));
      expect(await drain('orders')).to.deep.equal(['paid']);
      await expectPaidOnce(flow);
    });

    it('eSewa: a /failure hit while the payer is still on the eSewa page (status PENDING) leaves the order payable and re-checks later', async () => {
      const flow = await checkout('esewa');
      const page = await fetch(flow.data.redirectUrl, { method: 'POST', body: new URLSearchParams(flow.data.gatewayPayload), redirect: 'manual' });
      expect(page.status).to.equal(200); // eSewa now holds the transaction as PENDING
      expect((await follow(failureOf(flow))).payment_status).to.equal('failed'); // what eSewa's failure redirect would show
      expect(await drain('orders')).to.deep.equal(['gateway_pending']);
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');
      expect((await payment(flow.data.paymentId)).status).to.equal('initiated');
      expect(await notifications(flow.data.orderId, 'ORDER_PAYMENT_FAILED')).to.have.length(0);
      const [recheck] = await delayedFor(flow, 'order.payment_failed');
      expect(recheck.data).to.include({ orderId: flow.data.orderId, paymentId: flow.data.paymentId, recheck: 1 });
      expect(recheck.opts).to.deep.include({ attempts: 8, backoff: { type: 'exponential', delay: 10_000 }, delay: 5 * 60_000 });

      // The payer completes the payment: paid once; the re-check then finds nothing to do.
      const decided = await sim.decide('esewa', flow.data.gatewayTransactionId, 'approve');
      const success = new URL(decided as string);
      expect((await follow(`${success.pathname}${success.search}`)).payment_status).to.equal('pending');
      expect(await drain('orders')).to.deep.equal(['paid']);
      const processor = PROCESSORS.find((candidate) => candidate.job === 'order.payment_failed');
      expect(await processor?.process(recheck as Job<never>, jobs.container)).to.equal('already_final');
      await recheck.remove();
      await expectPaidOnce(flow);
    });

    it('eSewa: NOT_FOUND soon after checkout (the payer may not have reached eSewa yet) is not a failure; later it is', async () => {
      const flow = await checkout('esewa');
      await follow(failureOf(flow));
      expect(await drain('orders')).to.deep.equal(['gateway_pending']);
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');
      const [recheck] = await delayedFor(flow, 'order.payment_failed');
      await recheck.remove();

      // 20 minutes on (past ESEWA_NOT_FOUND_GRACE_MS) eSewa still knows nothing: a terminal answer.
      await PaymentModel.sequelize?.query(`UPDATE payments SET created_at = now() - interval '20 minutes' WHERE id = :id`, {
        replacements: { id: flow.data.paymentId },
      });
      await follow(failureOf(flow)); // a distinct later failure hit runs the job again (the first one finished)
      expect(await drain('orders')).to.deep.equal(['payment_failed']);
      expect((await order(flow.data.orderId)).status).to.equal('payment_failed');
    });

    it('eSewa: decline (status CANCELED) fails the order at once and gives the promotion use back (M5)', async () => {
      const promotion = await createPromotion({ percent: 10, usageLimit: 1 });
      const flow = await checkout('esewa', { promotion });
      expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(1);
      expect((await follow(await payAtGateway('esewa', flow.data, 'decline'))).payment_status).to.equal('failed');
      expect(await drain('orders')).to.deep.equal(['payment_failed']);
      expect((await order(flow.data.orderId)).status).to.equal('payment_failed');
      expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
      const redemption = await PromotionRedemptionModel.findOne({ where: { promotionId: promotion.id, reference: `order:${flow.data.orderId}` } });
      expect(redemption?.releasedAt).to.be.instanceOf(Date);
      // The single-use code can be used again by the same customer's next attempt.
      const again = await api.http
        .post('/api/orders/buy-now')
        .set('Authorization', `Bearer ${flow.customer.accessToken}`)
        .set('Idempotency-Key', randomUUID())
        .send({ productId: flow.products[0].id, gateway: 'esewa', returnUrl: `${SHOP}/orders/done`, promoCode: promotion.code });
      expect(again.status, JSON.stringify(again.body)).to.equal(200);
    });

    it('Khalti: a return_url cancellation (User canceled) still fails the order, through the gateway lookup', async () => {
      const promotion = await createPromotion({ percent: 10 });
      const flow = await checkout('khalti', { promotion });
      expect((await follow(await payAtGateway('khalti', flow.data, 'decline'))).payment_status).to.equal('failed');
      expect(await drain('orders')).to.deep.equal(['payment_failed']);
      expect((await order(flow.data.orderId)).status).to.equal('payment_failed');
      expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
    });
  });

  describe('verification chains survive junk and outages (review M1, M2, H2)', () => {
    const esewaData = (fields: Record<string, string>) => Buffer.from(JSON.stringify(fields)).toString('base64');

    it("eSewa: our own request form's signature, replayed as a callback claiming COMPLETE (review PoC), is rejected without asking eSewa", async () => {
      const flow = await checkout('esewa');
      const form = flow.data.gatewayPayload;
      const forged = {
        transaction_code: 'FAKE',
        status: 'COMPLETE',
        total_amount: form['total_amount'],
        transaction_uuid: form['transaction_uuid'],
        product_code: form['product_code'],
        signed_field_names: form['signed_field_names'],
        signature: form['signature'],
      };
      expect(forged.signed_field_names).to.equal('total_amount,transaction_uuid,product_code');
      for (const code of ['FAKE', 'FAKE2', 'FAKE3']) {
        const data = esewaData({ ...forged, transaction_code: code });
        expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?data=${encodeURIComponent(data)}`)).payment_status).to.equal('failed');
      }
      expect(await drain('orders'), 'no status check queued').to.deep.equal([]);
      const row = await payment(flow.data.paymentId);
      expect([row.status, row.lastVerificationError, row.verificationAttempts]).to.deep.equal(['initiated', 'invalid eSewa signature', 3]);
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');
    });

    it('eSewa: a genuinely signed callback that does not say COMPLETE is rejected without asking eSewa', async () => {
      const flow = await checkout('esewa');
      const fields: Record<string, string> = {
        transaction_code: '000ABCD',
        status: 'PENDING',
        total_amount: flow.data.gatewayPayload['total_amount'],
        transaction_uuid: flow.data.gatewayTransactionId,
        product_code: sim.esewa.productCode,
        signed_field_names: 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
      };
      const data = esewaData({ ...fields, signature: signEsewa(fields, fields['signed_field_names'], sim.esewa.secretKey) });
      expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?data=${encodeURIComponent(data)}`)).payment_status).to.equal('failed');
      expect(await drain('orders')).to.deep.equal([]);
      expect((await payment(flow.data.paymentId)).lastVerificationError).to.equal('the eSewa callback says PENDING, not COMPLETE');
    });

    it('order.payment_retry asks only the gateway: a junk callback stored after the genuine one does not end the chain (M2)', async () => {
      const flow = await checkout('khalti');
      const genuine = new URLSearchParams({ pidx: flow.data.gatewayTransactionId, status: 'Pending', amount: String(229_950) });
      expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?${genuine}`)).payment_status).to.equal('pending');
      expect(await drain('orders')).to.deep.equal(['pending']); // the lookup says Initiated
      // Junk arriving later, stored as the newest success callback of the payment.
      for (const junk of ['pidx=someone-elses-pidx&status=Completed', `pidx=${flow.data.gatewayTransactionId}&status=Completed&amount=1000`]) {
        expect((await follow(`/api/payments/redirect/${flow.data.paymentId}/success?${junk}`)).payment_status).to.equal('failed');
      }
      const retry = (await infra.queues.queue('orders').getDelayed()).filter((job) => job.name === 'order.payment_retry' && job.data.paymentId === flow.data.paymentId);
      expect(retry).to.have.length(1);
      await payAtGateway('khalti', flow.data, 'approve');
      const processor = PROCESSORS.find((candidate) => candidate.job === 'order.payment_retry');
      expect(await processor?.process(retry[0] as Job<never>, jobs.container)).to.equal('paid');
      await retry[0].remove();
      await expectPaidOnce(flow);
    });

    it('verification jobs retry for tens of minutes, and a reload re-queues a job that gave up; the order is paid once (H2)', async () => {
      const flow = await checkout('esewa');
      const callback = await payAtGateway('esewa', flow.data, 'approve');
      expect((await follow(callback)).payment_status).to.equal('pending');
      const [queued] = (await infra.queues.queue('orders').getWaiting()).filter((job) => job.data.paymentId === flow.data.paymentId);
      expect(queued.opts).to.deep.include({ attempts: 8, backoff: { type: 'exponential', delay: 10_000 } });
      // bull gave up on it (say eSewa was down for an hour): it is kept as failed under its id.
      const taken = (await infra.queues.queue('orders').getNextJob()) as Job;
      expect(taken.id).to.equal(queued.id);
      await taken.discard();
      await taken.moveToFailed({ message: 'eSewa did not answer' });
      expect(await queued.getState()).to.equal('failed');

      // The customer reloads the callback: the finished job no longer blocks a new one.
      expect((await follow(callback)).payment_status).to.equal('pending');
      const again = (await infra.queues.queue('orders').getWaiting()).filter((job) => job.data.paymentId === flow.data.paymentId);
      expect(again.map((job) => job.id)).to.deep.equal([queued.id]);
      // Concurrent reloads coalesce into that one job.
      await Promise.all(Array.from({ length: 5 }, () => follow(callback)));
      expect((await infra.queues.queue('orders').getWaiting()).filter((job) => job.data.paymentId === flow.data.paymentId)).to.have.length(1);
      expect(await drain('orders')).to.deep.equal(['paid']);
      expect((await follow(callback)).payment_status).to.equal('success');
      expect(await drain('orders')).to.deep.equal([]);
      await expectPaidOnce(flow);
    });
  });

  describe('callbacks always answer 302 to the result page', () => {
    it('an unknown or malformed payment id answers failed, GET and POST', async () => {
      for (const id of ['999999999', 'abc', '0', '-1', '1e3', '99999999999999999999']) {
        for (const outcome of ['success', 'failure']) {
          const shown = await follow(`/api/payments/redirect/${id}/${outcome}?data=x`);
          expect(shown.payment_status, `${id} ${outcome}`).to.equal('failed');
          expect(shown.reference_type).to.equal('order');
          expect((await follow(`/api/payments/redirect/${id}/${outcome}`, 'post', { data: 'x' })).payment_status).to.equal('failed');
        }
      }
    });

    it('garbage parameters and bodies answer failed and leave the order as it was', async () => {
      const flow = await checkout('esewa');
      const base = `/api/payments/redirect/${flow.data.paymentId}/success`;
      for (const query of ['', '?data=', '?data=%%%', '?data=bm90IGpzb24=', '?data=a&data=b', '?x[y]=1']) {
        expect((await follow(`${base}${query}`)).payment_status, query).to.equal('failed');
      }
      const broken = await api.http.post(base).set('content-type', 'application/json').send('{"data": ').redirects(0);
      expect(broken.status).to.equal(302);
      expect(broken.headers['location']).to.match(/^\/api\/payments\/result\?payment_status=failed/);
      const array = await api.http.post(base).send([1, 2]).redirects(0);
      expect(array.status).to.equal(302);
      expect((await order(flow.data.orderId)).status).to.equal('payment_pending');
      expect(await drain('orders')).to.deep.equal([]);
    });

    it('a POST success callback with the gateway\'s form fields is verified like a GET', async () => {
      const flow = await checkout('esewa');
      const callback = new URL(await payAtGateway('esewa', flow.data, 'approve'), PUBLIC_BASE);
      const shown = await follow(callback.pathname, 'post', { data: callback.searchParams.get('data') as string });
      expect(shown.payment_status).to.equal('pending');
      expect(await drain('orders')).to.deep.equal(['paid']);
      await expectPaidOnce(flow);
    });
  });
});
