import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { OrderModel, PaymentCallbackModel, PaymentModel } from '@platform/db';
import { PaymentStatusService } from '@platform/domain';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCart,
  createCourse,
  createCustomer,
  createOrder,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/** The result-page redirect a callback answers, as a plain object (CONTRACT section 4: always 302). */
async function follow(api: TestApp, path: string, method: 'get' | 'post' = 'get') {
  const res = await (method === 'get' ? api.http.get(path) : api.http.post(path).type('form').send({ pidx: 'x' })).redirects(0);
  expect(res.status, res.text).to.equal(302);
  const location = new URL(res.headers['location'], 'http://customer-api.test');
  expect(location.pathname).to.equal('/api/payments/result');
  return Object.fromEntries(location.searchParams);
}

/** A payment_pending order with a Khalti payment, written straight to the database. */
async function khaltiOrder(api: TestApp) {
  const customer = await createCustomer(api.app.container);
  const { product } = await createCourse();
  const order = await createOrder(customer.id, [product]);
  const payment = await PaymentModel.create({ orderId: order.id, gateway: 'khalti', amountPaisa: order.totalPaisa, gatewayTransactionId: `cb-${randomUUID()}` });
  return { customer, order, payment };
}

/** learning-commerce.md "Payment callbacks", CONTRACT section 4; review issue 5 (H1 rate limit, L3, L4). */
describe('Payment callbacks: rate limit, caches and the refund notice (customer-api)', () => {
  describe('with PAYMENT_CALLBACK_RATE_LIMIT=3', () => {
    let infra: Infrastructure;
    let api: TestApp;

    before(async () => {
      // A Redis prefix of its own: the run's other files count callbacks from 127.0.0.1 too.
      infra = await isolatedInfrastructure('payment-callback-limit', {
        PAYMENT_CALLBACK_RATE_LIMIT: '3',
        REDIS_PREFIX: `${TEST_ENV['REDIS_PREFIX']}:callback-limit`,
      });
      api = await buildTestApp(createCustomerApi, infra);
    });
    after(() => closeTestInfrastructure(infra));

    it('answers a failed redirect (still 302, never 429) without reading the callback once a client is over the limit', async () => {
      const { order, payment } = await khaltiOrder(api);
      const failure = `/api/payments/redirect/${payment.id}/failure`;
      // A failure hit for a Khalti payment, read: it changes nothing and answers pending.
      for (let i = 0; i < 3; i++) expect((await follow(api, failure)).payment_status).to.equal('pending');
      expect(await follow(api, failure)).to.deep.equal({ payment_status: 'failed', payment_id: String(payment.id), reference_type: 'order' });
      const success = `/api/payments/redirect/${payment.id}/success?pidx=${payment.gatewayTransactionId}&status=Completed`;
      expect((await follow(api, success)).payment_status).to.equal('failed');
      expect((await follow(api, success, 'post')).payment_status).to.equal('failed');
      expect((await follow(api, '/api/payments/redirect/abc/success')).payment_status).to.equal('failed');
      expect(await PaymentCallbackModel.count({ where: { paymentId: payment.id } }), 'nothing stored').to.equal(0);
      expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');
    });
  });

  describe('when Redis cannot count', () => {
    let infra: Infrastructure;
    let api: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure(
        'payment-callback-limit-offline',
        { PAYMENT_CALLBACK_RATE_LIMIT: '3' },
        { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'offline' }, { retryStrategy: () => null }) },
      );
      api = await buildTestApp(createCustomerApi, infra);
    });
    after(() => closeTestInfrastructure(infra));

    it('lets callbacks through (fail open): a payer coming back must not depend on Redis', async () => {
      const { payment } = await khaltiOrder(api);
      for (let i = 0; i < 6; i++) expect((await follow(api, `/api/payments/redirect/${payment.id}/failure`)).payment_status).to.equal('pending');
    });
  });

  describe('caches and the result page', () => {
    let khalti: Server;
    let infra: Infrastructure;
    let api: TestApp;
    /** Runs inside Khalti's initiate, before it answers: what a customer's browser may do meanwhile. */
    let duringInitiate: (orderNumber: string) => Promise<void> = async () => undefined;

    before(async () => {
      khalti = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', async () => {
          const { purchase_order_id: orderNumber } = JSON.parse(body || '{}') as { purchase_order_id: string };
          await duringInitiate(orderNumber);
          const pidx = `pidx-${orderNumber}`;
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({ pidx, payment_url: `https://pay.khalti.test/?pidx=${pidx}`, expires_at: new Date(Date.now() + 3_600_000).toISOString(), expires_in: 3600 }),
          );
        });
      });
      await new Promise<void>((resolve) => khalti.listen(0, '127.0.0.1', resolve));
      infra = await isolatedInfrastructure('payment-callback-caches', {
        RETURN_URL_ALLOWED_ORIGINS: 'http://shop.test',
        KHALTI_BASE_URL: `http://127.0.0.1:${(khalti.address() as AddressInfo).port}/api/v2`,
      });
      api = await buildTestApp(createCustomerApi, infra);
    });

    after(async () => {
      await closeTestInfrastructure(infra);
      khalti.closeAllConnections();
      await new Promise<void>((resolve) => khalti.close(() => resolve()));
    });

    it('L3: the order detail cached while Khalti was being called shows the pidx once checkout answered', async () => {
      const customer = await createCustomer(api.app.container);
      const { product } = await createCourse();
      await createCart(customer.id, [product]);
      const detail = async (orderId: number) =>
        (await api.http.get(`/api/orders/${orderId}`).set('Authorization', `Bearer ${customer.accessToken}`).expect(200)).body.data as {
          payments: Array<{ gatewayTransactionId: string }>;
        };
      let cached: string[] = [];
      duringInitiate = async (orderNumber) => {
        const order = (await OrderModel.findOne({ where: { orderNumber } })) as OrderModel;
        cached = (await detail(order.id)).payments.map((row) => row.gatewayTransactionId);
      };
      try {
        const res = await api.http
          .post('/api/orders/checkout')
          .set('Authorization', `Bearer ${customer.accessToken}`)
          .set('Idempotency-Key', randomUUID())
          .send({ gateway: 'khalti', returnUrl: 'http://shop.test/done' })
          .expect(200);
        const { orderId, gatewayTransactionId } = res.body.data as { orderId: number; gatewayTransactionId: string };
        expect(cached).to.have.length(1);
        expect(cached[0]).to.match(/^pending-/); // read (and cached) before the pidx was stored
        expect(gatewayTransactionId).to.match(/^pidx-/);
        expect((await detail(orderId)).payments.map((row) => row.gatewayTransactionId)).to.deep.equal([gatewayTransactionId]);
      } finally {
        duringInitiate = async () => undefined;
      }
    });

    it('L4: for a payment the gateway confirmed after its order closed, the page says a refund will be arranged', async () => {
      const customer = await createCustomer(api.app.container);
      const { product } = await createCourse();
      const order = await createOrder(customer.id, [product], { status: 'cancelled' });
      const now = new Date();
      const payment = await PaymentModel.create({
        orderId: order.id,
        gateway: 'esewa',
        status: 'completed',
        amountPaisa: order.totalPaisa,
        gatewayTransactionId: randomUUID(),
        completedAt: now,
        refundOwedAt: now,
        lastVerificationError: 'Gateway confirmed payment after the order was cancelled: refund required',
      });
      const token = api.app.container.get(PaymentStatusService).token(payment.id);
      const page = (query: Record<string, string>) => api.http.get('/api/payments/result').query(query).expect(200);

      // Whatever the query claims: the database says a refund is owed.
      for (const claimed of ['failed', 'success', 'pending']) {
        const owed = await page({ payment_status: claimed, payment_id: String(payment.id), token });
        expect(owed.text, claimed).to.include('Payment received after the order closed').and.include('A refund of the amount will be arranged');
        expect(owed.text).to.not.include('not charged').and.not.include('Payment failed').and.not.include('Payment successful');
      }
      // Without the payment's token the page knows nothing about it.
      const plain = await page({ payment_status: 'failed', payment_id: String(payment.id), reference_type: 'order', reference_id: String(order.id) });
      expect(plain.text).to.include('Payment failed').and.not.include('A refund of the amount').and.not.include('not charged');
      const huge = await page({ payment_status: 'failed', payment_id: '9999999999', token });
      expect(huge.text).to.include('Payment failed');
    });
  });
});
