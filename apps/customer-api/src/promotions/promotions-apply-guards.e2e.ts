import { expect } from 'chai';
import { adminToken, buildTestApp, createCourse, createCustomer, createPromotion, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

describe('Promotion apply guards (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const apply = (prefix: string, customer: TestCustomer, body: object) =>
    api.http.post(`${prefix}/promotions/apply`).set('Authorization', `Bearer ${customer.accessToken}`).send(body);

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`POST ${prefix}/promotions/apply`, () => {
      let customer: TestCustomer;

      beforeEach(async () => {
        customer = await createCustomer(api.app.container);
      });
      for (const [state, options] of [
        ['unpublished', { published: false }],
        ['unsellable', { sellable: false }],
      ] as const) {
        it(`answers 404 NOT_FOUND for an ${state} product`, async () => {
          const { product } = await createCourse(options);
          const promotion = await createPromotion();
          const res = await apply(prefix, customer, { code: promotion.code, productId: product.id }).expect(404);
          expect(res.body).to.deep.equal({ message: 'Product not found', errorCode: 'NOT_FOUND' });
        });
      }

      it('answers 404 NOT_FOUND for an unknown product, before judging the code', async () => {
        const res = await apply(prefix, customer, { code: 'NO-SUCH-CODE-2', productId: 999_999_999 }).expect(404);
        expect(res.body.errorCode).to.equal('NOT_FOUND');
      });

      for (const [rule, body, field] of [
        ['a missing code', { productId: 1 }, 'code'],
        ['a code of 2 characters', { code: 'AB', productId: 1 }, 'code'],
        ['a code of 51 characters', { code: 'A'.repeat(51), productId: 1 }, 'code'],
        ['a missing productId', { code: 'SAVE10' }, 'productId'],
        ['a productId of 0', { code: 'SAVE10', productId: 0 }, 'productId'],
        ['a productId given as text', { code: 'SAVE10', productId: '12' }, 'productId'],
        ['a fractional productId', { code: 'SAVE10', productId: 1.5 }, 'productId'],
      ] as const) {
        it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
          const res = await apply(prefix, customer, body).expect(400);
          expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
          expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
        });
      }

      it('answers 401 without a token', async () => {
        const res = await api.http.post(`${prefix}/promotions/apply`).send({ code: 'SAVE10', productId: 1 }).expect(401);
        expect(res.body.errorCode).to.equal('UNAUTHORIZED');
      });

      it('answers 403 to an admin token', async () => {
        const token = adminToken(api.app.container, ['*']);
        const res = await api.http
          .post(`${prefix}/promotions/apply`)
          .set('Authorization', `Bearer ${token}`)
          .send({ code: 'SAVE10', productId: 1 })
          .expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    });
  }

  it('limits a customer to 30 tries a minute across web and mobile (429 with Retry-After)', async () => {
    const customer = await createCustomer(api.app.container);
    const { product } = await createCourse();
    for (let n = 0; n < 30; n++) {
      const prefix = n % 2 === 0 ? '/api' : '/api/mobile';
      await apply(prefix, customer, { code: `GUESS-${n}`, productId: product.id }).expect(400);
    }
    const res = await apply('/api', customer, { code: 'GUESS-31', productId: product.id }).expect(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    expect(Number(res.headers['retry-after'])).to.be.greaterThan(0);
    // The budget is per customer: another one is not held back.
    const other = await createCustomer(api.app.container);
    await apply('/api', other, { code: 'GUESS-32', productId: product.id }).expect(400);
  });
});
