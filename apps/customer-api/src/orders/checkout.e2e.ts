import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  CartItemModel,
  CartModel,
  IdempotencyKeyModel,
  OrderItemModel,
  OrderModel,
  OrderStatusHistoryModel,
  PaymentModel,
  Op,
  PromotionModel,
} from '@platform/db';
import { notificationDeliveryJobId, requestFingerprint, verifyEsewaSignature } from '@platform/domain';
import { adminToken, createCart, createCourse, createCustomer, createDigitalBook, createPromotion, eventually, expireCart, orderEvents, TestCustomer } from '@platform/testing';
import { API_BASE, ESEWA, SHOP, startCheckoutApp, found } from './checkout-test-app.test-helper';

/**
 * POST /api/orders/checkout (learning-commerce.md, "Orders": checkout rules, PaymentInitResponseDto,
 * "Errors → Orders", "Limits", "Events"; CONTRACT section 6 for eSewa), also under /api/mobile/orders.
 */
describe('Checkout (customer-api)', () => {
  let app: Awaited<ReturnType<typeof startCheckoutApp>>;
  const returnUrl = `${SHOP}/orders/done`;

  before(async () => {
    app = await startCheckoutApp('checkout-e2e');
  });
  after(() => app.close());

  const post = (customer: TestCustomer, body: object, key: string | null = randomUUID(), prefix = '/api/orders') => {
    const request = app.api.http.post(`${prefix}/checkout`).set('Authorization', `Bearer ${customer.accessToken}`);
    return (key === null ? request : request.set('Idempotency-Key', key)).send(body);
  };
  const newCustomer = () => createCustomer(app.api.app.container);
  const ordersOf = (customer: TestCustomer) => OrderModel.findAll({ where: { userId: customer.id } });

  for (const prefix of ['/api/orders', '/api/mobile/orders']) {
    it(`${prefix}/checkout turns the cart into a payment_pending order and answers the signed eSewa form`, async () => {
      const customer = await newCustomer();
      const { product: course } = await createCourse({ mrpPaisa: 500_000, spPaisa: 399_999 });
      const { product: book } = await createDigitalBook({ mrpPaisa: 20_000, spPaisa: 10_000 });
      const cart = await createCart(customer.id, [course, book]);
      // The cart's snapshots are what is bought, even when the catalogue price has moved since.
      await course.update({ spPaisa: 450_000 });

      const res = await post(customer, { gateway: 'esewa', returnUrl }, randomUUID(), prefix).expect(200);

      const data = res.body.data;
      const order = found(await OrderModel.findByPk(data.orderId));
      const payment = found(await PaymentModel.findByPk(data.paymentId));
      expect(data).to.deep.include({
        orderId: order.id,
        status: 'payment_pending',
        paymentId: payment.id,
        gatewayTransactionId: payment.gatewayTransactionId,
        initiationType: 'form_post',
        redirectUrl: ESEWA.formUrl,
      });
      expect(Object.keys(data.gatewayPayload).sort()).to.deep.equal(
        ['amount', 'tax_amount', 'total_amount', 'transaction_uuid', 'product_code', 'product_service_charge',
          'product_delivery_charge', 'success_url', 'failure_url', 'signed_field_names', 'signature'].sort(),
      );
      expect(data.gatewayPayload).to.deep.include({
        amount: '4099.99',
        total_amount: '4099.99',
        tax_amount: '0',
        product_service_charge: '0',
        product_delivery_charge: '0',
        transaction_uuid: payment.gatewayTransactionId,
        product_code: ESEWA.productCode,
        success_url: `${API_BASE}/api/payments/redirect/${payment.id}/success`,
        failure_url: `${API_BASE}/api/payments/redirect/${payment.id}/failure`,
        signed_field_names: 'total_amount,transaction_uuid,product_code',
      });
      expect(Object.values(data.gatewayPayload).every((value) => typeof value === 'string')).to.equal(true);
      expect(verifyEsewaSignature(data.gatewayPayload, ESEWA.secretKey)).to.equal(true);
      expect(verifyEsewaSignature(data.gatewayPayload, 'another-secret')).to.equal(false);

      expect(order.orderNumber).to.match(/^ORD-\d{8}-[A-Z2-7]{6}$/);
      expect(order).to.deep.include({
        userId: customer.id, type: 'digital', source: 'checkout', paymentMethod: 'online', status: 'payment_pending',
        mrpTotalPaisa: 520_000, subtotalPaisa: 409_999, discountPaisa: 0, totalPaisa: 409_999,
        cartId: cart.id, gateway: 'esewa', returnUrl, promotionId: null,
      });
      const items = await OrderItemModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] });
      expect(items.map((item) => [item.productId, item.title, item.unitMrpPaisa, item.unitSpPaisa, item.lineTotalPaisa])).to.deep.equal([
        [course.id, course.title, 500_000, 399_999, 399_999],
        [book.id, book.title, 20_000, 10_000, 10_000],
      ]);
      const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] });
      expect(history.map((row) => [row.status, row.actorType, row.createdByCustomerId])).to.deep.equal([
        ['created', 'customer', customer.id],
        ['payment_pending', 'customer', customer.id],
      ]);
      expect(payment).to.deep.include({ orderId: order.id, gateway: 'esewa', status: 'initiated', amountPaisa: 409_999 });
      // The cart is cleared only after the payment succeeds.
      expect(found(await CartModel.findByPk(cart.id)).status).to.equal('active');
      expect(await CartItemModel.count({ where: { cartId: cart.id } })).to.equal(2);
    });
  }

  it('redeems the cart\'s code, spreads the discount over the lines and queues ORDER_PLACED_CHECKOUT after commit', async () => {
    const customer = await newCustomer();
    const { product: course } = await createCourse({ mrpPaisa: 30_000, spPaisa: 20_000 });
    const { product: book } = await createDigitalBook({ mrpPaisa: 10_000, spPaisa: 10_000 });
    const promotion = await createPromotion({ discountPaisa: 1_000 });
    await createCart(customer.id, [course, book], { promotion: { promotion, discountPaisa: 1_000 } });

    const res = await post(customer, { gateway: 'esewa', returnUrl }).expect(200);

    const order = found(await OrderModel.findByPk(res.body.data.orderId));
    expect(order).to.deep.include({ subtotalPaisa: 30_000, discountPaisa: 1_000, totalPaisa: 29_000, promotionId: promotion.id, promotionCode: promotion.code });
    expect(res.body.data.gatewayPayload.total_amount).to.equal('290.00');
    const items = await OrderItemModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] });
    expect(items.map((item) => [item.discountPaisa, item.lineTotalPaisa])).to.deep.equal([[667, 19_333], [333, 9_667]]);
    expect(found(await PromotionModel.findByPk(promotion.id)).timesUsed).to.equal(1);

    const [event] = await orderEvents(order.id);
    expect(event).to.deep.include({ event: 'ORDER_PLACED_CHECKOUT', audience: 'customer', userId: customer.id });
    expect(event.payload).to.deep.include({ orderId: order.id, orderNumber: order.orderNumber, total: 29_000 });
    expect(event.payload['items']).to.have.length(2);
    const queue = app.api.infra.queues.queue('notifications');
    await eventually(async () => (await queue.getJob(notificationDeliveryJobId(event.id))) !== null);
  });

  describe('errors', () => {
    it('answers 404 ORDER_ACTIVE_CART_NOT_FOUND without a cart or with an expired one', async () => {
      const customer = await newCustomer();
      expect((await post(customer, { gateway: 'esewa', returnUrl }).expect(404)).body.errorCode).to.equal('ORDER_ACTIVE_CART_NOT_FOUND');
      const { product } = await createCourse();
      const cart = await createCart(customer.id, [product]);
      await expireCart(cart.id);
      expect((await post(customer, { gateway: 'esewa', returnUrl }).expect(404)).body.errorCode).to.equal('ORDER_ACTIVE_CART_NOT_FOUND');
      expect(await ordersOf(customer)).to.have.length(0);
    });

    it('answers 400 ORDER_CART_EMPTY for an empty cart, and the same key works once the cart has items', async () => {
      const customer = await newCustomer();
      const cart = await createCart(customer.id, []);
      const key = randomUUID();
      expect((await post(customer, { gateway: 'esewa', returnUrl }, key).expect(400)).body.errorCode).to.equal('ORDER_CART_EMPTY');
      const { product } = await createCourse();
      await CartItemModel.create({ cartId: cart.id, productId: product.id, productType: 'course', unitMrpPaisa: 500_000, unitSpPaisa: 400_000 });
      await post(customer, { gateway: 'esewa', returnUrl }, key).expect(200);
      expect(await ordersOf(customer)).to.have.length(1);
    });

    it('answers 400 ORDER_PRODUCT_NOT_AVAILABLE when a line is no longer for sale', async () => {
      const customer = await newCustomer();
      const { product } = await createCourse();
      await createCart(customer.id, [product]);
      await product.update({ isSellable: false });
      const res = await post(customer, { gateway: 'esewa', returnUrl }).expect(400);
      expect(res.body.errorCode).to.equal('ORDER_PRODUCT_NOT_AVAILABLE');
      expect(await ordersOf(customer)).to.have.length(0);
    });

    it('answers 400 ORDER_PAYMENT_METHOD_NOT_SUPPORTED for a payment method other than online', async () => {
      const customer = await newCustomer();
      await createCart(customer.id, [(await createCourse()).product]);
      const res = await post(customer, { gateway: 'esewa', returnUrl, paymentMethod: 'cash_on_delivery' }).expect(400);
      expect(res.body.errorCode).to.equal('ORDER_PAYMENT_METHOD_NOT_SUPPORTED');
      await post(customer, { gateway: 'esewa', returnUrl, paymentMethod: 'online' }).expect(200);
    });

    it('refuses with 400 PROMOTION_NOT_APPLICABLE when the cart\'s code stopped applying, making no order', async () => {
      const customer = await newCustomer();
      const { product } = await createCourse();
      const promotion = await createPromotion({ percent: 10 });
      await createCart(customer.id, [product], { promotion: { promotion, discountPaisa: 40_000 } });
      await promotion.update({ isActive: false });
      const res = await post(customer, { gateway: 'esewa', returnUrl }).expect(400);
      expect(res.body.errorCode).to.equal('PROMOTION_NOT_APPLICABLE');
      expect(await ordersOf(customer)).to.have.length(0);
    });

    it('validates the body and the Idempotency-Key header (400 VALIDATION_ERROR)', async () => {
      // Fresh customers every few requests: the checkout budget is 10 a minute.
      let customer = await newCustomer();
      let sent = 0;
      const budgeted = async () => {
        if (++sent % 8 === 0) customer = await newCustomer();
        return customer;
      };
      const bad: object[] = [
        {},
        { returnUrl },
        { gateway: 'paypal', returnUrl },
        { gateway: 'esewa' },
        { gateway: 'esewa', returnUrl: 'not a url' },
        { gateway: 'esewa', returnUrl: 'ftp://shop.example.com/x' },
        { gateway: 'esewa', returnUrl: '/relative/path' },
        { gateway: 'esewa', returnUrl: 'https://evil.example.com/phish' },
        { gateway: 'esewa', returnUrl: 42 },
        { gateway: 'esewa', returnUrl, paymentMethod: null },
        { gateway: 'esewa', returnUrl, paymentMethod: 5 },
      ];
      for (const body of bad) {
        const res = await post(await budgeted(), body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
      for (const key of [null, '', 'x'.repeat(256)]) {
        const res = await post(await budgeted(), { gateway: 'esewa', returnUrl }, key);
        expect(res.status, String(key)).to.equal(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      }
      expect(await OrderModel.count({ where: { returnUrl: { [Op.like]: '%evil%' } } })).to.equal(0);
    });

    it('accepts a localhost returnUrl on an allowed origin', async () => {
      const customer = await newCustomer();
      await createCart(customer.id, [(await createCourse()).product]);
      await post(customer, { gateway: 'esewa', returnUrl: 'http://localhost:4200/done' }).expect(200);
    });

    it('answers 401 without a valid token and 403 for an admin token', async () => {
      await app.api.http.post('/api/orders/checkout').set('Idempotency-Key', 'k1').send({ gateway: 'esewa', returnUrl }).expect(401);
      await app.api.http.post('/api/orders/checkout').set('Authorization', 'Bearer nonsense').send({ gateway: 'esewa', returnUrl }).expect(401);
      const admin = adminToken(app.api.app.container, ['*']);
      const res = await app.api.http.post('/api/mobile/orders/checkout').set('Authorization', `Bearer ${admin}`).set('Idempotency-Key', 'k1')
        .send({ gateway: 'esewa', returnUrl }).expect(403);
      expect(res.body.errorCode).to.equal('FORBIDDEN');
    });

    it('allows 10 checkouts per minute per customer, web and mobile together (429 RATE_LIMIT_EXCEEDED)', async () => {
      const customer = await newCustomer();
      for (let n = 0; n < 10; n++) await post(customer, { gateway: 'esewa', returnUrl }, randomUUID(), n % 2 ? '/api/mobile/orders' : '/api/orders').expect(404);
      const res = await post(customer, { gateway: 'esewa', returnUrl }).expect(429);
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      // Another customer has a budget of their own.
      await post(await newCustomer(), { gateway: 'esewa', returnUrl }).expect(404);
    });
  });

  describe('Idempotency-Key', () => {
    it('checkout replays the first result for a repeated Idempotency-Key and creates nothing new', async () => {
      const customer = await newCustomer();
      await createCart(customer.id, [(await createCourse()).product]);
      const key = randomUUID();
      const first = await post(customer, { gateway: 'esewa', returnUrl }, key).expect(200);
      const again = await post(customer, { gateway: 'esewa', returnUrl }, key).expect(200);
      expect(again.body).to.deep.equal(first.body);
      expect(await ordersOf(customer)).to.have.length(1);
      expect(await PaymentModel.count({ where: { orderId: first.body.data.orderId } })).to.equal(1);
      // The same key on the mobile prefix is the same request.
      expect((await post(customer, { gateway: 'esewa', returnUrl }, key, '/api/mobile/orders').expect(200)).body).to.deep.equal(first.body);
    });

    it('answers 409 ORDER_IDEMPOTENCY_MISMATCH when the same key comes with a different body', async () => {
      const customer = await newCustomer();
      await createCart(customer.id, [(await createCourse()).product]);
      const key = randomUUID();
      await post(customer, { gateway: 'esewa', returnUrl }, key).expect(200);
      const res = await post(customer, { gateway: 'khalti', returnUrl }, key).expect(409);
      expect(res.body.errorCode).to.equal('ORDER_IDEMPOTENCY_MISMATCH');
      expect(await ordersOf(customer)).to.have.length(1);
    });

    it('answers 409 ORDER_IDEMPOTENCY_MISMATCH while the first request with the key is still running', async () => {
      const customer = await newCustomer();
      await createCart(customer.id, [(await createCourse()).product]);
      const key = randomUUID();
      await IdempotencyKeyModel.create({ actorType: 'customer', userId: customer.id, scope: 'checkout', key, requestHash: requestFingerprint({ gateway: 'esewa', returnUrl }) });
      const res = await post(customer, { gateway: 'esewa', returnUrl }, key).expect(409);
      expect(res.body).to.deep.equal({ errorCode: 'ORDER_IDEMPOTENCY_MISMATCH', message: 'A request with this Idempotency-Key is still being processed' });
      expect(await ordersOf(customer)).to.have.length(0);
    });

    it('keeps keys apart per customer', async () => {
      const [one, two] = [await newCustomer(), await newCustomer()];
      const key = randomUUID();
      for (const customer of [one, two]) await createCart(customer.id, [(await createCourse()).product]);
      const a = await post(one, { gateway: 'esewa', returnUrl }, key).expect(200);
      const b = await post(two, { gateway: 'esewa', returnUrl }, key).expect(200);
      expect(a.body.data.orderId).to.not.equal(b.body.data.orderId);
    });

    it('10 concurrent checkouts with one key create exactly one order', async () => {
      const customer = await newCustomer();
      await createCart(customer.id, [(await createCourse()).product]);
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: 10 }, () => post(customer, { gateway: 'esewa', returnUrl }, key)));
      const ok = responses.filter((res) => res.status === 200);
      const conflicts = responses.filter((res) => res.status === 409);
      expect(ok.length + conflicts.length, responses.map((res) => res.status).join()).to.equal(10);
      expect(ok.length).to.be.greaterThan(0);
      for (const res of ok) expect(res.body).to.deep.equal(ok[0].body);
      for (const res of conflicts) expect(res.body.errorCode).to.equal('ORDER_IDEMPOTENCY_MISMATCH');
      expect(await ordersOf(customer)).to.have.length(1);
      // The key remembers the answer (a later repeat replays it; the 10 requests used this minute's budget).
      const stored = found(await IdempotencyKeyModel.findOne({ where: { userId: customer.id, scope: 'checkout', key } }));
      expect(stored).to.deep.include({ status: 'completed', orderId: ok[0].body.data.orderId });
      expect(stored.response).to.deep.equal(ok[0].body.data);
    });
  });

  it('uses a single-use code once when two customers check out with it at the same time', async () => {
    const promotion = await createPromotion({ percent: 50, usageLimit: 1 });
    const customers = [await newCustomer(), await newCustomer()];
    for (const customer of customers) {
      await createCart(customer.id, [(await createCourse({ mrpPaisa: 10_000, spPaisa: 10_000 })).product], {
        promotion: { promotion, discountPaisa: 5_000 },
      });
    }
    const responses = await Promise.all(customers.map((customer) => post(customer, { gateway: 'esewa', returnUrl })));
    expect(responses.map((res) => res.status).sort()).to.deep.equal([200, 400]);
    expect(found(responses.find((res) => res.status === 400)).body.errorCode).to.equal('PROMOTION_NOT_APPLICABLE');
    const winner = found(responses.find((res) => res.status === 200));
    expect(found(await OrderModel.findByPk(winner.body.data.orderId)).discountPaisa).to.equal(5_000);
    expect(await OrderModel.count({ where: { promotionId: promotion.id } })).to.equal(1);
    expect(found(await PromotionModel.findByPk(promotion.id)).timesUsed).to.equal(1);
  });
});
