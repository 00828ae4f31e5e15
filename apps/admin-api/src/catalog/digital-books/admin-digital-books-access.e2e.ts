import { expect } from 'chai';
import { adminToken, buildTestApp, createCustomer, invalidTokenCases, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const BASE = '/api/admin/digital-books';
const ALL = ['Products_READ', 'Products_CREATE', 'Products_UPDATE', 'Products_DELETE'];

describe('Admin digital books access (admin-api)', () => {
  let api: TestApp;

  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describe('authorization', () => {
    const routes: Array<[string, string, string, object?]> = [
      ['get', BASE, 'Products_READ'],
      ['post', BASE, 'Products_CREATE', { title: 'x', mrpPaisa: 1, spPaisa: 1 }],
      ['get', `${BASE}/1`, 'Products_READ'],
      ['patch', `${BASE}/1`, 'Products_UPDATE', { title: 'x' }],
      ['post', `${BASE}/1/publish`, 'Products_UPDATE'],
      ['post', `${BASE}/1/unpublish`, 'Products_UPDATE'],
      ['delete', `${BASE}/1`, 'Products_DELETE'],
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
        const res = await call(method, path, body).set('Authorization', tokenWith(...others, 'COURSES_READ')).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    }

    it('answers 403 to a customer token', async () => {
      const customer = await createCustomer(api.app.container);
      const res = await api.http.get(BASE).set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
      expect(res.body.errorCode).to.equal('FORBIDDEN');
    });

    it('answers 401 to an invalid token', async () => {
      for (const [, header] of invalidTokenCases('admin', '01900000-0000-7000-8000-00000000a001').slice(1, 4)) {
        await api.http.get(BASE).set('Authorization', header as string).expect(401);
      }
    });

    it('opens every route to an admin holding "*"', async () => {
      await api.http.get(BASE).set('Authorization', tokenWith('*')).expect(200);
    });
  });
});
