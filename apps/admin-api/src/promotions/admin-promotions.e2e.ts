import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { PromotionModel, PromotionRedemptionModel } from '@platform/db';
import { adminToken, buildTestApp, createCourse, createCustomer, createPromotion, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

const tag = () => randomBytes(4).toString('hex').toUpperCase();
const BASE = '/api/admin/promotions';
const ALL = ['Promotions_READ', 'Promotions_CREATE', 'Promotions_UPDATE', 'Promotions_DELETE'];

describe('Admin promotions (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const post = (body: object) => api.http.post(BASE).set('Authorization', all).send(body);
  const percentCode = (overrides: Record<string, unknown> = {}) => ({ code: `save-${tag()}`, discountType: 'percent', percent: 10, ...overrides });

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

  describe(`POST ${BASE}`, () => {
    it('creates a percent code, stored upper-case, and answers 201', async () => {
      const body = percentCode({ description: 'Dashain offer', usageLimit: 100, perUserLimit: 1 });
      const res = await post(body).expect(201);
      expect(res.body.message).to.equal('Promotion created successfully');
      expect(res.body.data).to.include({
        code: body.code.toUpperCase(),
        description: 'Dashain offer',
        discountType: 'percent',
        percent: 10,
        discountPaisa: null,
        productId: null,
        startsAt: null,
        endsAt: null,
        usageLimit: 100,
        perUserLimit: 1,
        timesUsed: 0,
        isActive: true,
      });
      expect(await PromotionModel.count({ where: { code: body.code.toUpperCase() } })).to.equal(1);
    });

    it('creates a fixed code restricted to a product, with a validity window', async () => {
      const { product } = await createCourse();
      const body = {
        code: `FLAT${tag()}`,
        discountType: 'fixed',
        discountPaisa: 50_000,
        productId: product.id,
        startsAt: '2030-01-01T00:00:00.000Z',
        endsAt: '2030-02-01T00:00:00.000Z',
        isActive: false,
      };
      const res = await post(body).expect(201);
      expect(res.body.data).to.include({ ...body, percent: null, timesUsed: 0 });
    });

    it('refuses the same code in another case with 409 CONFLICT', async () => {
      const code = `dup-${tag()}`;
      await post(percentCode({ code: code.toUpperCase() })).expect(201);
      const res = await post(percentCode({ code: code.toLowerCase() })).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
    });

    it('answers 404 NOT_FOUND for a restriction to an unknown product', async () => {
      const res = await post(percentCode({ productId: 999_999_999 })).expect(404);
      expect(res.body).to.deep.equal({ message: 'Product not found', errorCode: 'NOT_FOUND' });
    });

    for (const [rule, body, field] of [
      ['a percent code with discountPaisa', { discountPaisa: 500 }, 'discountPaisa'],
      ['a percent code without percent', { percent: undefined }, 'percent'],
      ['a percent of 0', { percent: 0 }, 'percent'],
      ['a percent of 101', { percent: 101 }, 'percent'],
      ['a fractional percent', { percent: 12.5 }, 'percent'],
      ['a fixed code without discountPaisa', { discountType: 'fixed', percent: undefined }, 'discountPaisa'],
      ['a fixed code with a percent', { discountType: 'fixed', discountPaisa: 500 }, 'percent'],
      ['a zero fixed discount', { discountType: 'fixed', percent: undefined, discountPaisa: 0 }, 'discountPaisa'],
      ['an unknown discount type', { discountType: 'bogo' }, 'discountType'],
      ['a code of 2 characters', { code: 'AB' }, 'code'],
      ['a code of 51 characters', { code: 'A'.repeat(51) }, 'code'],
      ['a code with a space', { code: 'SAVE 10' }, 'code'],
      ['a missing code', { code: undefined }, 'code'],
      ['a window that ends before it starts', { startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, 'endsAt'],
      ['a startsAt that is not a date', { startsAt: 'next monday' }, 'startsAt'],
      ['a usage limit of 0', { usageLimit: 0 }, 'usageLimit'],
      ['a per-user limit of -1', { perUserLimit: -1 }, 'perUserLimit'],
      ['an isActive that is not a boolean', { isActive: 'yes' }, 'isActive'],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await post(percentCode(body)).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
      });
    }
  });

  describe(`GET ${BASE}/:id`, () => {
    it('returns the code with timesUsed', async () => {
      const promotion = await createPromotion();
      await useOnce(promotion);
      const res = await api.http.get(`${BASE}/${promotion.id}`).set('Authorization', all).expect(200);
      expect(res.body.data).to.include({ id: promotion.id, code: promotion.code, timesUsed: 1 });
    });

    it('answers 404 NOT_FOUND for an unknown id', async () => {
      const res = await api.http.get(`${BASE}/999999999`).set('Authorization', all).expect(404);
      expect(res.body).to.deep.equal({ message: 'Promotion not found', errorCode: 'NOT_FOUND' });
    });
  });

  describe(`DELETE ${BASE}/:id`, () => {
    it('deletes a code that was never used', async () => {
      const promotion = await createPromotion();
      const res = await api.http.delete(`${BASE}/${promotion.id}`).set('Authorization', all).expect(200);
      expect(res.body.data).to.deep.equal({ id: promotion.id });
      expect(await PromotionModel.findByPk(promotion.id)).to.equal(null);
    });

    it('refuses to delete a used code with 409 CONFLICT: deactivate it instead', async () => {
      const promotion = await createPromotion();
      await useOnce(promotion);
      const res = await api.http.delete(`${BASE}/${promotion.id}`).set('Authorization', all).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
      expect(res.body.message).to.match(/deactivate it instead/);
      expect(await PromotionModel.findByPk(promotion.id)).not.to.equal(null);
    });

    it('answers 404 for an unknown promotion', async () => {
      await api.http.delete(`${BASE}/999999999`).set('Authorization', all).expect(404);
    });
  });
});
