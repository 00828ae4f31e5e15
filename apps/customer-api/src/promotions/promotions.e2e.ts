import { expect } from 'chai';
import { PromotionModel, PromotionRedemptionModel } from '@platform/db';
import {
  buildTestApp,
  createCourse,
  createCustomer,
  createDigitalBook,
  createPromotion,
  createTrainingProduct,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const DAY = 86_400_000;

describe('Promotion apply (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const apply = (prefix: string, customer: TestCustomer, body: object) =>
    api.http.post(`${prefix}/promotions/apply`).set('Authorization', `Bearer ${customer.accessToken}`).send(body);

  async function expectNotApplicable(prefix: string, customer: TestCustomer, body: object, reason: RegExp) {
    const res = await apply(prefix, customer, body).expect(400);
    expect(res.body.errorCode).to.equal('PROMOTION_NOT_APPLICABLE');
    expect(res.body.message).to.match(reason);
  }

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`POST ${prefix}/promotions/apply`, () => {
      let customer: TestCustomer;

      beforeEach(async () => {
        // A fresh customer per test: each has its own apply budget and per-user history.
        customer = await createCustomer(api.app.container);
      });

      it('answers the discount of a percent code, rounded down, on the product spPaisa', async () => {
        const { product } = await createCourse({ mrpPaisa: 500_000, spPaisa: 399_999 });
        const promotion = await createPromotion({ percent: 15 });
        const res = await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
        expect(res.body.data).to.deep.equal({
          code: promotion.code,
          productId: product.id,
          pricePaisa: 399_999,
          discountPaisa: 59_999,
          payablePaisa: 340_000,
        });
      });

      it('caps a fixed discount larger than the price at the price', async () => {
        const { product } = await createDigitalBook({ mrpPaisa: 30_000, spPaisa: 20_000 });
        const promotion = await createPromotion({ discountPaisa: 50_000 });
        const res = await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
        expect(res.body.data).to.include({ pricePaisa: 20_000, discountPaisa: 20_000, payablePaisa: 0 });
      });

      it('matches the code in any case and answers it upper-case', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ code: `Mixed-${Date.now()}`.toUpperCase(), discountPaisa: 1_000 });
        const res = await apply(prefix, customer, { code: `  ${promotion.code.toLowerCase()} `, productId: product.id }).expect(200);
        expect(res.body.data).to.include({ code: promotion.code, discountPaisa: 1_000 });
      });

      it('applies a code restricted to this product', async () => {
        const { product } = await createCourse({ spPaisa: 10_000, mrpPaisa: 10_000 });
        const promotion = await createPromotion({ productId: product.id, percent: 50 });
        const res = await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
        expect(res.body.data).to.include({ discountPaisa: 5_000, payablePaisa: 5_000 });
      });

      it('applies to a published training product too (the coupon check before enrolling)', async () => {
        const product = await createTrainingProduct({ spPaisa: 10_000, mrpPaisa: 10_000 });
        const promotion = await createPromotion({ percent: 10 });
        const res = await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
        expect(res.body.data).to.include({ discountPaisa: 1_000 });
      });

      it('refuses a code restricted to another product', async () => {
        const [{ product }, { product: other }] = await Promise.all([createCourse(), createCourse()]);
        const promotion = await createPromotion({ productId: other.id });
        await expectNotApplicable(prefix, customer, { code: promotion.code, productId: product.id }, /does not apply to this product/);
      });

      it('refuses an unknown code', async () => {
        const { product } = await createCourse();
        await expectNotApplicable(prefix, customer, { code: 'NO-SUCH-CODE-1', productId: product.id }, /does not exist/);
      });

      it('refuses an inactive code', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ isActive: false });
        await expectNotApplicable(prefix, customer, { code: promotion.code, productId: product.id }, /not active/);
      });

      it('refuses a code that has not started', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ startsAt: new Date(Date.now() + DAY) });
        await expectNotApplicable(prefix, customer, { code: promotion.code, productId: product.id }, /not valid yet/);
      });

      it('refuses an expired code', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - DAY) });
        await expectNotApplicable(prefix, customer, { code: promotion.code, productId: product.id }, /expired/);
      });

      it('applies a code inside its window', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) });
        await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
      });

      it('refuses a code that reached its usage limit', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ usageLimit: 1 });
        const other = await createCustomer(api.app.container);
        await PromotionRedemptionModel.create({ promotionId: promotion.id, userId: other.id, reference: 'order:1', discountPaisa: 100 });
        await promotion.update({ timesUsed: 1 });
        await expectNotApplicable(prefix, customer, { code: promotion.code, productId: product.id }, /usage limit/);
      });

      it('refuses a code the customer used up to the per-user limit, while others may still use it', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ perUserLimit: 1 });
        await PromotionRedemptionModel.create({ promotionId: promotion.id, userId: customer.id, reference: 'order:1', discountPaisa: 100 });
        await promotion.update({ timesUsed: 1 });
        await expectNotApplicable(prefix, customer, { code: promotion.code, productId: product.id }, /maximum number of times/);
        const other = await createCustomer(api.app.container);
        await apply(prefix, other, { code: promotion.code, productId: product.id }).expect(200);
      });

      it('does not count a released use against the per-user limit', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ perUserLimit: 1 });
        await PromotionRedemptionModel.create({
          promotionId: promotion.id,
          userId: customer.id,
          reference: 'order:1',
          discountPaisa: 100,
          releasedAt: new Date(),
        });
        await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
      });

      it('never consumes a use of the code', async () => {
        const { product } = await createCourse();
        const promotion = await createPromotion({ usageLimit: 1, perUserLimit: 1 });
        await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
        await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(200);
        expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
        expect(await PromotionRedemptionModel.count({ where: { promotionId: promotion.id } })).to.equal(0);
      });
    });
  }
});
