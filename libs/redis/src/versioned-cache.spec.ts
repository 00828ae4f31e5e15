import { expect } from 'chai';
import pino from 'pino';
import { Cache } from './cache';
import { closeRedis, createRedisConnection, waitForRedis } from './redis-connection';
import { MISSING_VERSION, VersionedCache } from './versioned-cache';

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

  const clear = async () => {
    const prefix = redis.options.keyPrefix ?? '';
    const views = (await redis.keys(`${prefix}cache:view@*`)).map((key) => key.slice(prefix.length));
    await redis.del('version', ...views);
  };
  before(() => waitForRedis(redis, 5_000));
  beforeEach(async () => {
    loads = 0;
    await clear();
  });
  after(async () => {
    await clear();
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

  it('a version that expired starts again beyond every earlier number, so no view cached before is served', async () => {
    const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, []);
    const versions: string[] = [];
    for (let i = 0; i < 3; i++) {
      await views.bump('version', 600);
      versions.push((await redis.get('version')) as string);
      await views.read(view, load);
    }
    expect(loads).to.equal(3);
    // Expiry (24 h without a bump) or eviction: INCR alone would start again at 1.
    await redis.del('version');
    await views.bump('version', 600);
    const restarted = (await redis.get('version')) as string;
    expect([...versions, MISSING_VERSION]).not.to.include(restarted);
    expect(BigInt(restarted) > BigInt(versions[2])).to.be.true;
    expect(await views.read(view, load)).to.equal(4);
  });

  it('reads a missing version as a placeholder that no bump answers', async () => {
    const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, []);
    expect(await views.read(view, load)).to.equal(1);
    expect(await redis.exists(`cache:view@${MISSING_VERSION}`)).to.equal(1);
    await views.bump('version', 600);
    expect(await redis.get('version')).not.to.equal(MISSING_VERSION);
    expect(await views.read(view, load)).to.equal(2);
  });

  it('retries a failed bump in the background, so a stale view is not served once Redis answers again', async () => {
    const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, [20, 20, 20]);
    expect(await views.read(view, load)).to.equal(1);
    // A version that INCR refuses fails the bump's script, as a Redis hiccup would.
    await redis.set('version', 'not-a-number');
    await views.bump('version', 600);
    expect(await redis.get('version')).to.equal('not-a-number');
    await redis.del('version');
    await waitUntil(async () => /^\d+$/.test((await redis.get('version')) ?? ''));
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

  describe('readSerialized: finished JSON with a tag, one round trip', () => {
    const loadTagged = async () => ({ value: { n: ++loads, text: 'line\nbreak é' }, tag: `tag-${loads}` });
    const text = (json: Buffer) => json.toString('utf8');

    it('stores the JSON and its tag under the view\'s version, and serves them until a bump', async () => {
      const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, []);
      const first = await views.readSerialized(view, loadTagged);
      expect([text(first.json), first.tag]).to.deep.equal([JSON.stringify({ n: 1, text: 'line\nbreak é' }), 'tag-1']);
      const again = await views.readSerialized(view, loadTagged);
      expect([text(again.json), again.tag, loads]).to.deep.equal([text(first.json), 'tag-1', 1]);
      expect(await redis.ttl(`cache:view@${MISSING_VERSION}`)).to.be.within(1, 60);
      await views.bump('version', 600);
      expect((await views.readSerialized(view, loadTagged)).tag).to.equal('tag-2');
    });

    it('loads again when `accept` refuses the stored tag, and stores what it loaded', async () => {
      const views = new VersionedCache(redis, new Cache(redis, logger, 60), logger, []);
      await views.readSerialized(view, loadTagged);
      const refused = await views.readSerialized({ ...view, accept: (tag) => tag !== 'tag-1' }, loadTagged);
      expect([refused.tag, loads]).to.deep.equal(['tag-2', 2]);
      expect((await views.readSerialized({ ...view, accept: (tag) => tag !== 'tag-1' }, loadTagged)).tag).to.equal('tag-2');
    });

    it('loads (and stores nothing) when Redis cannot answer', async () => {
      const down = createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'unreachable' }, { retryStrategy: () => null, enableOfflineQueue: false });
      down.on('error', () => undefined);
      const views = new VersionedCache(down, new Cache(down, logger, 60), logger, []);
      const answer = await views.readSerialized(view, loadTagged);
      expect([answer.tag, loads]).to.deep.equal(['tag-1', 1]);
      expect(JSON.parse(text(answer.json))).to.deep.equal({ n: 1, text: 'line\nbreak é' });
      down.disconnect();
    });
  });
});
