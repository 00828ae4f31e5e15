import { expect } from 'chai';
import { CartItemModel, CartModel, ProductModel } from '@platform/db';
import {
  adminToken,
  buildTestApp,
  createCart,
  createCourse,
  createCustomer,
  createDigitalBook,
  createTrainingProduct,
  expireCart,
  invalidTokenCases, refusedTokenCode,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const HOUR_MS = 3_600_000;
/** CART_TTL_HOURS default (the test environment does not set it). */
const TTL_MS = 720 * HOUR_MS;

/** learning-commerce.md, "Cart", "Endpoints → Cart", "Errors → Cart"; the same routes under /api/mobile/cart. */
describe('Cart (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const bearer = (customer: TestCustomer) => `Bearer ${customer.accessToken}`;
  const activeCarts = (userId: string) => CartModel.findAll({ where: { userId, status: 'active' } });

  for (const prefix of ['/api/cart', '/api/mobile/cart']) {
    describe(prefix, () => {
      let customer: TestCustomer;
      const get = (who = customer) => api.http.get(prefix).set('Authorization', bearer(who));
      const add = (body: object, who = customer) => api.http.post(`${prefix}/items`).set('Authorization', bearer(who)).send(body);
      const removeItem = (itemId: number | string, who = customer) =>
        api.http.delete(`${prefix}/items/${itemId}`).set('Authorization', bearer(who));
      const clear = (who = customer) => api.http.delete(prefix).set('Authorization', bearer(who));

      async function expectError(request: Promise<{ status: number; body: { errorCode: string } }>, status: number, code: string) {
        const res = await request;
        expect(res.status, JSON.stringify(res.body)).to.equal(status);
        expect(res.body.errorCode).to.equal(code);
      }

      beforeEach(async () => {
        // A fresh customer per test: each has its own cart, cache entry and mutation budget.
        customer = await createCustomer(api.app.container);
      });

      describe('GET', () => {
        it('creates an empty active cart on the first GET and answers the same cart afterwards', async () => {
          const before = Date.now();
          const first = await get().expect(200);
          expect(first.body.data).to.deep.include({
            status: 'active',
            items: [],
            totalMrp: 0,
            totalSp: 0,
            appliedPromotionId: null,
            appliedPromotionCode: null,
            appliedDiscount: 0,
            payable: 0,
          });
          expect(Date.parse(first.body.data.expiresAt) - before).to.be.within(TTL_MS - 5_000, TTL_MS + 5_000);
          const second = await get().expect(200);
          expect(second.body.data.id).to.equal(first.body.data.id);
          expect(await activeCarts(customer.id)).to.have.length(1);
        });

        it('replaces an expired cart with a new empty one (200) and marks the old one abandoned', async () => {
          const { product } = await createCourse();
          const old = await createCart(customer.id, [product]);
          await expireCart(old.id);
          const res = await get().expect(200);
          expect(res.body.data.id).not.to.equal(old.id);
          expect(res.body.data.items).to.deep.equal([]);
          expect((await CartModel.findByPk(old.id))?.status).to.equal('abandoned');
          expect((await activeCarts(customer.id)).map((cart) => cart.id)).to.deep.equal([res.body.data.id]);
        });

        it('two first GETs at once make one active cart (the partial unique index decides, the loser re-reads)', async () => {
          const answers = await Promise.all([get(), get(), get()]);
          const ids = answers.map((res) => {
            expect(res.status).to.equal(200);
            return res.body.data.id;
          });
          expect(new Set(ids).size).to.equal(1);
          expect(await activeCarts(customer.id)).to.have.length(1);
        });

        it('is served from the cache while fresh, and every change invalidates it', async () => {
          const { product } = await createCourse({ mrpPaisa: 90_000, spPaisa: 80_000 });
          const added = await add({ productId: product.id }).expect(200);
          await get().expect(200); // fills the cache
          // A write behind the API's back is not seen while the cached view is fresh ...
          await CartItemModel.update({ unitSpPaisa: 1 }, { where: { id: added.body.data.items[0].id } });
          expect((await get().expect(200)).body.data.totalSp).to.equal(80_000);
          // ... and a change through the API shows at once.
          const { product: book } = await createDigitalBook({ mrpPaisa: 5_000, spPaisa: 5_000 });
          await add({ productId: book.id }).expect(200);
          const after = await get().expect(200);
          expect(after.body.data.items.map((item: { productId: number }) => item.productId)).to.deep.equal([product.id, book.id]);
          expect(after.body.data.totalSp).to.equal(5_001);
        });

        it('never serves a cached cart past its expiry', async () => {
          const cart = await createCart(customer.id, [], { expiresAt: new Date(Date.now() + 1_500) });
          expect((await get().expect(200)).body.data.id).to.equal(cart.id); // cached, with its expiresAt
          await new Promise((resolve) => setTimeout(resolve, 1_600));
          const res = await get().expect(200);
          expect(res.body.data.id).not.to.equal(cart.id);
          expect((await CartModel.findByPk(cart.id))?.status).to.equal('abandoned');
        });
      });

      describe('POST /items', () => {
        it('adds a course and a digital book with price snapshots, totals and payable', async () => {
          const { product: course } = await createCourse({ mrpPaisa: 500_000, spPaisa: 399_900 });
          const { product: book } = await createDigitalBook({ mrpPaisa: 30_000, spPaisa: 25_000 });
          await add({ productId: course.id }).expect(200);
          const res = await add({ productId: book.id, quantity: 1 }).expect(200);
          expect(res.body.message).to.equal('Item added to cart');
          const { items, ...totals } = res.body.data;
          expect(items).to.have.length(2);
          expect(items[0]).to.deep.include({
            productId: course.id,
            productType: 'course',
            title: course.title,
            slug: course.slug,
            unitMrp: 500_000,
            unitSp: 399_900,
            quantity: 1,
          });
          expect(items[1]).to.deep.include({ productId: book.id, productType: 'digital_book', unitMrp: 30_000, unitSp: 25_000 });
          expect(totals).to.deep.include({ totalMrp: 530_000, totalSp: 424_900, appliedDiscount: 0, payable: 424_900 });
        });

        it('makes the cart when there is none (no GET first)', async () => {
          const { product } = await createCourse();
          const res = await add({ productId: product.id }).expect(200);
          expect((await activeCarts(customer.id)).map((cart) => cart.id)).to.deep.equal([res.body.data.id]);
        });

        it('keeps the price snapshot when the product price changes later', async () => {
          const { product } = await createCourse({ mrpPaisa: 100_000, spPaisa: 80_000 });
          await add({ productId: product.id }).expect(200);
          await ProductModel.update({ mrpPaisa: 200_000, spPaisa: 150_000 }, { where: { id: product.id } });
          // Another change re-reads the whole cart from the database.
          const { product: other } = await createDigitalBook({ mrpPaisa: 1_000, spPaisa: 1_000 });
          const res = await add({ productId: other.id }).expect(200);
          expect(res.body.data.items[0]).to.deep.include({ productId: product.id, unitMrp: 100_000, unitSp: 80_000 });
          expect(res.body.data.totalSp).to.equal(81_000);
          // A product added after the change takes the new price.
          await clear().expect(200);
          expect((await add({ productId: product.id }).expect(200)).body.data.items[0]).to.deep.include({ unitSp: 150_000 });
        });

        it('pushes expiresAt to CART_TTL_HOURS from the change', async () => {
          const cart = await createCart(customer.id, [], { expiresAt: new Date(Date.now() + HOUR_MS) });
          const { product } = await createCourse();
          const before = Date.now();
          const res = await add({ productId: product.id }).expect(200);
          expect(res.body.data.id).to.equal(cart.id);
          expect(Date.parse(res.body.data.expiresAt) - before).to.be.within(TTL_MS - 5_000, TTL_MS + 5_000);
        });

        it('adds to a new cart when the active one expired, abandoning the old one', async () => {
          const { product } = await createCourse();
          const old = await createCart(customer.id, [product]);
          await expireCart(old.id);
          const res = await add({ productId: product.id }).expect(200);
          expect(res.body.data.id).not.to.equal(old.id);
          expect(res.body.data.items.map((item: { productId: number }) => item.productId)).to.deep.equal([product.id]);
          expect((await CartModel.findByPk(old.id))?.status).to.equal('abandoned');
        });

        it('answers 400 CART_PRODUCT_NOT_FOUND for a productId that names no product', async () => {
          await expectError(add({ productId: 2_000_000_000 }), 400, 'CART_PRODUCT_NOT_FOUND');
        });

        it('answers 400 CART_TRAINING_NOT_ALLOWED for a training product', async () => {
          const training = await createTrainingProduct();
          await expectError(add({ productId: training.id }), 400, 'CART_TRAINING_NOT_ALLOWED');
        });

        it('answers 400 CART_PRODUCT_NOT_AVAILABLE for an unpublished or unsellable product', async () => {
          const { product: unpublished } = await createCourse({ published: false });
          const { product: unsellable } = await createDigitalBook({ sellable: false });
          await expectError(add({ productId: unpublished.id }), 400, 'CART_PRODUCT_NOT_AVAILABLE');
          await expectError(add({ productId: unsellable.id }), 400, 'CART_PRODUCT_NOT_AVAILABLE');
        });

        it('answers 409 CART_ITEM_DUPLICATE for a product already in the cart, leaving one line', async () => {
          const { product } = await createCourse();
          await add({ productId: product.id }).expect(200);
          await expectError(add({ productId: product.id }), 409, 'CART_ITEM_DUPLICATE');
          expect((await get().expect(200)).body.data.items).to.have.length(1);
        });

        it('two adds of the same product at once make one line: one 200, one 409', async () => {
          const { product } = await createCourse();
          await get().expect(200);
          const answers = await Promise.all([add({ productId: product.id }), add({ productId: product.id })]);
          expect(answers.map((res) => res.status).sort()).to.deep.equal([200, 409]);
          expect(answers.find((res) => res.status === 409)?.body.errorCode).to.equal('CART_ITEM_DUPLICATE');
          const [cart] = await activeCarts(customer.id);
          expect(await CartItemModel.count({ where: { cartId: cart.id } })).to.equal(1);
        });

        it('two first adds at once (no cart yet) share one cart', async () => {
          const { product: a } = await createCourse();
          const { product: b } = await createDigitalBook();
          const answers = await Promise.all([add({ productId: a.id }), add({ productId: b.id })]);
          expect(answers.map((res) => res.status)).to.deep.equal([200, 200]);
          const carts = await activeCarts(customer.id);
          expect(carts).to.have.length(1);
          expect(await CartItemModel.count({ where: { cartId: carts[0].id } })).to.equal(2);
        });

        it('validates the body: productId required and an integer, quantity only 1', async () => {
          const { product } = await createCourse();
          await expectError(add({}), 400, 'VALIDATION_ERROR');
          await expectError(add({ productId: 'abc' }), 400, 'VALIDATION_ERROR');
          await expectError(add({ productId: 0 }), 400, 'VALIDATION_ERROR');
          const res = await add({ productId: product.id, quantity: 2 }).expect(400);
          expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
          expect(res.body.message).to.match(/quantity must be 1/);
        });
      });

      describe('DELETE /items/:itemId', () => {
        it('removes one item of the caller\'s cart and recalculates the totals', async () => {
          const { product: a } = await createCourse({ mrpPaisa: 10_000, spPaisa: 9_000 });
          const { product: b } = await createDigitalBook({ mrpPaisa: 2_000, spPaisa: 1_500 });
          await add({ productId: a.id }).expect(200);
          const both = await add({ productId: b.id }).expect(200);
          const res = await removeItem(both.body.data.items[0].id).expect(200);
          expect(res.body.message).to.equal('Item removed from cart');
          expect(res.body.data.items.map((item: { productId: number }) => item.productId)).to.deep.equal([b.id]);
          expect(res.body.data).to.deep.include({ totalMrp: 2_000, totalSp: 1_500, payable: 1_500 });
          expect((await get().expect(200)).body.data.items).to.have.length(1);
        });

        it("answers 403 CART_ITEM_ACCESS_DENIED for an item of another customer's cart, which stays", async () => {
          const other = await createCustomer(api.app.container);
          const { product } = await createCourse();
          const theirs = await add({ productId: product.id }, other).expect(200);
          await get().expect(200);
          const itemId = theirs.body.data.items[0].id;
          await expectError(removeItem(itemId), 403, 'CART_ITEM_ACCESS_DENIED');
          expect(await CartItemModel.findByPk(itemId)).not.to.equal(null);
        });

        it('answers 404 NOT_FOUND for an id that is no item of the active cart (400 for one that is no number)', async () => {
          await get().expect(200);
          await expectError(removeItem(2_000_000_000), 404, 'NOT_FOUND');
          await expectError(removeItem(99_999_999_999), 404, 'NOT_FOUND');
          await expectError(removeItem('not-a-number'), 400, 'VALIDATION_ERROR');
        });

        it("answers 404 NOT_FOUND for an item of the caller's own abandoned cart", async () => {
          const { product } = await createCourse();
          const old = await createCart(customer.id, [product], { status: 'abandoned' });
          const [item] = await CartItemModel.findAll({ where: { cartId: old.id } });
          await get().expect(200);
          await expectError(removeItem(item.id), 404, 'NOT_FOUND');
        });

        it('answers 404 CART_NOT_FOUND without an active cart (none, or expired)', async () => {
          await expectError(removeItem(2_000_000_000), 404, 'CART_NOT_FOUND');
          const { product } = await createCourse();
          const cart = await createCart(customer.id, [product]);
          const [item] = await CartItemModel.findAll({ where: { cartId: cart.id } });
          await expireCart(cart.id);
          await expectError(removeItem(item.id), 404, 'CART_NOT_FOUND');
        });
      });

      describe('DELETE (clear)', () => {
        it('removes every item and keeps the same cart, with zero totals', async () => {
          const { product: a } = await createCourse();
          const { product: b } = await createDigitalBook();
          await add({ productId: a.id }).expect(200);
          const full = await add({ productId: b.id }).expect(200);
          const res = await clear().expect(200);
          expect(res.body.message).to.equal('Cart cleared');
          expect(res.body.data).to.deep.include({
            id: full.body.data.id,
            items: [],
            totalMrp: 0,
            totalSp: 0,
            appliedPromotionId: null,
            appliedPromotionCode: null,
            appliedDiscount: 0,
            payable: 0,
          });
          expect((await get().expect(200)).body.data.items).to.deep.equal([]);
        });

        it('answers 404 CART_NOT_FOUND without an active cart', async () => {
          await expectError(clear(), 404, 'CART_NOT_FOUND');
          const cart = await createCart(customer.id);
          await expireCart(cart.id);
          await expectError(clear(), 404, 'CART_NOT_FOUND');
        });
      });

      describe('authentication', () => {
        const routes: Array<[string, (auth?: string) => ReturnType<typeof api.http.get>]> = [
          ['GET', (auth) => withAuth(api.http.get(prefix), auth)],
          ['POST /items', (auth) => withAuth(api.http.post(`${prefix}/items`).send({ productId: 1 }), auth)],
          ['DELETE /items/:itemId', (auth) => withAuth(api.http.delete(`${prefix}/items/1`), auth)],
          ['DELETE', (auth) => withAuth(api.http.delete(prefix), auth)],
          ['POST /promotion', (auth) => withAuth(api.http.post(`${prefix}/promotion`).send({ code: 'ANYCODE' }), auth)],
          ['DELETE /promotion', (auth) => withAuth(api.http.delete(`${prefix}/promotion`), auth)],
        ];

        for (const [route, request] of routes) {
          it(`${route}: 401 without a valid customer token, 403 with an admin token`, async () => {
            for (const [label, header] of invalidTokenCases('customer', customer.id)) {
              const res = await request(header);
              expect(res.status, `${route} with ${label}`).to.equal(401);
              expect(res.body.errorCode).to.equal(refusedTokenCode(label));
            }
            const res = await request(`Bearer ${adminToken(api.app.container, ['*'])}`);
            expect(res.status).to.equal(403);
            expect(res.body.errorCode).to.equal('FORBIDDEN');
          });
        }
      });
    });
  }

  it('documents every cart route on both prefixes, with the cart schema', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    for (const prefix of ['/api/cart', '/api/mobile/cart']) {
      expect(body.paths[prefix]).to.have.keys('get', 'delete');
      expect(body.paths[`${prefix}/items`]).to.have.keys('post');
      expect(body.paths[`${prefix}/items/{itemId}`]).to.have.keys('delete');
      expect(body.paths[`${prefix}/promotion`]).to.have.keys('post', 'delete');
    }
    const data = body.paths['/api/cart'].get.responses['200'].content['application/json'].schema.properties.data;
    expect(data.properties).to.include.keys('items', 'totalMrp', 'totalSp', 'appliedDiscount', 'payable', 'expiresAt');
  });
});

function withAuth<T extends { set(name: string, value: string): T }>(request: T, auth?: string): T {
  return auth === undefined ? request : request.set('Authorization', auth);
}
