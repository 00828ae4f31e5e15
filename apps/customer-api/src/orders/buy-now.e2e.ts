import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { IdempotencyKeyModel, OrderModel, OrderStatusHistoryModel, PaymentModel, PromotionModel, PromotionRedemptionModel } from '@platform/db';
import { createCourse, createCustomer, createDigitalBook, createPromotion, createTrainingProduct, orderEvents, TestCustomer } from '@platform/testing';
import { API_BASE, SHOP, startCheckoutApp, found } from './checkout-test-app.test-helper';

/**
 * POST /api/orders/buy-now (learning-commerce.md, "Orders" → BuyNowCheckoutDto, "Errors → Orders";
 * CONTRACT section 6 for Khalti's server-side initiate), also under /api/mobile/orders.
 */
describe('Buy now (customer-api)', () => {
  let app: Awaited<ReturnType<typeof startCheckoutApp>>;
  const returnUrl = `${SHOP}/orders/done`;

  before(async () => {
    app = await startCheckoutApp('buy-now-e2e');
  });
  after(() => app.close());

  const post = (customer: TestCustomer, body: object, key: string = randomUUID(), prefix = '/api/orders') =>
    app.api.http.post(`${prefix}/buy-now`).set('Authorization', `Bearer ${customer.accessToken}`).set('Idempotency-Key', key).send(body);
  const newCustomer = () => createCustomer(app.api.app.container);
  const ordersOf = (customer: TestCustomer) => OrderModel.findAll({ where: { userId: customer.id } });

  it('shows a new order in an order list that was cached before it', async () => {
    const customer = await newCustomer();
    const { product } = await createCourse();
    const list = () => app.api.http.get('/api/orders').set('Authorization', `Bearer ${customer.accessToken}`).expect(200);
    expect((await list()).body.count).to.equal(0); // now cached
    const res = await post(customer, { productId: product.id, gateway: 'esewa', returnUrl }).expect(200);
    const after = await list();
    expect(after.body.count).to.equal(1);
    expect(after.body.data[0].id).to.equal(res.body.data.orderId);
  });

  for (const prefix of ['/api/orders', '/api/mobile/orders']) {
    it(`${prefix}/buy-now starts a Khalti payment server-side and answers the redirect to its payment_url`, async () => {
      const customer = await newCustomer();
      const { product } = await createCourse({ mrpPaisa: 250_000, spPaisa: 199_900 });
      const res = await post(customer, { productId: product.id, gateway: 'khalti', returnUrl }, randomUUID(), prefix).expect(200);

      const data = res.body.data;
      const payment = found(await PaymentModel.findByPk(data.paymentId));
      const order = found(await OrderModel.findByPk(data.orderId));
      const sent = found(app.khalti.received.at(-1));
      expect(sent).to.deep.include({
        amount: 199_900,
        purchase_order_id: order.orderNumber,
        purchase_order_name: product.title,
        return_url: `${API_BASE}/api/payments/redirect/${payment.id}/success`,
        website_url: SHOP,
      });
      expect(data).to.deep.include({ orderId: order.id, status: 'payment_pending', paymentId: payment.id, initiationType: 'redirect' });
      expect(data.gatewayTransactionId).to.equal(payment.gatewayTransactionId);
      expect(data.redirectUrl).to.equal(`https://pay.khalti.example/?pidx=${data.gatewayTransactionId}`);
      expect(data.gatewayPayload).to.deep.equal({ pidx: data.gatewayTransactionId, payment_url: data.redirectUrl, expires_at: '2030-01-01T00:00:00+05:45' });
      expect(order).to.deep.include({
        source: 'buy_now', type: 'digital', status: 'payment_pending', cartId: null, gateway: 'khalti',
        mrpTotalPaisa: 250_000, subtotalPaisa: 199_900, discountPaisa: 0, totalPaisa: 199_900,
      });
      expect(payment).to.deep.include({ gateway: 'khalti', status: 'initiated', amountPaisa: 199_900 });

      const events = await orderEvents(order.id);
      expect(events).to.have.length(1);
      expect(events[0]).to.deep.include({ event: 'ORDER_PLACED_BUYNOW', userId: customer.id });
      expect(events[0].payload).to.deep.include({ orderId: order.id, orderNumber: order.orderNumber, price: 199_900 });
      expect(events[0].payload['product']).to.deep.include({ productId: product.id, title: product.title });
    });
  }

  it('buys a digital book with eSewa and a promo code, replaying the answer for the same key', async () => {
    const customer = await newCustomer();
    const { product } = await createDigitalBook({ mrpPaisa: 20_000, spPaisa: 10_000 });
    const promotion = await createPromotion({ percent: 25 });
    const body = { productId: product.id, gateway: 'esewa', returnUrl, promoCode: ` ${promotion.code.toLowerCase()} ` };
    const key = randomUUID();
    const first = await post(customer, body, key).expect(200);
    expect(first.body.data).to.deep.include({ initiationType: 'form_post' });
    expect(first.body.data.gatewayPayload.total_amount).to.equal('75.00');
    const order = found(await OrderModel.findByPk(first.body.data.orderId));
    expect(order).to.deep.include({ discountPaisa: 2_500, totalPaisa: 7_500, promotionId: promotion.id });
    expect((await post(customer, body, key).expect(200)).body).to.deep.equal(first.body);
    expect(await ordersOf(customer)).to.have.length(1);
    expect(found(await PromotionModel.findByPk(promotion.id)).timesUsed).to.equal(1);
    // Another product with the same key is another request.
    const other = (await createCourse()).product;
    expect((await post(customer, { ...body, productId: other.id }, key).expect(409)).body.errorCode).to.equal('ORDER_IDEMPOTENCY_MISMATCH');
  });

  it('marks the order payment_failed and answers 409 ORDER_PAYMENT_FAILED when Khalti refuses, for the key\'s repeats too', async () => {
    const customer = await newCustomer();
    const { product } = await createCourse({ mrpPaisa: 90_000, spPaisa: 90_000 });
    app.khalti.refuseNext(400, { return_url: ['Enter a valid URL.'], error_key: 'validation_error' });
    const promotion = await createPromotion({ discountPaisa: 100 });
    const key = randomUUID();
    const body = { productId: product.id, gateway: 'khalti', returnUrl, promoCode: promotion.code };
    const res = await post(customer, body, key).expect(409);
    expect(res.body.errorCode).to.equal('ORDER_PAYMENT_FAILED');
    expect(res.body.message).to.not.match(/paisa|secret/i);

    const [order] = await ordersOf(customer);
    expect(order.status).to.equal('payment_failed');
    const payment = found(await PaymentModel.findOne({ where: { orderId: order.id } }));
    expect(payment.status).to.equal('failed');
    expect(payment.lastVerificationError).to.match(/Enter a valid URL/);
    const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] });
    expect(history.map((row) => [row.status, row.actorType])).to.deep.equal([
      ['created', 'customer'], ['payment_pending', 'customer'], ['payment_failed', 'system'],
    ]);
    // The code's use is given back.
    expect(found(await PromotionModel.findByPk(promotion.id)).timesUsed).to.equal(0);
    expect(found(await PromotionRedemptionModel.findOne({ where: { promotionId: promotion.id } })).releasedAt).to.not.equal(null);
    expect(found(await IdempotencyKeyModel.findOne({ where: { userId: customer.id, key } })).status).to.equal('failed');

    const again = await post(customer, body, key).expect(409);
    expect(again.body).to.deep.equal(res.body);
    expect(await ordersOf(customer)).to.have.length(1);
  });

  describe('errors', () => {
    it('answers 400 ORDER_PRODUCT_NOT_AVAILABLE for a missing, unpublished, unsellable or training product', async () => {
      const customer = await newCustomer();
      const candidates = [
        2_000_000_000,
        (await createCourse({ published: false })).product.id,
        (await createDigitalBook({ sellable: false })).product.id,
        (await createTrainingProduct()).id,
      ];
      for (const productId of candidates) {
        const res = await post(customer, { productId, gateway: 'esewa', returnUrl });
        expect(res.status, String(productId)).to.equal(400);
        expect(res.body.errorCode).to.equal('ORDER_PRODUCT_NOT_AVAILABLE');
      }
      expect(await ordersOf(customer)).to.have.length(0);
    });

    it('answers 400 PROMOTION_NOT_APPLICABLE for a code that does not apply, and 400 ORDER_PAYMENT_METHOD_NOT_SUPPORTED', async () => {
      const customer = await newCustomer();
      const { product } = await createCourse();
      const elsewhere = await createPromotion({ productId: (await createCourse()).product.id });
      for (const promoCode of ['NOSUCHCODE', elsewhere.code]) {
        const res = await post(customer, { productId: product.id, gateway: 'esewa', returnUrl, promoCode }).expect(400);
        expect(res.body.errorCode).to.equal('PROMOTION_NOT_APPLICABLE');
      }
      const res = await post(customer, { productId: product.id, gateway: 'khalti', returnUrl, paymentMethod: 'bank_transfer' }).expect(400);
      expect(res.body.errorCode).to.equal('ORDER_PAYMENT_METHOD_NOT_SUPPORTED');
      expect(await ordersOf(customer)).to.have.length(0);
    });

    it('validates every field (400 VALIDATION_ERROR)', async () => {
      let customer = await newCustomer();
      const { product } = await createCourse();
      const valid = { productId: product.id, gateway: 'esewa', returnUrl };
      const bad: object[] = [
        { gateway: 'esewa', returnUrl },
        { ...valid, productId: 0 },
        { ...valid, productId: -3 },
        { ...valid, productId: 1.5 },
        { ...valid, productId: 'abc' },
        { ...valid, productId: 2_147_483_648 },
        { ...valid, gateway: 'stripe' },
        { ...valid, returnUrl: 'javascript:alert(1)' },
        { ...valid, returnUrl: 'https://elsewhere.example.com/' },
        { ...valid, promoCode: 'ab' },
        { ...valid, promoCode: 'x'.repeat(51) },
        { ...valid, promoCode: null },
        { ...valid, promoCode: 123 },
      ];
      for (const [index, body] of bad.entries()) {
        if (index > 0 && index % 8 === 0) customer = await newCustomer(); // 10 buy-now requests a minute
        const res = await post(customer, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
    });

    it('allows 10 buy-now requests per minute per customer (429 RATE_LIMIT_EXCEEDED)', async () => {
      const customer = await newCustomer();
      const body = { productId: 2_000_000_000, gateway: 'esewa', returnUrl };
      for (let n = 0; n < 10; n++) await post(customer, body).expect(400);
      expect((await post(customer, body, randomUUID(), '/api/mobile/orders').expect(429)).body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    });

    it('answers 401 without a token', async () => {
      await app.api.http.post('/api/orders/buy-now').send({ productId: 1, gateway: 'esewa', returnUrl }).expect(401);
    });
  });
});
