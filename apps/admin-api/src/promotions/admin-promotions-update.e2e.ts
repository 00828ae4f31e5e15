import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { PromotionModel, PromotionRedemptionModel } from '@platform/db';
import { adminToken, buildTestApp, createCourse, createCustomer, createPromotion, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

const tag = () => randomBytes(4).toString('hex').toUpperCase();
const BASE = '/api/admin/promotions';
const ALL = ['Promotions_READ', 'Promotions_CREATE', 'Promotions_UPDATE', 'Promotions_DELETE'];

describe('Admin promotion updates (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const patch = (id: number, body: object) => api.http.patch(`${BASE}/${id}`).set('Authorization', all).send(body);

  /** Records a use of the code, as a checkout would. */
  async function useOnce(promotion: PromotionModel) {
    const customer = await createCustomer(api.app.container);
    await PromotionRedemptionModel.create({ promotionId: promotion.id, userId: customer.id, reference: `order:${tag()}`, discountPaisa: 100 });
    await promotion.update({ timesUsed: promotion.timesUsed + 1 });
  }
  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = tokenWith(...ALL);
  });

  describe(`PATCH ${BASE}/:id`, () => {
    it('updates fields, upper-casing a new code and clearing fields set to null', async () => {
      const promotion = await createPromotion({ usageLimit: 10, endsAt: new Date('2031-01-01') });
      const code = `new-${tag()}`;
      const res = await patch(promotion.id, { code, percent: 25, usageLimit: null, endsAt: null, isActive: false }).expect(200);
      expect(res.body.data).to.include({ code: code.toUpperCase(), percent: 25, usageLimit: null, endsAt: null, isActive: false });
    });

    it('switches a percent code to a fixed one when the amount is sent', async () => {
      const promotion = await createPromotion({ percent: 10 });
      const res = await patch(promotion.id, { discountType: 'fixed', discountPaisa: 7_500 }).expect(200);
      expect(res.body.data).to.include({ discountType: 'fixed', discountPaisa: 7_500, percent: null });
    });

    it('validates the merged result: an amount on a percent code is 400', async () => {
      const promotion = await createPromotion({ percent: 10 });
      const res = await patch(promotion.id, { discountPaisa: 500 }).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      expect(res.body.errors[0].field).to.equal('discountPaisa');
    });

    it('validates the merged window against the stored start', async () => {
      const promotion = await createPromotion({ startsAt: new Date('2030-06-01T00:00:00Z') });
      const res = await patch(promotion.id, { endsAt: '2030-05-01T00:00:00Z' }).expect(400);
      expect(res.body.errors[0].field).to.equal('endsAt');
    });

    it('refuses a usage limit below the uses already made with 400', async () => {
      const promotion = await createPromotion({ usageLimit: 5 });
      await useOnce(promotion);
      await useOnce(promotion);
      const res = await patch(promotion.id, { usageLimit: 1 }).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      expect(res.body.errors[0].field).to.equal('usageLimit');
      await patch(promotion.id, { usageLimit: 2 }).expect(200);
    });

    it("refuses another code's code in any case with 409 CONFLICT", async () => {
      const [first, second] = [await createPromotion(), await createPromotion()];
      const res = await patch(second.id, { code: first.code.toLowerCase() }).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
    });

    it('restricts a code to an existing product, and 404s for an unknown one', async () => {
      const promotion = await createPromotion();
      const { product } = await createCourse();
      await patch(promotion.id, { productId: product.id }).expect(200);
      const res = await patch(promotion.id, { productId: 999_999_999 }).expect(404);
      expect(res.body.message).to.equal('Product not found');
    });

    for (const [rule, body] of [
      ['a null code', { code: null }],
      ['a null discountType', { discountType: null }],
      ['a null isActive', { isActive: null }],
      ['a percent of 101', { percent: 101 }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const promotion = await createPromotion();
        const res = await patch(promotion.id, body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    it('answers 404 for an unknown promotion', async () => {
      await patch(999_999_999, { isActive: false }).expect(404);
    });
  });
});
