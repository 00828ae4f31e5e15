import { expect } from 'chai';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  createDigitalBook,
  isolatedInfrastructure,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * learning-commerce.md, "Limits": cart mutations are limited to CART_CUSTOMER_OPERATION_RATE_LIMIT
 * per CART_CUSTOMER_RATE_WINDOW_SECONDS; when the rate counter store fails the request is allowed,
 * and cache failures fall back to the database.
 */
describe('Cart limits (customer-api)', () => {
  describe('with CART_CUSTOMER_OPERATION_RATE_LIMIT=2', () => {
    let infra: Infrastructure;
    let api: TestApp;
    let customer: TestCustomer;
    const auth = (who = customer) => `Bearer ${who.accessToken}`;

    before(async () => {
      infra = await isolatedInfrastructure('cart-limits', { CART_CUSTOMER_OPERATION_RATE_LIMIT: '2', CART_CUSTOMER_RATE_WINDOW_SECONDS: '60' });
      api = await buildTestApp(createCustomerApi, infra);
    });
    after(() => closeTestInfrastructure(infra));

    beforeEach(async () => {
      customer = await createCustomer(api.app.container);
    });

    it('answers the third mutation within the window with 429 RATE_LIMIT_EXCEEDED and Retry-After', async () => {
      const { product: a } = await createCourse();
      const { product: b } = await createDigitalBook();
      await api.http.post('/api/cart/items').set('Authorization', auth()).send({ productId: a.id }).expect(200);
      await api.http.post('/api/cart/items').set('Authorization', auth()).send({ productId: b.id }).expect(200);
      const res = await api.http.delete('/api/cart').set('Authorization', auth()).expect(429);
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
      // Reads are not limited.
      expect((await api.http.get('/api/cart').set('Authorization', auth()).expect(200)).body.data.items).to.have.length(2);
    });

    it('counts web and mobile mutations together, per customer', async () => {
      const { product } = await createCourse();
      await api.http.post('/api/cart/items').set('Authorization', auth()).send({ productId: product.id }).expect(200);
      await api.http.delete('/api/mobile/cart/promotion').set('Authorization', auth()).expect(200);
      for (const request of [
        api.http.post('/api/mobile/cart/promotion').set('Authorization', auth()).send({ code: 'ANYCODE' }),
        api.http.delete('/api/mobile/cart/items/1').set('Authorization', auth()),
        api.http.delete('/api/cart').set('Authorization', auth()),
      ]) {
        const res = await request;
        expect(res.status).to.equal(429);
        expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      }
      const other = await createCustomer(api.app.container);
      await api.http.post('/api/cart/items').set('Authorization', auth(other)).send({ productId: product.id }).expect(200);
    });
  });

  describe('when Redis is unreachable', () => {
    let infra: Infrastructure;
    let api: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure(
        'cart-offline',
        { CART_CUSTOMER_OPERATION_RATE_LIMIT: '1' },
        { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'cart-offline' }, { retryStrategy: () => null }) },
      );
      api = await buildTestApp(createCustomerApi, infra);
    });
    after(() => closeTestInfrastructure(infra));

    it('lets mutations through (the limit fails open) and answers reads from the database', async () => {
      const customer = await createCustomer(api.app.container);
      const auth = `Bearer ${customer.accessToken}`;
      const { product: a } = await createCourse({ mrpPaisa: 3_000, spPaisa: 2_000 });
      const { product: b } = await createDigitalBook({ mrpPaisa: 1_000, spPaisa: 1_000 });
      const empty = await api.http.get('/api/cart').set('Authorization', auth).expect(200);
      expect(empty.body.data.items).to.deep.equal([]);
      // Three mutations with a limit of 1: the counter store cannot count, so none is refused.
      await api.http.post('/api/cart/items').set('Authorization', auth).send({ productId: a.id }).expect(200);
      const added = await api.http.post('/api/mobile/cart/items').set('Authorization', auth).send({ productId: b.id }).expect(200);
      await api.http.delete(`/api/cart/items/${added.body.data.items[0].id}`).set('Authorization', auth).expect(200);
      const res = await api.http.get('/api/mobile/cart').set('Authorization', auth).expect(200);
      expect(res.body.data).to.deep.include({ id: empty.body.data.id, totalSp: 1_000, payable: 1_000 });
    });
  });
});
