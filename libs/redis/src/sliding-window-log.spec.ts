import { expect } from 'chai';
import { RateLimiters, RateLimitRule } from './rate-limiters';
import { closeRedis, createRedisConnection, waitForRedis } from './redis-connection';
import { SlidingWindowLog } from './sliding-window-log';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379/0';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(SlidingWindowLog.name, () => {
  const prefix = `test-sliding-window-${process.pid}`;
  const redis = createRedisConnection({ url: REDIS_URL, prefix });
  const log = new SlidingWindowLog(redis);
  let rule: RateLimitRule;
  let serial = 0;

  before(() => waitForRedis(redis, 5_000));
  beforeEach(() => {
    rule = { name: `spec-${++serial}`, points: 3, durationSeconds: 1, window: 'sliding' };
  });
  after(async () => {
    const keys = await redis.keys(`${prefix}:rl:sliding:*`);
    if (keys.length) await redis.del(...keys.map((key) => key.slice(prefix.length + 1)));
    await closeRedis(redis);
  });

  it('refuses the N+1th request inside the window and accepts again once the oldest slides out', async function () {
    this.timeout(8_000);
    rule = { ...rule, durationSeconds: 2 };
    expect(await log.consume(rule, 'client')).to.deep.equal({ allowed: true, remaining: 2 });
    await sleep(800);
    expect(await log.consume(rule, 'client')).to.deep.equal({ allowed: true, remaining: 1 });
    expect(await log.consume(rule, 'client')).to.deep.equal({ allowed: true, remaining: 0 });
    // A slot frees when the first request leaves, about 1.2 s from now: rounded up.
    expect(await log.consume(rule, 'client')).to.deep.equal({ allowed: false, retryAfterSeconds: 2 });
    // The first request leaves the window 2 s after it was made: one slot, not three (no fixed-window reset).
    await sleep(1_400);
    expect(await log.consume(rule, 'client')).to.deep.equal({ allowed: true, remaining: 0 });
    expect((await log.consume(rule, 'client')).allowed).to.equal(false);
    // The two made 800 ms in leave next: the one made at 2.2 s and this one remain.
    await sleep(800);
    expect(await log.consume(rule, 'client')).to.deep.equal({ allowed: true, remaining: 1 });
  });

  it('does not log a refused request: knocking while full does not push the next slot back', async function () {
    this.timeout(5_000);
    rule = { ...rule, points: 1 };
    expect((await log.consume(rule, 'client')).allowed).to.equal(true);
    for (let i = 0; i < 5; i++) expect((await log.consume(rule, 'client')).allowed).to.equal(false);
    expect(await redis.zcard(`rl:sliding:${rule.name}:client`)).to.equal(1);
    await sleep(1_050);
    expect((await log.consume(rule, 'client')).allowed).to.equal(true);
  });

  it('answers Retry-After as the seconds until a slot frees, rounded up', async () => {
    rule = { ...rule, points: 2, durationSeconds: 90 };
    await log.consume(rule, 'client');
    await log.consume(rule, 'client');
    const refused = await log.consume(rule, 'client');
    expect(refused).to.deep.equal({ allowed: false, retryAfterSeconds: 90 });
    // The log lives as long as its window, under the connection's prefix.
    expect(await redis.pttl(`rl:sliding:${rule.name}:client`)).to.be.within(89_000, 90_000);
  });

  it('counts each client and each rule apart, and counts concurrent requests exactly', async () => {
    rule = { ...rule, points: 5, durationSeconds: 60 };
    const decisions = await Promise.all(Array.from({ length: 12 }, () => log.consume(rule, 'busy')));
    expect(decisions.filter((decision) => decision.allowed === true)).to.have.length(5);
    expect((await log.consume(rule, 'other')).allowed).to.equal(true);
    expect((await log.consume({ ...rule, name: `${rule.name}-b` }, 'busy')).allowed).to.equal(true);
    await log.reset(rule, 'busy');
    expect((await log.consume(rule, 'busy')).allowed).to.equal(true);
  });

  it('is what RateLimiters uses for a sliding rule', async () => {
    const limiters = new RateLimiters(redis);
    rule = { ...rule, points: 1, durationSeconds: 60 };
    expect((await limiters.consume(rule, 'client')).allowed).to.equal(true);
    expect(await limiters.consume(rule, 'client')).to.deep.equal({ allowed: false, retryAfterSeconds: 60 });
    expect(await redis.exists(`rl:sliding:${rule.name}:client`)).to.equal(1);
    await limiters.reset(rule, 'client');
    expect((await limiters.consume(rule, 'client')).allowed).to.equal(true);
  });

  it('reports "unknown" when Redis is unreachable, so the caller chooses to fail open or closed', async () => {
    const down = createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'test-unreachable' }, { retryStrategy: () => null });
    down.on('error', () => undefined);
    try {
      expect((await new SlidingWindowLog(down).consume(rule, 'client')).allowed).to.equal('unknown');
    } finally {
      down.disconnect();
    }
  });
});
