import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@platform/config';
import type { Redis } from '@platform/redis';
import { testContainer } from '@platform/testing';
import { LOGGER, REDIS } from '../../shared';
import { AnalysisCache } from './analysis-cache';

/** The stock-analysis answer cache against the run's Redis: stored form, freshness left, one load per key at a time. */
describe(AnalysisCache.name, () => {
  let cache: AnalysisCache;
  let redis: Redis;
  let withLocalCopies: (ms: number) => AnalysisCache;

  before(async () => {
    const container = await testContainer('analysis-cache');
    cache = container.get(AnalysisCache);
    redis = container.get(REDIS);
    const logger = container.get(LOGGER);
    withLocalCopies = (ms) => new AnalysisCache(redis, logger, { limits: { market: { analysisLocalCacheMs: ms } } } as AppConfig);
  });

  const text = (answer: { json: Buffer }) => answer.json.toString();

  it('stores the JSON with its expiry and answers it back with the freshness left', async () => {
    const symbol = randomUUID();
    const first = await cache.read('ownership', { symbol }, async () => ({ holders: 3 }));
    expect(first).to.deep.include({ freshForSeconds: 3_600 });
    expect(text(first)).to.equal('{"holders":3}');

    const key = `cache:market:analysis:ownership:symbol=${JSON.stringify(symbol)}`;
    const [expiry, json] = ((await redis.get(key)) ?? '').split(/ (.*)/s);
    expect(Number(expiry) - Date.now()).to.be.within(3_590_000, 3_600_000);
    expect(json).to.equal('{"holders":3}');
    expect(await redis.pttl(key)).to.be.within(3_590_000, 3_600_000);

    await redis.set(key, `${Date.now() + 42_500} {"holders":4}`);
    const hit = await cache.read('ownership', { symbol }, async () => ({ holders: 5 }));
    expect(hit.freshForSeconds).to.equal(42);
    expect(text(hit)).to.equal('{"holders":4}');
  });

  it('keys on the query whatever its key order, one entry per endpoint', async () => {
    const symbol = randomUUID();
    await cache.read('statements', { symbol, type: 'income', years: 5 }, async () => 'first');
    const again = await cache.read('statements', { years: 5, type: 'income', symbol }, async () => 'second');
    expect(text(again)).to.equal('"first"');
    expect(text(await cache.read('ratios', { symbol, type: 'income', years: 5 }, async () => 'ratios'))).to.equal('"ratios"');
  });

  it('lets concurrent misses of one key share one load, and a failed load fail them all without an entry', async () => {
    const symbol = randomUUID();
    let loads = 0;
    const slow = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { loads };
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.read('snapshot', { symbol }, slow)));
    expect(loads).to.equal(1);
    expect(answers.map(text)).to.deep.equal(Array(5).fill('{"loads":1}'));

    const other = randomUUID();
    const failing = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('Company not found');
    };
    const outcomes = await Promise.allSettled([cache.read('snapshot', { symbol: other }, failing), cache.read('snapshot', { symbol: other }, failing)]);
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['rejected', 'rejected']);
    expect(await redis.exists(`cache:market:analysis:snapshot:symbol=${JSON.stringify(other)}`)).to.equal(0);
    // The failed load is forgotten: the next read loads again.
    expect(text(await cache.read('snapshot', { symbol: other }, async () => 'found'))).to.equal('"found"');
  });

  it('does not store an answer whose load began before a clear() (it may hold the data the clear was for)', async () => {
    const symbol = randomUUID();
    const key = `cache:market:analysis:fairValue@v2:symbol=${JSON.stringify(symbol)}`;
    let release: () => void = () => undefined;
    const loading = cache.read('fairValue', { symbol }, () => new Promise<string>((resolve) => (release = () => resolve('old data'))));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.clear();
    release();
    expect(text(await loading)).to.equal('"old data"'); // this request still gets what it loaded
    expect(await redis.exists(key)).to.equal(0);
    expect(text(await cache.read('fairValue', { symbol }, async () => 'new data'))).to.equal('"new data"');
    expect(await redis.exists(key)).to.equal(1);
  });

  it('never serves a fair value cached before its answers had top-level inputs (its key carries the shape version)', async () => {
    const symbol = randomUUID();
    const unversioned = `cache:market:analysis:fairValue:symbol=${JSON.stringify(symbol)}`;
    await redis.set(unversioned, `${Date.now() + 500_000} {"methods":[],"summary":{}}`);
    const answer = await cache.read('fairValue', { symbol }, async () => ({ methods: [], inputs: {}, summary: {} }));
    expect(JSON.parse(text(answer))).to.have.property('inputs');
    expect(await redis.exists(`cache:market:analysis:fairValue@v2:symbol=${JSON.stringify(symbol)}`)).to.equal(1);
  });

  it('never says more freshness than the endpoint has (an entry written by a clock ahead of this one)', async () => {
    const symbol = randomUUID();
    await redis.set(`cache:market:analysis:snapshot:symbol=${JSON.stringify(symbol)}`, `${Date.now() + 310_000} "ahead"`);
    expect((await cache.read('snapshot', { symbol }, async () => 'loaded')).freshForSeconds).to.equal(300);
  });

  it('clear() drops every analysis entry under this prefix and nothing else', async () => {
    await cache.read('peers', { symbol: randomUUID() }, async () => 1);
    await redis.set('cache:catalog:something', '{}');
    expect(await cache.clear()).to.be.at.least(1);
    expect(await redis.keys(`${redis.options.keyPrefix}cache:market:analysis:*`)).to.deep.equal([]);
    expect(await redis.exists('cache:catalog:something')).to.equal(1);
    await redis.del('cache:catalog:something');
  });

  describe('with local copies (ANALYSIS_LOCAL_CACHE_MS)', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('answers from its own copy for that long, without Redis, then reads Redis again', async () => {
      const local = withLocalCopies(150);
      const symbol = randomUUID();
      const key = `cache:market:analysis:dividends:symbol=${JSON.stringify(symbol)}`;
      await redis.set(key, `${Date.now() + 60_500} "stored"`);
      expect(text(await local.read('dividends', { symbol }, async () => 'loaded'))).to.equal('"stored"');

      await redis.set(key, `${Date.now() + 60_500} "changed"`);
      const copy = await local.read('dividends', { symbol }, async () => 'loaded');
      expect(text(copy)).to.equal('"stored"');
      expect(copy.freshForSeconds).to.equal(60);

      await sleep(200);
      expect(text(await local.read('dividends', { symbol }, async () => 'loaded'))).to.equal('"changed"');
    });

    it('keeps a copy of what it loaded, never beyond the answer\'s freshness, and clear() drops the copies', async () => {
      const local = withLocalCopies(60_000);
      const symbol = randomUUID();
      const key = `cache:market:analysis:snapshot:symbol=${JSON.stringify(symbol)}`;
      expect(text(await local.read('snapshot', { symbol }, async () => 'loaded'))).to.equal('"loaded"');
      await redis.del(key);
      expect(text(await local.read('snapshot', { symbol }, async () => 'again'))).to.equal('"loaded"');

      await local.clear();
      expect(text(await local.read('snapshot', { symbol }, async () => 'after clear'))).to.equal('"after clear"');

      // A copy of an entry in its last second is no answer: the entry is read (and loaded) again.
      const ending = randomUUID();
      const endingKey = `cache:market:analysis:snapshot:symbol=${JSON.stringify(ending)}`;
      await redis.set(endingKey, `${Date.now() + 1_100} "ending"`);
      expect(text(await local.read('snapshot', { symbol: ending }, async () => 'fresh'))).to.equal('"ending"');
      await sleep(150);
      expect(text(await local.read('snapshot', { symbol: ending }, async () => 'fresh'))).to.equal('"fresh"');
    });
  });
});
