import { expect } from 'chai';
import { adminToken, buildTestApp, createCustomer, invalidTokenCases, refusedTokenCode, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ID = '01900000-0000-7000-8000-0000000000ff';
const RESOURCES: Array<[string, string]> = [
  ['subscription-modules', 'SubscriptionModules'],
  ['subscription-tiers', 'SubscriptionTiers'],
  ['subscription-plans', 'SubscriptionPlans'],
  ['subscription-plan-prices', 'SubscriptionPlanPrices'],
  ['subscription-plan-features', 'SubscriptionPlanFeatures'],
];

describe('Admin subscription catalog access (admin-api)', () => {
  let api: TestApp;
  const tokenWith = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions)}`;
  const call = (method: string, path: string) => {
    const request = (api.http as unknown as Record<string, (p: string) => ReturnType<TestApp['http']['get']>>)[method](path);
    return method === 'post' || method === 'patch' ? request.send({}) : request;
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  for (const [segment, resource] of RESOURCES) {
    const base = `/api/admin/${segment}`;
    const all = ['READ', 'CREATE', 'UPDATE', 'DELETE'].map((action) => `${resource}_${action}`);
    const routes: Array<[string, string, string]> = [
      ['get', base, `${resource}_READ`],
      ['post', base, `${resource}_CREATE`],
      ['get', `${base}/${ID}`, `${resource}_READ`],
      ['patch', `${base}/${ID}`, `${resource}_UPDATE`],
      ['delete', `${base}/${ID}`, `${resource}_DELETE`],
    ];

    describe(base, () => {
      for (const [method, path, permission] of routes) {
        it(`${method.toUpperCase()} ${path} answers 401 without a token`, async () => {
          const res = await call(method, path).expect(401);
          expect(res.body.errorCode).to.equal('UNAUTHORIZED');
        });

        it(`${method.toUpperCase()} ${path} answers 403 to an admin without ${permission}`, async () => {
          const others = all.filter((p) => p !== permission);
          const res = await call(method, path).set('Authorization', tokenWith(...others)).expect(403);
          expect(res.body.errorCode).to.equal('FORBIDDEN');
        });
      }

      it('answers 403 to a customer token', async () => {
        const customer = await createCustomer(api.app.container);
        const res = await api.http.get(base).set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });

      for (const [name, header] of invalidTokenCases('admin', '01900000-0000-7000-8000-00000000a001')) {
        it(`GET ${base} answers 401 to ${name}`, async () => {
          const request = api.http.get(base);
          const res = await (header ? request.set('Authorization', header) : request).expect(401);
          expect(res.body.errorCode).to.equal(refusedTokenCode(name));
        });
      }
    });
  }
});
