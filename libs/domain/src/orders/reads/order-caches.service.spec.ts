import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database } from '@platform/db';
import { testContainer } from '@platform/testing';
import { ALL_OWNERS, VersionedViews } from '../../shared';
import { ORDER_ADMIN_VIEWS, ORDER_HISTORY_VIEWS, OrderCaches } from './order-caches.service';

describe(OrderCaches.name, () => {
  let container: ContainerInstance;
  let caches: OrderCaches;
  let history: VersionedViews;
  let admin: VersionedViews;
  let db: Database;

  before(async () => {
    container = await testContainer('order-caches-spec');
    caches = container.get(OrderCaches);
    history = container.get(ORDER_HISTORY_VIEWS);
    admin = container.get(ORDER_ADMIN_VIEWS);
    db = container.get(Database);
  });

  /** Reads view `v` of `userId`'s history, loading `value` on a miss; answers what was served. */
  const read = (userId: string, value: string) => history.read(userId, 'v', async () => value);
  /** The same for an admin view named after `userId` (admin views are one namespace for all orders). */
  const readAdmin = (userId: string, value: string) => admin.read(ALL_OWNERS, `v:${userId}`, async () => value);

  it("invalidate(userId) makes that user's history stale, not another's", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    expect(await read(alice, 'a1')).to.equal('a1');
    expect(await read(bob, 'b1')).to.equal('b1');
    expect(await read(alice, 'a2')).to.equal('a1');
    await caches.invalidate(alice);
    expect(await read(alice, 'a3')).to.equal('a3');
    expect(await read(bob, 'b2')).to.equal('b1');
  });

  it("invalidate(userId) makes every admin view stale, whoever's order changed", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await readAdmin(bob, 'list1');
    expect(await readAdmin(bob, 'list2')).to.equal('list1');
    await caches.invalidate(alice);
    expect(await readAdmin(bob, 'list3')).to.equal('list3');
  });

  it('with a transaction, invalidates only after it commits', async () => {
    const userId = randomUUID();
    await read(userId, 'before');
    await readAdmin(userId, 'admin before');
    await db.transaction(async (tx) => {
      await caches.invalidate(userId, tx);
      // Inside the transaction the change is not visible to others yet: the old views stay.
      expect(await read(userId, 'during')).to.equal('before');
      expect(await readAdmin(userId, 'admin during')).to.equal('admin before');
    });
    expect(await read(userId, 'after')).to.equal('after');
    expect(await readAdmin(userId, 'admin after')).to.equal('admin after');
  });

  it('with a transaction that rolls back, invalidates nothing', async () => {
    const userId = randomUUID();
    await read(userId, 'kept');
    await readAdmin(userId, 'admin kept');
    await db
      .transaction(async (tx) => {
        await caches.invalidate(userId, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await read(userId, 'reloaded')).to.equal('kept');
    expect(await readAdmin(userId, 'admin reloaded')).to.equal('admin kept');
  });
});
