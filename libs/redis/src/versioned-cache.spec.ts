import { expect } from 'chai';
import pino from 'pino';
import { Cache } from './cache';
import { closeRedis, createRedisConnection } from './redis-connection';
import { VersionedCache } from './versioned-cache';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379/0';
const waitUntil = async (condition: () => Promise<boolean>, timeoutMs = 2_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe(VersionedCache.name, () => {
  const logger = pino({ level: 'silent' });
  const redis = createRedisConnection({ url: REDIS_URL, prefix: `test-versioned-cache-${process.pid}` });
  const view = { name: 'view', versionKeys: ['version'], ttlSeconds: 60 };
  let loads = 0;
  const load = async () => ++loads;

  beforeEach(async () => {
    loads = 0;
    await redis.del('version', 'view@0', 'view@1', 'view@2');
  });
  after(async () => {
    await redis.del('version', 'view@0', 'view@1', 'view@2');
    await closeRedis(redis);
  });

  it('serves a view from the cache until a bump moves its version on', async () => {
    const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, []);
    expect(await views.read(view, load)).to.equal(1);
    expect(await views.read(view, load)).to.equal(1);
    await views.bump('version', 600);
    expect(await views.read(view, load)).to.equal(2);
    expect(await redis.ttl('version')).to.be.within(1, 600);
  });

  it('retries a failed bump in the background, so a stale view is not served once Redis answers again', async () => {
    const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, [20, 20, 20]);
    expect(await views.read(view, load)).to.equal(1);
    // A version that INCR refuses fails the bump inside MULTI, as a Redis hiccup would.
    await redis.set('version', 'not-a-number');
    await views.bump('version', 600);
    expect(await redis.get('version')).to.equal('not-a-number');
    await redis.del('version');
    await waitUntil(async () => (await redis.get('version')) === '1');
    expect(await views.read(view, load)).to.equal(2);
  });

  it('gives up after its last retry', async () => {
    const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, [10]);
    await redis.set('version', 'not-a-number');
    await views.bump('version', 600);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await redis.del('version');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await redis.get('version')).to.equal(null);
  });
});
