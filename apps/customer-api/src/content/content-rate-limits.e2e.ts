import { expect } from 'chai';
import type { Response } from 'supertest';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createContentItem,
  createContentSeries,
  createCustomer,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { bearer } from './content-readers.test-helper';

/** Small limits of this file's own (the run's defaults are out of reach), each counted in a minute. */
const LIMITS = {
  CONTENT_CUSTOMER_ITEM_RATE_LIMIT: '3',
  CONTENT_CUSTOMER_ITEM_RATE_WINDOW_SECONDS: '60',
  CONTENT_CUSTOMER_SERIES_RATE_LIMIT: '2',
  CONTENT_CUSTOMER_SERIES_SEARCH_RATE_LIMIT: '1',
  CONTENT_CUSTOMER_SERIES_RATE_WINDOW_SECONDS: '60',
  TRUST_PROXY: 'loopback',
};

let ipSerial = 0;
/** An address no other test counted under (TRUST_PROXY loopback takes X-Forwarded-For). */
const freshIp = () => `198.51.100.${++ipSerial}`;

const expectRefused = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(429);
  expect(res.body).to.deep.equal({ message: res.body.message, errorCode: 'RATE_LIMIT_EXCEEDED' });
  expect(res.body.message).to.be.a('string');
  // A slot frees when the first of the window's requests leaves it: about a minute from now, rounded up.
  expect(Number(res.headers['retry-after'])).to.be.within(55, 60);
};

/**
 * community-content-uploads.md "Limits": newsletter reads are limited in sliding windows per client
 * (the signed-in user, else the IP) and endpoint class (CONTENT_CUSTOMER_*), 429 RATE_LIMIT_EXCEEDED
 * with Retry-After; web and mobile routes count alike.
 */
describe('Newsletter read rate limits (customer-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let itemSlug: string;
  let seriesSlug: string;

  before(async () => {
    infra = await isolatedInfrastructure('content-rate-limits', { REDIS_PREFIX: `${TEST_ENV['REDIS_PREFIX']}:content-rate-limits`, ...LIMITS });
    api = await buildTestApp(createCustomerApi, infra);
    const series = await createContentSeries();
    seriesSlug = series.slug;
    itemSlug = (await createContentItem(series)).slug;
  });

  after(() => closeTestInfrastructure(infra));

  const get = (path: string, ip: string, token?: string, query: Record<string, string> = {}) => {
    const request = api.http.get(path).query(query).set('X-Forwarded-For', ip);
    return token ? request.set('Authorization', bearer(token)) : request;
  };

  it('refuses the 4th item read of a minute from one IP, across items, previews, featured and the mobile prefix', async () => {
    const ip = freshIp();
    await get('/api/content/items', ip).expect(200);
    await get(`/api/mobile/content/items/${itemSlug}`, ip).expect(200);
    await get('/api/content/items/featured', ip).expect(200);
    expectRefused(await get('/api/mobile/content/items/featured/all', ip));
    expectRefused(await get(`/api/content/items/${itemSlug}`, ip));
    // Another address is counted apart.
    await get('/api/content/items', freshIp()).expect(200);
  });

  it('counts a signed-in reader by user, not by IP: /full and the library are item reads', async () => {
    const ip = freshIp();
    const reader = await createCustomer(api.app.container);
    await get(`/api/content/items/${itemSlug}/full`, ip, reader.accessToken).expect(200);
    await get('/api/mobile/content/my-library', ip, reader.accessToken).expect(200);
    await get('/api/content/items', freshIp(), reader.accessToken).expect(200);
    // The same user from any address is refused ...
    expectRefused(await get(`/api/mobile/content/items/${itemSlug}/full`, freshIp(), reader.accessToken));
    expectRefused(await get('/api/content/items', ip, reader.accessToken));
    // ... while the address itself (anonymous), another reader on it, and an admin token keep their own counts.
    await get('/api/content/items', ip).expect(200);
    await get('/api/content/items', ip, (await createCustomer(api.app.container)).accessToken).expect(200);
    await get('/api/content/items', ip, adminToken(api.app.container, ['*'])).expect(200);
  });

  it('counts a request whose token is not valid by its IP (the route then answers as it would)', async () => {
    const ip = freshIp();
    await get('/api/content/items', ip).expect(200);
    await get(`/api/content/items/${itemSlug}/full`, ip, 'not-a-token').expect(401);
    await get('/api/content/items', ip, 'not-a-token').expect(200);
    expectRefused(await get('/api/content/items', ip));
  });

  it('keeps separate counters for item reads, series reads and searches', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await get('/api/content/items', ip).expect(200);
    expectRefused(await get('/api/content/items', ip));

    // Series reads (list and detail, web and mobile): 2 a minute, untouched by the item reads.
    await get('/api/content/series', ip).expect(200);
    await get(`/api/mobile/content/series/${seriesSlug}`, ip).expect(200);
    expectRefused(await get('/api/content/series', ip));

    // Searches (a `search` parameter on a series or an item read): 1 a minute, a class of their own.
    await get('/api/content/items', ip, undefined, { search: 'banks' }).expect(200);
    expectRefused(await get('/api/content/series', ip, undefined, { search: 'banks' }));
    expectRefused(await get('/api/mobile/content/items', ip, undefined, { search: 'hydro' }));

    // A fresh address starts every class at zero; its search does not spend its series reads.
    const other = freshIp();
    await get('/api/mobile/content/series', other, undefined, { search: 'banks' }).expect(200);
    await get('/api/content/series', other).expect(200);
    await get('/api/content/series', other).expect(200);
    expectRefused(await get('/api/content/series', other));
  });

  it('logs only accepted requests: knocking while refused does not push the next free slot back', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await get('/api/content/items', ip).expect(200);
    for (let i = 0; i < 3; i++) expectRefused(await get('/api/content/items', ip));
    // The log (under this file's REDIS_PREFIX) holds the three accepted requests, none of the refused ones.
    expect(await infra.redis.zcard(`rl:sliding:content-items:ip:${ip}`)).to.equal(3);
  });

  describe('with Redis unreachable', () => {
    let offlineInfra: Infrastructure;
    let offline: TestApp;

    before(async () => {
      offlineInfra = await isolatedInfrastructure('content-rate-limits-offline', LIMITS, {
        redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'content-rate-limits-offline' }, { retryStrategy: () => null }),
      });
      offline = await buildTestApp(createCustomerApi, offlineInfra);
    });

    after(() => closeTestInfrastructure(offlineInfra));

    it('lets reads through uncounted (they fall back to the database, as the spec asks of content reads)', async function () {
      this.timeout(30_000);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await offline.http.get('/api/content/items').set('X-Forwarded-For', ip).expect(200);
      for (let i = 0; i < 3; i++) await offline.http.get('/api/content/series').query({ search: 'x' }).set('X-Forwarded-For', ip).expect(200);
    });
  });
});
