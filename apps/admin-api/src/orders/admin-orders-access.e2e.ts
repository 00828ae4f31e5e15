import { expect } from 'chai';
import { buildTestApp, createCustomer, invalidTokenCases, refusedTokenCode, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';
import { adminBearer } from './admin-orders.test-helper';

const BASE = '/api/admin/orders';
/** No order has this id (the largest integer): the routes that take an id answer 404 once access is granted. */
const UNKNOWN = 2_147_483_647;

/** learning-commerce.md, "Authentication": admin order reads need Orders_READ, notes Orders_UPDATE (CONTRACT section 3). */
describe('Admin order reads and notes access (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  const routes: Array<[method: 'get' | 'post', path: string, permission: string, body?: object]> = [
    ['get', BASE, 'Orders_READ'],
    ['get', `${BASE}/${UNKNOWN}`, 'Orders_READ'],
    ['post', `${BASE}/${UNKNOWN}/notes`, 'Orders_UPDATE', { note: 'hello' }],
  ];
  const call = (method: 'get' | 'post', path: string, body?: object) => (method === 'get' ? api.http.get(path) : api.http.post(path).send(body ?? {}));

  for (const [method, path, permission, body] of routes) {
    const route = `${method.toUpperCase()} ${path}`;

    for (const [name, header] of invalidTokenCases('admin', '01900000-0000-7000-8000-00000000a001')) {
      it(`${route} answers 401 UNAUTHORIZED for ${name}`, async () => {
        const request = call(method, path, body);
        if (header) request.set('Authorization', header);
        const res = await request.expect(401);
        expect(res.body.errorCode).to.equal(refusedTokenCode(name));
      });
    }

    it(`${route} answers 403 FORBIDDEN to an admin without ${permission}`, async () => {
      const others = ['Orders_READ', 'Orders_UPDATE', 'Training_READ', 'Promotions_READ'].filter((p) => p !== permission);
      const res = await call(method, path, body).set('Authorization', adminBearer(api.app.container, others)).expect(403);
      expect(res.body.errorCode).to.equal('FORBIDDEN');
    });

    it(`${route} answers 403 FORBIDDEN to a customer token`, async () => {
      const customer = await createCustomer(api.app.container);
      const res = await call(method, path, body).set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
      expect(res.body.errorCode).to.equal('FORBIDDEN');
    });

    it(`${route} lets an admin holding "*" through`, async () => {
      const res = await call(method, path, body).set('Authorization', adminBearer(api.app.container, ['*']));
      // The route ran: the list, or 404 for the unknown order.
      if (path === BASE) expect(res.status).to.equal(200);
      else expect([res.status, res.body.errorCode]).to.deep.equal([404, 'ORDER_NOT_FOUND']);
    });
  }
});
