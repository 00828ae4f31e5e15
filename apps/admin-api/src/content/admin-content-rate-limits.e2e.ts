import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Response } from 'supertest';
import type { Infrastructure } from '@platform/runtime';
import { adminToken, buildTestApp, closeTestInfrastructure, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** The admin content routes' lists, one per controller (each carries ContentAdminRateLimit). */
const CONTROLLER_ROUTES = [
  '/api/admin/content-series',
  '/api/admin/content-items',
  '/api/admin/content-featured',
  '/api/admin/content-categories',
  '/api/admin/content-tags',
];

let ipSerial = 0;
const freshIp = () => `198.51.100.${++ipSerial}`;

const expectRefused = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(429);
  expect(res.body).to.deep.equal({ message: res.body.message, errorCode: 'RATE_LIMIT_EXCEEDED' });
  expect(Number(res.headers['retry-after'])).to.be.within(55, 60);
};

/**
 * community-content-uploads.md "Limits", CONTRACT section 10: every admin newsletter route shares
 * one sliding window per admin (CONTENT_ADMIN_RATE_LIMIT per CONTENT_ADMIN_RATE_WINDOW_SECONDS),
 * 429 RATE_LIMIT_EXCEEDED with Retry-After; a request without a valid token is counted by its IP.
 */
describe('Admin newsletter rate limits (admin-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  /** A token of its own admin (`sub`), so each test starts from an empty window. */
  const freshAdmin = () => `Bearer ${adminToken(api.app.container, ['*'], randomUUID())}`;
  const get = (path: string, auth: string | undefined, ip = '198.51.100.250') => {
    const request = api.http.get(path).set('X-Forwarded-For', ip);
    return auth ? request.set('Authorization', auth) : request;
  };

  before(async () => {
    infra = await isolatedInfrastructure('admin-content-rate-limits', {
      REDIS_PREFIX: `${TEST_ENV['REDIS_PREFIX']}:admin-content-rate-limits`,
      CONTENT_ADMIN_RATE_LIMIT: '3',
      CONTENT_ADMIN_RATE_WINDOW_SECONDS: '60',
      TRUST_PROXY: 'loopback',
    });
    api = await buildTestApp(createAdminApi, infra);
  });

  after(() => closeTestInfrastructure(infra));

  it('refuses the 4th content request of a minute from one admin, whichever content routes it spread over', async () => {
    const admin = freshAdmin();
    await get('/api/admin/content-series', admin).expect(200);
    await get('/api/admin/content-items', admin).expect(200);
    await api.http.post('/api/admin/content-tags').set('Authorization', admin).set('X-Forwarded-For', freshIp()).send({ name: `Rate ${randomUUID()}` }).expect(201);
    expectRefused(await get('/api/admin/content-featured', admin));
    // Writes are refused as well, before they touch anything.
    expectRefused(await api.http.post('/api/admin/content-series').set('Authorization', admin).send({ title: 'Refused' }));
  });

  it('limits every admin content controller', async () => {
    for (const path of CONTROLLER_ROUTES) {
      const admin = freshAdmin();
      for (let i = 0; i < 3; i++) await get(path, admin).expect(200);
      expectRefused(await get(path, admin));
    }
  });

  it('counts per admin: another admin on the same address is not refused', async () => {
    const ip = freshIp();
    const first = freshAdmin();
    for (let i = 0; i < 3; i++) await get('/api/admin/content-series', first, ip).expect(200);
    expectRefused(await get('/api/admin/content-series', first, freshIp()));
    await get('/api/admin/content-series', freshAdmin(), ip).expect(200);
  });

  it('counts requests without a valid token by IP, before refusing them 401', async () => {
    const ip = freshIp();
    await get('/api/admin/content-series', undefined, ip).expect(401);
    await get('/api/admin/content-items', 'Bearer not-a-token', ip).expect(401);
    await get('/api/admin/content-featured', undefined, ip).expect(401);
    expectRefused(await get('/api/admin/content-tags', undefined, ip));
    await get('/api/admin/content-tags', undefined, freshIp()).expect(401);
  });

  it('leaves admin routes outside the newsletter uncounted', async () => {
    const admin = freshAdmin();
    for (let i = 0; i < 3; i++) await get('/api/admin/content-series', admin).expect(200);
    expectRefused(await get('/api/admin/content-series', admin));
    await get('/api/admin/subscription-modules', admin).expect(200);
  });
});
