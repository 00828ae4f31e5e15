import { expect } from 'chai';
import { buildTestApp, createCourse, createCustomer, createOrder, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const idProblem = { field: 'id', code: 'isInt', message: 'id must be a positive integer' };

/**
 * Issue 18: `GET /api/orders/checkout` reached the `:id` route ("id must be a positive integer").
 * Numeric ids are constrained in the route (STYLE "Routes say what they take"), web and mobile.
 */
describe('Order routes: named routes and numeric ids (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    customer = await createCustomer(api.app.container);
  });

  const bearer = () => `Bearer ${customer.accessToken}`;

  for (const prefix of ['/api/orders', '/api/mobile/orders']) {
    describe(prefix, () => {
      it('answers a wrong method on a named route with 404 NOT_FOUND and Allow, not a parameter error', async () => {
        for (const name of ['checkout', 'buy-now']) {
          const res = await api.http.get(`${prefix}/${name}`).set('Authorization', bearer()).expect(404);
          expect(res.headers['allow'], name).to.equal('POST');
          expect(res.body, name).to.deep.equal({ message: `Route GET ${prefix}/${name} not found; this path takes POST`, errorCode: 'NOT_FOUND' });
        }
      });

      it('answers a non-numeric order id with 400 VALIDATION_ERROR and errors[] (detail, cancel, refund request)', async () => {
        const requests = [
          () => api.http.get(`${prefix}/abc`),
          () => api.http.post(`${prefix}/abc/cancel`).send({}),
          () => api.http.post(`${prefix}/12abc/request-refund`).send({ reason: 'changed my mind' }),
        ];
        for (const request of requests) {
          const res = await request().set('Authorization', bearer()).expect(400);
          expect(res.body).to.deep.equal({ message: idProblem.message, errorCode: 'VALIDATION_ERROR', errors: [idProblem] });
        }
      });

      it("still answers another customer's order and an unknown numeric id with 404 ORDER_NOT_FOUND", async () => {
        const other = await createCustomer(api.app.container);
        const { product } = await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000 });
        const theirs = await createOrder(other.id, [product], { status: 'payment_pending' });
        for (const id of [theirs.id, 2_000_000_000]) {
          const res = await api.http.get(`${prefix}/${id}`).set('Authorization', bearer()).expect(404);
          expect(res.body.errorCode, String(id)).to.equal('ORDER_NOT_FOUND');
        }
      });

      it('still serves the order request route beside the numeric one', async () => {
        const res = await api.http.get(`${prefix}/requests/01900000-0000-7000-8000-000000000001`).set('Authorization', bearer()).expect(404);
        expect(res.body.errorCode).to.equal('ORDER_ASYNC_REQUEST_NOT_FOUND');
      });
    });
  }

  it('answers a non-numeric id on the other numeric routes with errors[] (curriculum, cart item, payment status)', async () => {
    const cases: Array<[() => ReturnType<TestApp['http']['get']>, string]> = [
      [() => api.http.get('/api/mobile/courses/abc/curriculum'), 'courseId'],
      [() => api.http.delete('/api/cart/items/abc').set('Authorization', bearer()), 'itemId'],
      [() => api.http.delete('/api/mobile/cart/items/1.5').set('Authorization', bearer()), 'itemId'],
      [() => api.http.get('/api/payments/abc/status'), 'paymentId'],
    ];
    for (const [request, field] of cases) {
      const res = await request().expect(400);
      expect(res.body.errors, field).to.deep.equal([{ field, code: 'isInt', message: `${field} must be a positive integer` }]);
    }
  });

  it('keeps answering gateway callbacks with a redirect for any payment id (callbacks never answer 4xx)', async () => {
    for (const id of ['abc', 'checkout', '-1']) {
      const res = await api.http.get(`/api/payments/redirect/${id}/success`).expect(302);
      expect(res.headers['location'], id).to.match(/\/api\/payments\/result\?/);
    }
  });
});
