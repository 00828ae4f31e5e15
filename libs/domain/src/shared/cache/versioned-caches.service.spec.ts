import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Database } from '@platform/db';
import type { Redis } from '@platform/redis';
import { testContainer } from '@platform/testing';
import type { ContainerInstance } from 'typedi';
import { CONFIG, REDIS } from '../tokens';
import { ALL_OWNERS, MIN_VERSION_TTL_SECONDS, VersionedCaches, VersionedViews, versionedViewsToken } from './versioned-caches.service';

describe(VersionedCaches.name, () => {
  let container: ContainerInstance;
  let caches: VersionedCaches;
  let db: Database;
  let redis: Redis;

  before(async () => {
    container = await testContainer('versioned-caches-spec');
    caches = container.get(VersionedCaches);
    db = container.get(Database);
    redis = container.get(REDIS);
  });

  const define = (ttlSeconds = 60, versionTtlSeconds?: number) =>
    caches.define({ name: `spec:${randomUUID()}`, ttlSeconds, versionTtlSeconds });
  /** Reads `view` of `owner`, loading `value` on a miss; answers what was served. */
  const read = (views: VersionedViews, owner: string | null, value: string, view = 'v') => views.read(owner, view, async () => value);

  it("an owner's invalidation makes only that owner's views stale", async () => {
    const views = define();
    expect(await read(views, 'alice', 'a1')).to.equal('a1');
    expect(await read(views, 'bob', 'b1')).to.equal('b1');
    expect(await read(views, 'alice', 'a2')).to.equal('a1');
    await views.invalidate('alice');
    expect(await read(views, 'alice', 'a3')).to.equal('a3');
    expect(await read(views, 'bob', 'b2')).to.equal('b1');
  });

  it("invalidateAll makes every owner's views and the owner-less ones stale", async () => {
    const views = define();
    await read(views, 'alice', 'a1');
    await read(views, ALL_OWNERS, 'all1');
    await views.invalidate('alice');
    expect(await read(views, ALL_OWNERS, 'all2')).to.equal('all1');
    await views.invalidateAll();
    expect(await read(views, 'alice', 'a2')).to.equal('a2');
    expect(await read(views, ALL_OWNERS, 'all3')).to.equal('all3');
  });

  it('with a transaction, bumps after the commit and never on a rollback', async () => {
    const views = define();
    await read(views, 'carol', 'before');
    await db.transaction(async (tx) => {
      await views.invalidate('carol', tx);
      expect(await read(views, 'carol', 'during')).to.equal('before');
    });
    expect(await read(views, 'carol', 'after')).to.equal('after');
    await db
      .transaction(async (tx) => {
        await views.invalidateAll(tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await read(views, 'carol', 'reloaded')).to.equal('after');
  });

  it('reloads a cached view that `accept` refuses', async () => {
    const views = define();
    const readWith = (value: string, fresh: boolean) => views.read('dave', 'v', async () => value, { accept: () => fresh });
    await readWith('first', true);
    expect(await readWith('second', true)).to.equal('first');
    expect(await readWith('third', false)).to.equal('third');
  });

  it('keeps a version at least a day, twice the view TTL, or what the namespace asks', async () => {
    const ttlOf = async (views: VersionedViews, name: string) => {
      await views.invalidate('erin');
      return redis.ttl(`${name}:version:erin`);
    };
    const spec = (ttlSeconds: number, versionTtlSeconds?: number) => ({ name: `spec:${randomUUID()}`, ttlSeconds, versionTtlSeconds });
    for (const [given, expected] of [
      [spec(60), MIN_VERSION_TTL_SECONDS],
      [spec(100_000), 200_000],
      [spec(60, 7 * 86_400), 7 * 86_400],
    ] as const) {
      expect(await ttlOf(caches.define(given), given.name)).to.be.within(expected - 5, expected);
    }
  });

  it("a token declares a namespace once: each container builds it on first use, with the container's config", async () => {
    const name = `spec:${randomUUID()}`;
    const token = versionedViewsToken(name, (config) => ({ ttlSeconds: config.limits.orders.historyCacheTtlSeconds }));
    const views = container.get(token);
    expect(container.get(token)).to.equal(views);
    expect(await read(views, 'frank', 'f1')).to.equal('f1');
    expect(await read(container.get(token), 'frank', 'f2')).to.equal('f1');
    const ttlSeconds = container.get(CONFIG).limits.orders.historyCacheTtlSeconds;
    expect(await redis.ttl(`cache:${name}:frank:v@0.0`)).to.be.within(ttlSeconds - 5, ttlSeconds);
    const other = await testContainer('versioned-caches-spec-other');
    expect(other.get(token)).not.to.equal(views);
    await other.get(token).invalidate('frank');
    expect(await read(views, 'frank', 'f3')).to.equal('f3');
  });
});
