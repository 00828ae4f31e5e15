import { expect } from 'chai';
import pino from 'pino';
import { Cache } from './cache';
import { RateLimiters } from './rate-limiters';
import net from 'node:net';
import { createRedisConnection, waitForRedis } from './redis-connection';

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

describe('when Redis stops answering on an open connection', () => {
  const logger = pino({ level: 'silent' });

  it('fails each command within a second, so caches load from the source and limits report "unknown"', async () => {
    let answering = true;
    const sockets: net.Socket[] = [];
    const proxy = net.createServer((client) => {
      const upstream = net.connect(6379, '127.0.0.1');
      sockets.push(client, upstream);
      client.on('data', (chunk) => upstream.write(chunk));
      upstream.on('data', (chunk) => answering && client.write(chunk));
      for (const socket of [client, upstream]) socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as net.AddressInfo;
    const redis = createRedisConnection({ url: `redis://127.0.0.1:${port}/0`, prefix: 'test-silent' }, { retryStrategy: () => null });
    try {
      expect(await waitForRedis(redis, 2_000)).to.equal(true);
      answering = false;
      const started = Date.now();
      expect(await new Cache(redis, logger, 60).getOrLoad('k', async () => 7)).to.equal(7);
      expect((await new RateLimiters(redis).consume({ name: 'x', points: 1, durationSeconds: 60 }, 'key')).allowed).to.equal('unknown');
      expect(Date.now() - started).to.be.below(4_500);
    } finally {
      redis.disconnect();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
