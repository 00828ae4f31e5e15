import { expect } from 'chai';
import { CartModel, PromotionModel, PromotionRedemptionModel } from '@platform/db';
import {
  buildTestApp,
  createCart,
  createCourse,
  createCustomer,
  createDigitalBook,
  createPromotion,
  expireCart,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * POST / DELETE /api/cart/promotion { code } (CONTRACT.md section 10), also under /api/mobile/cart.
 * learning-commerce.md, "Cart": appliedDiscount is never negative; payable = totalSp − appliedDiscount;
 * totals are recalculated with the applied discount whenever the items change.
 */
describe('Cart promotion (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  for (const prefix of ['/api/cart', '/api/mobile/cart']) {
    describe(`${prefix}/promotion`, () => {
      let customer: TestCustomer;
      const auth = () => `Bearer ${customer.accessToken}`;
      const get = () => api.http.get(prefix).set('Authorization', auth());
      const add = (productId: number) => api.http.post(`${prefix}/items`).set('Authorization', auth()).send({ productId });
      const removeItem = (itemId: number) => api.http.delete(`${prefix}/items/${itemId}`).set('Authorization', auth());
      const apply = (code: unknown) => api.http.post(`${prefix}/promotion`).set('Authorization', auth()).send({ code });
      const unapply = (body?: object) => {
        const request = api.http.delete(`${prefix}/promotion`).set('Authorization', auth());
        return body ? request.send(body) : request;
      };

      async function expectNotApplicable(code: string, reason: RegExp) {
        const res = await apply(code).expect(400);
        expect(res.body.errorCode).to.equal('PROMOTION_NOT_APPLICABLE');
        expect(res.body.message).to.match(reason);
      }

      beforeEach(async () => {
        customer = await createCustomer(api.app.container);
      });

      it('takes a null code as absent (not a 500): whatever is applied is removed, as without a code', async () => {
        const { product } = await createCourse();
        await add(product.id).expect(200);
        const promotion = await createPromotion({ percent: 10 });
        await apply(promotion.code).expect(200);
        const res = await unapply({ code: null }).expect(200);
        expect(res.body.data).to.deep.include({ appliedPromotionId: null, appliedPromotionCode: null });
        const absent = await unapply({}).expect(200);
        expect(absent.body.message).to.equal(res.body.message);
      });

      it('applies a percent code to the items\' unitSp, rounded down, and answers payable', async () => {
        const { product: course } = await createCourse({ mrpPaisa: 500_000, spPaisa: 399_999 });
        const { product: book } = await createDigitalBook({ mrpPaisa: 20_000, spPaisa: 10_000 });
        await add(course.id).expect(200);
        await add(book.id).expect(200);
        const promotion = await createPromotion({ percent: 15 });
        const res = await apply(promotion.code.toLowerCase()).expect(200);
        expect(res.body.message).to.equal('Promotion applied');
        expect(res.body.data).to.deep.include({
          totalMrp: 520_000,
          totalSp: 409_999,
          appliedPromotionId: promotion.id,
          appliedPromotionCode: promotion.code,
          appliedDiscount: 61_499,
          payable: 348_500,
        });
        // The GET after the change shows it too (the cached view was invalidated).
        expect((await get().expect(200)).body.data).to.deep.include({ appliedDiscount: 61_499, payable: 348_500 });
      });

      it('caps a fixed discount larger than the cart at totalSp: payable 0, never negative', async () => {
        const { product } = await createDigitalBook({ mrpPaisa: 30_000, spPaisa: 20_000 });
        await add(product.id).expect(200);
        const promotion = await createPromotion({ discountPaisa: 50_000 });
        const res = await apply(promotion.code).expect(200);
        expect(res.body.data).to.deep.include({ totalSp: 20_000, appliedDiscount: 20_000, payable: 0 });
      });

      it('consumes no use of the code (checkout redeems it)', async () => {
        const { product } = await createCourse();
        await add(product.id).expect(200);
        const promotion = await createPromotion({ percent: 10, usageLimit: 1, perUserLimit: 1 });
        await apply(promotion.code).expect(200);
        await apply(promotion.code).expect(200);
        expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
        expect(await PromotionRedemptionModel.count({ where: { promotionId: promotion.id } })).to.equal(0);
      });

      it('refuses codes that do not apply with 400 PROMOTION_NOT_APPLICABLE and the reason', async () => {
        const { product } = await createCourse();
        await add(product.id).expect(200);
        await expectNotApplicable('NOSUCHCODE', /does not exist/);
        await expectNotApplicable((await createPromotion({ isActive: false })).code, /not active/);
        await expectNotApplicable((await createPromotion({ endsAt: new Date(Date.now() - 1_000) })).code, /expired/);
        await expectNotApplicable((await createPromotion({ startsAt: new Date(Date.now() + 86_400_000) })).code, /not valid yet/);
        const { product: elsewhere } = await createCourse();
        await expectNotApplicable((await createPromotion({ productId: elsewhere.id })).code, /does not apply/);
        const usedUp = await createPromotion({ usageLimit: 1 });
        await usedUp.update({ timesUsed: 1 });
        await expectNotApplicable(usedUp.code, /usage limit/);
      });

      it('refuses any code on an empty cart', async () => {
        await get().expect(200);
        await expectNotApplicable((await createPromotion()).code, /nothing to apply/);
      });

      it('keeps the applied code when another code is refused', async () => {
        const { product } = await createCourse({ mrpPaisa: 10_000, spPaisa: 10_000 });
        await add(product.id).expect(200);
        const good = await createPromotion({ percent: 20 });
        await apply(good.code).expect(200);
        await expectNotApplicable('NOSUCHCODE', /does not exist/);
        expect((await get().expect(200)).body.data).to.deep.include({ appliedPromotionCode: good.code, appliedDiscount: 2_000 });
      });

      it('replaces the applied code with a new one', async () => {
        const { product } = await createCourse({ mrpPaisa: 10_000, spPaisa: 10_000 });
        await add(product.id).expect(200);
        await apply((await createPromotion({ percent: 20 })).code).expect(200);
        const second = await createPromotion({ discountPaisa: 500 });
        const res = await apply(second.code).expect(200);
        expect(res.body.data).to.deep.include({ appliedPromotionId: second.id, appliedDiscount: 500, payable: 9_500 });
      });

      it('answers 404 CART_NOT_FOUND without an active cart, and 400 VALIDATION_ERROR for a code outside 3-50 characters', async () => {
        const promotion = await createPromotion();
        let res = await apply(promotion.code).expect(404);
        expect(res.body.errorCode).to.equal('CART_NOT_FOUND');
        const cart = await createCart(customer.id);
        await expireCart(cart.id);
        res = await apply(promotion.code).expect(404);
        expect(res.body.errorCode).to.equal('CART_NOT_FOUND');
        for (const code of ['AB', 'X'.repeat(51), 42, undefined]) {
          res = await apply(code).expect(400);
          expect(res.body.errorCode, String(code)).to.equal('VALIDATION_ERROR');
        }
      });

      describe('recalculated when the items change', () => {
        it('a percent code grows with an added item and shrinks with a removed one', async () => {
          const { product: a } = await createCourse({ mrpPaisa: 10_000, spPaisa: 10_000 });
          const { product: b } = await createDigitalBook({ mrpPaisa: 5_000, spPaisa: 4_000 });
          await add(a.id).expect(200);
          const promotion = await createPromotion({ percent: 10 });
          await apply(promotion.code).expect(200);
          const grown = await add(b.id).expect(200);
          expect(grown.body.data).to.deep.include({ totalSp: 14_000, appliedDiscount: 1_400, payable: 12_600 });
          const shrunk = await removeItem(grown.body.data.items[0].id).expect(200);
          expect(shrunk.body.data).to.deep.include({ totalSp: 4_000, appliedDiscount: 400, payable: 3_600, appliedPromotionCode: promotion.code });
          expect(shrunk.body.message).to.equal('Item removed from cart');
        });

        it('a fixed code stays capped at the new totalSp', async () => {
          const { product: a } = await createCourse({ mrpPaisa: 10_000, spPaisa: 10_000 });
          const { product: b } = await createDigitalBook({ mrpPaisa: 2_000, spPaisa: 1_000 });
          await add(a.id).expect(200);
          const both = await add(b.id).expect(200);
          await apply((await createPromotion({ discountPaisa: 3_000 })).code).expect(200);
          const res = await removeItem(both.body.data.items[0].id).expect(200);
          expect(res.body.data).to.deep.include({ totalSp: 1_000, appliedDiscount: 1_000, payable: 0 });
        });

        it('a code restricted to a product is removed with that product, and the message says why', async () => {
          const { product: restricted } = await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000 });
          const { product: other } = await createDigitalBook({ mrpPaisa: 2_000, spPaisa: 2_000 });
          const added = await add(restricted.id).expect(200);
          await add(other.id).expect(200);
          const promotion = await createPromotion({ productId: restricted.id, percent: 50 });
          const applied = await apply(promotion.code).expect(200);
          expect(applied.body.data).to.deep.include({ totalSp: 10_000, appliedDiscount: 4_000, payable: 6_000 });
          const res = await removeItem(added.body.data.items[0].id).expect(200);
          expect(res.body.message).to.match(/^Item removed from cart; the promotion code was removed: .*does not apply/);
          expect(res.body.data).to.deep.include({
            totalSp: 2_000,
            appliedPromotionId: null,
            appliedPromotionCode: null,
            appliedDiscount: 0,
            payable: 2_000,
          });
        });

        it('a code deactivated since it was applied is removed by the next change', async () => {
          const { product: a } = await createCourse();
          const { product: b } = await createDigitalBook();
          await add(a.id).expect(200);
          const promotion = await createPromotion({ percent: 10 });
          await apply(promotion.code).expect(200);
          await promotion.update({ isActive: false });
          const res = await add(b.id).expect(200);
          expect(res.body.message).to.match(/promotion code was removed: .*not active/);
          expect(res.body.data).to.deep.include({ appliedPromotionCode: null, appliedDiscount: 0 });
        });

        it('a code deleted since it was applied is gone from the next GET', async () => {
          const { product } = await createCourse();
          await add(product.id).expect(200);
          const promotion = await createPromotion({ percent: 10 });
          await apply(promotion.code).expect(200);
          await promotion.destroy(); // carts.applied_promotion_id is set null by its foreign key
          const res = await get().expect(200);
          expect(res.body.data).to.deep.include({ appliedPromotionId: null, appliedPromotionCode: null, appliedDiscount: 0 });
          const stored = await CartModel.findByPk(res.body.data.id);
          expect(stored?.appliedPromotionCode).to.equal(null);
        });
      });

      describe('DELETE', () => {
        it('removes the applied code and restores payable', async () => {
          const { product } = await createCourse({ mrpPaisa: 10_000, spPaisa: 10_000 });
          await add(product.id).expect(200);
          const promotion = await createPromotion({ percent: 50 });
          await apply(promotion.code).expect(200);
          const res = await unapply({ code: promotion.code.toLowerCase() }).expect(200);
          expect(res.body.message).to.equal('Promotion removed');
          expect(res.body.data).to.deep.include({ appliedPromotionId: null, appliedPromotionCode: null, appliedDiscount: 0, payable: 10_000 });
          expect((await get().expect(200)).body.data.appliedPromotionCode).to.equal(null);
        });

        it('without a body removes whatever is applied; repeating it is harmless', async () => {
          const { product } = await createCourse();
          await add(product.id).expect(200);
          await apply((await createPromotion()).code).expect(200);
          expect((await unapply().expect(200)).body.data.appliedPromotionCode).to.equal(null);
          expect((await unapply().expect(200)).body.data.appliedPromotionCode).to.equal(null);
        });

        it('leaves the applied code when the body names another one', async () => {
          const { product } = await createCourse();
          await add(product.id).expect(200);
          const promotion = await createPromotion({ percent: 10 });
          await apply(promotion.code).expect(200);
          const res = await unapply({ code: 'OTHERCODE' }).expect(200);
          expect(res.body.data.appliedPromotionCode).to.equal(promotion.code);
        });

        it('answers 404 CART_NOT_FOUND without an active cart', async () => {
          const res = await unapply().expect(404);
          expect(res.body.errorCode).to.equal('CART_NOT_FOUND');
        });
      });

      it('clearing the cart resets appliedPromotionId, appliedPromotionCode and appliedDiscount', async () => {
        const { product } = await createCourse();
        await add(product.id).expect(200);
        const promotion = await createPromotion({ percent: 10 });
        await apply(promotion.code).expect(200);
        const res = await api.http.delete(prefix).set('Authorization', auth()).expect(200);
        expect(res.body.data).to.deep.include({ items: [], appliedPromotionId: null, appliedPromotionCode: null, appliedDiscount: 0, payable: 0 });
        const stored = await CartModel.findByPk(res.body.data.id);
        expect(stored).to.deep.include({ appliedPromotionId: null, appliedPromotionCode: null, appliedDiscountPaisa: 0 });
      });
    });
  }
});
