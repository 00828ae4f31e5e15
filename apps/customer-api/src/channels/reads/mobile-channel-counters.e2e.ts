import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { buildTestApp, createChannel, createChannelPost, createCustomer, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { bearer, daysAgo, gatedChannel, grant, readUpTo } from './channel-reads.test-helper';

/**
 * The mobile item's counters (issue 22, "Mobile routes"): unreadCount counts the visible, not
 * deleted posts above the read cursor, capped at 1,000; lastPostId is the newest such post.
 */
describe('Mobile channel item: unreadCount and lastPostId (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  beforeEach(async () => {
    customer = await createCustomer(api.app.container);
  });

  const counters = async (channelId: number, token?: string) => {
    const request = api.http.get(`/api/mobile/channels/${channelId}`);
    const res = await (token ? request.set('Authorization', bearer(token)) : request).expect(200);
    return { unreadCount: res.body.data.unreadCount, lastPostId: res.body.data.lastPostId };
  };
  const listed = async (channelId: number, token: string) => {
    const res = await api.http.get('/api/mobile/channels?limit=5').set('Authorization', bearer(token)).expect(200);
    const item = res.body.data.items.find((candidate: { id: number }) => candidate.id === channelId);
    return { unreadCount: item.unreadCount, lastPostId: item.lastPostId };
  };

  it('counts every live post without a read cursor, and those above it with one; tombstones never count', async () => {
    const channel = await createChannel();
    const first = await createChannelPost(channel.id);
    await createChannelPost(channel.id, { isDeleted: true });
    const third = await createChannelPost(channel.id);
    const fourth = await createChannelPost(channel.id);
    expect(await counters(channel.id, customer.accessToken)).to.deep.equal({ unreadCount: 3, lastPostId: Number(fourth.id) });
    await readUpTo(channel.id, customer.id, first.id);
    expect(await counters(channel.id, customer.accessToken)).to.deep.equal({ unreadCount: 2, lastPostId: Number(fourth.id) });
    expect(await listed(channel.id, customer.accessToken)).to.deep.equal({ unreadCount: 2, lastPostId: Number(fourth.id) });
    // Another reader's cursor is theirs alone; an anonymous reader has none.
    const other = await createCustomer(api.app.container);
    await readUpTo(channel.id, other.id, third.id);
    expect(await counters(channel.id, other.accessToken)).to.deep.equal({ unreadCount: 1, lastPostId: Number(fourth.id) });
    expect(await counters(channel.id)).to.deep.equal({ unreadCount: 3, lastPostId: Number(fourth.id) });
    await readUpTo(channel.id, (await createCustomer(api.app.container)).id, fourth.id);
    expect(await counters(channel.id, customer.accessToken)).to.deep.equal({ unreadCount: 2, lastPostId: Number(fourth.id) });
  });

  it('takes lastPostId past deleted posts at the top, and answers 0 and null for a channel without live posts', async () => {
    const channel = await createChannel();
    const live = await createChannelPost(channel.id);
    await createChannelPost(channel.id, { isDeleted: true });
    await createChannelPost(channel.id, { isDeleted: true });
    expect(await counters(channel.id)).to.deep.equal({ unreadCount: 1, lastPostId: Number(live.id) });
    const empty = await createChannel();
    await createChannelPost(empty.id, { isDeleted: true });
    expect(await counters(empty.id)).to.deep.equal({ unreadCount: 0, lastPostId: null });
  });

  it('counts only the posts the reader’s history shows (NO_PAST: none before the first entitlement)', async () => {
    const { channel, catalog } = await gatedChannel();
    await createChannelPost(channel.id, { publishedAt: daysAgo(10) });
    const visible = await createChannelPost(channel.id, { publishedAt: daysAgo(2) });
    const hiddenNewest = await createChannelPost(channel.id, { publishedAt: daysAgo(8) });
    await grant(api, customer.id, catalog, daysAgo(5), daysAgo(-25));
    expect(await counters(channel.id, customer.accessToken)).to.deep.equal({ unreadCount: 1, lastPostId: Number(visible.id) });
    expect(Number(hiddenNewest.id)).to.be.greaterThan(Number(visible.id));
    expect(await listed(channel.id, customer.accessToken)).to.deep.equal({ unreadCount: 1, lastPostId: Number(visible.id) });
  });

  describe('over 1,005 posts', function () {
    this.timeout(60_000);
    let channelId: number;
    let ids: number[];

    before(async () => {
      const db = api.app.container.get(Database);
      channelId = (await createChannel()).id;
      const rows = await db.sequelize.query<{ id: string }>(
        `INSERT INTO channel_posts (channel_id, type, body_text, created_by_admin_id)
         SELECT :channelId, 'TEXT', 'bulk ' || n, 'bulk-admin' FROM generate_series(1, 1005) n RETURNING id`,
        { replacements: { channelId }, type: QueryTypes.SELECT },
      );
      ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    });

    it('caps unreadCount at 1,000, and counts exactly below the cap', async () => {
      expect(await counters(channelId, customer.accessToken)).to.deep.equal({ unreadCount: 1000, lastPostId: ids[1004] });
      await readUpTo(channelId, customer.id, ids[4]);
      expect(await counters(channelId, customer.accessToken)).to.deep.equal({ unreadCount: 1000, lastPostId: ids[1004] });
      const later = await createCustomer(api.app.container);
      await readUpTo(channelId, later.id, ids[5]);
      expect(await counters(channelId, later.accessToken)).to.deep.equal({ unreadCount: 999, lastPostId: ids[1004] });
      expect(await listed(channelId, later.accessToken)).to.deep.equal({ unreadCount: 999, lastPostId: ids[1004] });
    });
  });
});
