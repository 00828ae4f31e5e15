import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database } from '@platform/db';
import { testContainer } from '@platform/testing';
import { OrderHistoryCache } from './order-history-cache.service';

describe(OrderHistoryCache.name, () => {
  let container: ContainerInstance;
  let cache: OrderHistoryCache;
  let db: Database;

  before(async () => {
    container = await testContainer('order-history-cache-spec');
    cache = container.get(OrderHistoryCache);
    db = container.get(Database);
  });

  /** Reads view `v` of `userId`, loading `value` on a miss; answers what was served. */
  const read = (userId: string, value: string) => cache.read(userId, 'v', async () => value);

  it('serves a cached view until invalidate is called, per user', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    expect(await read(alice, 'a1')).to.equal('a1');
    expect(await read(bob, 'b1')).to.equal('b1');
    expect(await read(alice, 'a2')).to.equal('a1');
    await cache.invalidate(alice);
    expect(await read(alice, 'a3')).to.equal('a3');
    expect(await read(bob, 'b2')).to.equal('b1');
  });

  it('with a transaction, invalidates only after it commits', async () => {
    const userId = randomUUID();
    await read(userId, 'before');
    await db.transaction(async (tx) => {
      await cache.invalidate(userId, tx);
      // Inside the transaction the change is not visible to others yet: the old view stays.
      expect(await read(userId, 'during')).to.equal('before');
    });
    expect(await read(userId, 'after')).to.equal('after');
  });

  it('with a transaction that rolls back, invalidates nothing', async () => {
    const userId = randomUUID();
    await read(userId, 'kept');
    await db
      .transaction(async (tx) => {
        await cache.invalidate(userId, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await read(userId, 'reloaded')).to.equal('kept');
  });
});
