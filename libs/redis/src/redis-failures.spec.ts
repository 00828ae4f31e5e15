import { expect } from 'chai';
import pino from 'pino';
import { Cache } from './cache';
import { RateLimiters } from './rate-limiters';
import { createRedisConnection } from './redis-connection';

/** Redis that is not there: port 1 refuses connections. */
const unreachable = () => createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'test-unreachable' }, { retryStrategy: () => null });

describe('when Redis is unreachable', () => {
  const logger = pino({ level: 'silent' });

  it('Cache.getOrLoad answers from the source instead of failing', async () => {
    const redis = unreachable();
    try {
      const cache = new Cache(redis, logger, 60);
      let loads = 0;
      const value = await cache.getOrLoad('k', async () => ++loads);
      expect(value).to.equal(1);
      expect(await cache.getOrLoad('k', async () => ++loads)).to.equal(2);
      await cache.invalidate('k'); // does not throw
    } finally {
      redis.disconnect();
    }
  });

  it('RateLimiters reports "unknown" so the caller chooses to fail open or closed', async () => {
    const redis = unreachable();
    try {
      const decision = await new RateLimiters(redis).consume({ name: 'x', points: 1, durationSeconds: 60 }, 'key');
      expect(decision.allowed).to.equal('unknown');
    } finally {
      redis.disconnect();
    }
  });
});
