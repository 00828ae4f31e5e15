import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { OrderModel, PaymentModel, PromotionModel, PromotionRedemptionModel } from '@platform/db';
import { createCart, createCourse, createCustomer, createPromotion, TestCustomer } from '@platform/testing';
import { SHOP, startCheckoutApp, found } from './checkout-test-app.test-helper';

/**
 * Khalti refuses an initiate below 1,000 paisa (REFERENCE "Khalti ePayment"; docs.khalti.com/khalti-epayment):
 * checkout and buy-now refuse such an order with 400 VALIDATION_ERROR before anything is kept,
 * instead of writing an order whose payment then fails at the gateway.
 */
describe('Khalti minimum amount (customer-api checkout and buy-now)', () => {
  let app: Awaited<ReturnType<typeof startCheckoutApp>>;
  const returnUrl = `${SHOP}/orders/done`;
  const MESSAGE = /^Khalti accepts payments of at least Rs 10 \(1000 paisa\); this order totals Rs 9\.(99|00)$/;

  before(async () => {
    app = await startCheckoutApp('khalti-minimum-e2e');
  });
  after(() => app.close());

  const post = (route: 'checkout' | 'buy-now', customer: TestCustomer, body: object, key: string) =>
    app.api.http.post(`/api/orders/${route}`).set('Authorization', `Bearer ${customer.accessToken}`).set('Idempotency-Key', key).send(body);

  const expectRefusedBeforeWriting = async (res: { status: number; body: Record<string, unknown> }, customer: TestCustomer, sentBefore: number) => {
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.include({ errorCode: 'VALIDATION_ERROR' });
    expect(res.body['message']).to.match(MESSAGE);
    expect((res.body['errors'] as Array<{ field: string }>).map((e) => e.field)).to.deep.equal(['gateway']);
    const orders = await OrderModel.findAll({ where: { userId: customer.id } });
    expect(orders).to.have.length(0);
    expect(await PaymentModel.count({ where: { orderId: orders.map((o) => o.id) } })).to.equal(0);
    expect(app.khalti.received).to.have.length(sentBefore);
  };

  it('checkout: a cart under Rs 10 paid with khalti is 400 VALIDATION_ERROR naming the minimum; the key can be used again', async () => {
    const customer = await createCustomer(app.api.app.container);
    await createCart(customer.id, [(await createCourse({ mrpPaisa: 999, spPaisa: 999 })).product]);
    const key = randomUUID();
    const sentBefore = app.khalti.received.length;

    await expectRefusedBeforeWriting(await post('checkout', customer, { gateway: 'khalti', returnUrl }, key), customer, sentBefore);

    // The key was released: the same key with another request is a new request, not a mismatch.
    const paid = await post('checkout', customer, { gateway: 'esewa', returnUrl }, key).expect(200);
    expect(paid.body.data.status).to.equal('payment_pending');
  });

  it('buy-now: a total under Rs 10 after the code\'s discount is refused the same way, and the code is not used', async () => {
    const customer = await createCustomer(app.api.app.container);
    const { product } = await createCourse({ mrpPaisa: 1_500, spPaisa: 1_500 });
    const promotion = await createPromotion({ discountPaisa: 600 });
    const key = randomUUID();
    const body = { productId: product.id, gateway: 'khalti', returnUrl, promoCode: promotion.code };
    const sentBefore = app.khalti.received.length;

    await expectRefusedBeforeWriting(await post('buy-now', customer, body, key), customer, sentBefore);
    expect(found(await PromotionModel.findByPk(promotion.id)).timesUsed).to.equal(0);
    expect(await PromotionRedemptionModel.count({ where: { promotionId: promotion.id } })).to.equal(0);

    // Without the code the total is Rs 15: Khalti is called, with the same key.
    const paid = await post('buy-now', customer, { productId: product.id, gateway: 'khalti', returnUrl }, key).expect(200);
    expect(paid.body.data.initiationType).to.equal('redirect');
    expect(found(app.khalti.received.at(-1)).amount).to.equal(1_500);
  });

  it('accepts exactly 1,000 paisa with khalti', async () => {
    const customer = await createCustomer(app.api.app.container);
    await createCart(customer.id, [(await createCourse({ mrpPaisa: 1_000, spPaisa: 1_000 })).product]);
    await post('checkout', customer, { gateway: 'khalti', returnUrl }, randomUUID()).expect(200);
    expect(found(app.khalti.received.at(-1)).amount).to.equal(1_000);
  });
});
