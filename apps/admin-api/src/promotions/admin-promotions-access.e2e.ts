import { expect } from 'chai';
import { adminToken, buildTestApp, createCustomer, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

const BASE = '/api/admin/promotions';
const ALL = ['Promotions_READ', 'Promotions_CREATE', 'Promotions_UPDATE', 'Promotions_DELETE'];

describe('Admin promotions access (admin-api)', () => {
  let api: TestApp;

  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describe('authorization', () => {
    const routes: Array<[string, string, string, object?]> = [
      ['get', BASE, 'Promotions_READ'],
      ['post', BASE, 'Promotions_CREATE', { code: 'ABC', discountType: 'percent', percent: 5 }],
      ['get', `${BASE}/1`, 'Promotions_READ'],
      ['patch', `${BASE}/1`, 'Promotions_UPDATE', { isActive: false }],
      ['delete', `${BASE}/1`, 'Promotions_DELETE'],
    ];
    const call = (method: string, path: string, body?: object) => {
      const request = (api.http as unknown as Record<string, (p: string) => ReturnType<TestApp['http']['get']>>)[method](path);
      return body ? request.send(body) : request;
    };

    for (const [method, path, permission, body] of routes) {
      it(`${method.toUpperCase()} ${path} answers 401 without a token`, async () => {
        const res = await call(method, path, body).expect(401);
        expect(res.body.errorCode).to.equal('UNAUTHORIZED');
      });

      it(`${method.toUpperCase()} ${path} answers 403 without ${permission}`, async () => {
        const others = ALL.filter((p) => p !== permission);
        const res = await call(method, path, body).set('Authorization', tokenWith(...others, 'Products_READ')).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    }

    it('answers 403 to a customer token', async () => {
      const customer = await createCustomer(api.app.container);
      const res = await api.http.get(BASE).set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
      expect(res.body.errorCode).to.equal('FORBIDDEN');
    });
  });
});
