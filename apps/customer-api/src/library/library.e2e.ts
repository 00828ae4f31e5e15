import { expect } from 'chai';
import {
  adminToken,
  buildTestApp,
  createCourse,
  createCustomer,
  createDigitalBook,
  createTrainingProduct,
  grantAccess,
  invalidTokenCases,
  TestApp,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const DAY = 86_400_000;

interface LibraryItem {
  productId: number;
  productType: string;
  title: string;
  slug: string;
  accessType: string;
  validUntil: string | null;
  grantedAt: string;
  course: { id: number } | null;
  digitalBook: { id: number } | null;
}

describe('My library (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`GET ${prefix}/me/library`, () => {
      const path = `${prefix}/me/library`;

      it("lists only the caller's active grants: revoked, expired and other users' grants are absent", async () => {
        const [customer, other] = await Promise.all([createCustomer(api.app.container), createCustomer(api.app.container)]);
        const [owned, { book, product: bookProduct }, revoked, expired, othersCourse, training] = await Promise.all([
          createCourse(),
          createDigitalBook({ published: false }),
          createCourse(),
          createCourse(),
          createCourse(),
          createTrainingProduct(),
        ]);
        const until = new Date(Date.now() + 30 * DAY);
        const ownedGrant = await grantAccess(customer.id, owned.product.id);
        const bookGrant = await grantAccess(customer.id, bookProduct.id, { validUntil: until });
        await grantAccess(customer.id, training.id);
        await grantAccess(customer.id, revoked.product.id, { revoked: true });
        await grantAccess(customer.id, expired.product.id, { validUntil: new Date(Date.now() - DAY) });
        await grantAccess(other.id, othersCourse.product.id);

        const res = await api.http.get(path).query({ sort: 'title', order: 'asc' }).set(bearer(customer.accessToken)).expect(200);
        expect(res.body).to.include({ count: 3, page: 1, size: 20 });
        const items = res.body.data as LibraryItem[];
        expect(items.map((item) => item.productId)).to.have.members([owned.product.id, bookProduct.id, training.id]);
        expect(items.find((item) => item.productId === owned.product.id)).to.deep.equal({
          productId: owned.product.id,
          productType: 'course',
          title: owned.product.title,
          slug: owned.product.slug,
          accessType: 'lifetime',
          validUntil: null,
          grantedAt: ownedGrant.createdAt.toISOString(),
          course: { id: owned.course.id },
          digitalBook: null,
        });
        expect(items.find((item) => item.productId === bookProduct.id)).to.deep.include({
          productType: 'digital_book',
          accessType: 'time_limited',
          validUntil: until.toISOString(),
          grantedAt: bookGrant.createdAt.toISOString(),
          course: null,
          digitalBook: { id: book.id },
        });
        expect(items.find((item) => item.productId === training.id)).to.deep.include({ productType: 'training', course: null, digitalBook: null });
      });

      it('shows one entry per product, with the grant that lasts longest', async () => {
        const customer = await createCustomer(api.app.container);
        const [forever, timed] = await Promise.all([createCourse(), createCourse()]);
        const later = new Date(Date.now() + 60 * DAY);
        await grantAccess(customer.id, forever.product.id, { validUntil: new Date(Date.now() + 10 * DAY) });
        await grantAccess(customer.id, forever.product.id);
        await grantAccess(customer.id, forever.product.id, { validUntil: new Date(Date.now() + 90 * DAY) });
        await grantAccess(customer.id, timed.product.id, { validUntil: later });
        await grantAccess(customer.id, timed.product.id, { validUntil: new Date(Date.now() + 5 * DAY) });
        await grantAccess(customer.id, timed.product.id, { revoked: true });

        const res = await api.http.get(path).set(bearer(customer.accessToken)).expect(200);
        expect(res.body.count).to.equal(2);
        const byProduct = new Map((res.body.data as LibraryItem[]).map((item) => [item.productId, item]));
        expect(byProduct.get(forever.product.id)).to.include({ accessType: 'lifetime', validUntil: null });
        expect(byProduct.get(timed.product.id)).to.include({ accessType: 'time_limited', validUntil: later.toISOString() });
      });

      it('pages, sorts and searches the grouped list (newest grant first by default)', async () => {
        const customer = await createCustomer(api.app.container);
        const courses = [];
        for (const title of ['Charlie chart patterns', 'Alpha basics', 'Bravo dividends']) {
          const course = await createCourse({ title });
          await grantAccess(customer.id, course.product.id);
          courses.push(course);
        }
        const [charlie, alpha, bravo] = courses.map((course) => course.product.id);
        const ids = (body: { data: LibraryItem[] }) => body.data.map((item) => item.productId);

        const latest = await api.http.get(path).set(bearer(customer.accessToken)).expect(200);
        expect(ids(latest.body)).to.deep.equal([bravo, alpha, charlie]);

        const first = await api.http.get(path).query({ sort: 'title', order: 'asc', size: 2 }).set(bearer(customer.accessToken)).expect(200);
        expect(first.body).to.include({ count: 3, page: 1, size: 2 });
        expect(ids(first.body)).to.deep.equal([alpha, bravo]);
        const second = await api.http.get(path).query({ sort: 'title', order: 'asc', size: 2, page: 2 }).set(bearer(customer.accessToken)).expect(200);
        expect(ids(second.body)).to.deep.equal([charlie]);

        const all = await api.http.get(path).query({ pagination: false, size: 1 }).set(bearer(customer.accessToken)).expect(200);
        expect(all.body).to.include({ count: 3, page: 1, size: 3 });

        const found = await api.http.get(path).query({ search: ' DIVIDEND ' }).set(bearer(customer.accessToken)).expect(200);
        expect(ids(found.body)).to.deep.equal([bravo]);
      });

      it('answers an empty page for a customer who holds nothing', async () => {
        const customer = await createCustomer(api.app.container);
        const res = await api.http.get(path).set(bearer(customer.accessToken)).expect(200);
        expect(res.body).to.deep.equal({ message: 'Success', data: [], count: 0, page: 1, size: 20 });
      });

      it('rejects an unknown sort with VALIDATION_ERROR', async () => {
        const customer = await createCustomer(api.app.container);
        const res = await api.http.get(path).query({ sort: 'userId' }).set(bearer(customer.accessToken)).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });

      it('refuses a missing or invalid token with 401', async () => {
        const customer = await createCustomer(api.app.container);
        for (const [label, header] of invalidTokenCases('customer', customer.id)) {
          const request = api.http.get(path);
          if (header !== undefined) request.set('Authorization', header);
          const res = await request;
          expect(res.status, label).to.equal(401);
        }
      });

      it('refuses an admin token with 403', async () => {
        const res = await api.http.get(path).set(bearer(adminToken(api.app.container, ['*']))).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    });
  }
});
