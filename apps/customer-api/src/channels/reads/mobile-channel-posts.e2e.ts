import { expect } from 'chai';
import { adminToken, buildTestApp, createChannel, createChannelPost, createCustomer, invalidTokenCases, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { bearer, daysAgo, gatedChannel, grant, joined } from './channel-reads.test-helper';

type Post = { id: number; isDeleted: boolean; bodyText: string | null; attachments: unknown[]; [key: string]: unknown };
type Page = { items: Post[]; cursor: Record<string, string>; limit: number; has_more: boolean; count: number };

/** GET /api/mobile/channels/{id}/posts (community-content-uploads.md "Channels, mobile", rule 2; issue 22). */
describe('Mobile channel posts: rule 2 cursor pages within the reader’s history (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  beforeEach(async () => {
    customer = await createCustomer(api.app.container);
  });

  const list = (channelId: number | string, query = '', token?: string) => {
    const request = api.http.get(`/api/mobile/channels/${channelId}/posts${query}`);
    return token ? request.set('Authorization', bearer(token)) : request;
  };
  const page = async (channelId: number, query: string, token?: string): Promise<Page> => (await list(channelId, query, token).expect(200)).body.data;
  const ids = (data: Page) => data.items.map((item) => item.id);
  const status = async (channelId: number, token?: string) => {
    const res = await list(channelId, '', token);
    return res.status === 200 ? 200 : `${res.status} ${res.body.errorCode}`;
  };

  it('follows the spec’s worked example with the channel’s own ids, anonymously on an OPEN channel', async () => {
    const channel = await createChannel();
    const posts: number[] = [];
    for (let index = 0; index < 3; index++) posts.push(Number((await createChannelPost(channel.id)).id));
    const [one, two, three] = posts;
    const after = await page(channel.id, '?after_id=0&limit=2');
    expect(ids(after)).to.deep.equal([one, two]);
    expect(after).to.deep.include({ cursor: { next_after_id: String(two), next_before_id: String(one) }, limit: 2, has_more: true, count: 2 });
    const before = await page(channel.id, `?before_id=${three + 1}&limit=2`);
    expect(ids(before)).to.deep.equal([three, two]);
    expect(before).to.deep.include({ cursor: { next_after_id: String(three), next_before_id: String(two) }, limit: 2, has_more: true, count: 2 });
    expect(await page(channel.id, `?after_id=${two}&limit=2`)).to.deep.include({ cursor: {}, has_more: false, count: 1 });
    expect(ids(await page(channel.id, ''))).to.deep.equal([three, two, one]);
    expect(await page(channel.id, '')).to.deep.include({ limit: 20, has_more: false, cursor: {} });
  });

  it('orders by id, never by publishedAt', async () => {
    const channel = await createChannel();
    const first = await createChannelPost(channel.id, { publishedAt: new Date('2030-01-01T00:00:00Z') });
    const second = await createChannelPost(channel.id, { publishedAt: new Date('2020-01-01T00:00:00Z') });
    expect(ids(await page(channel.id, '?after_id=0'))).to.deep.equal([Number(first.id), Number(second.id)]);
  });

  it('returns deleted posts in place as tombstones: content fields null, no attachments', async () => {
    const channel = await createChannel();
    const live = await createChannelPost(channel.id, { type: 'LINK', bodyText: 'read this' });
    const deleted = await createChannelPost(channel.id, { type: 'IMAGE', bodyText: 'gone', isDeleted: true });
    const chart = await createChannelPost(channel.id, { type: 'CHART', isDeleted: true });
    const data = await page(channel.id, '?after_id=0');
    expect(ids(data)).to.deep.equal([live, deleted, chart].map((post) => Number(post.id)));
    expect(data.items[0]).to.include({ isDeleted: false, bodyText: 'read this', linkUrl: live.linkUrl, deletedAt: null });
    for (const tombstone of data.items.slice(1)) {
      expect(tombstone).to.include({ isDeleted: true, bodyText: null, linkUrl: null, chartPayloadJson: null, isPinned: false });
      expect(tombstone.attachments).to.deep.equal([]);
      expect(tombstone['deletedAt']).to.be.a('string');
      expect(tombstone).not.to.have.property('deletedByAdminId');
    }
  });

  it('filters a NO_PAST history in SQL: hidden posts between visible ones leave limit and has_more exact', async () => {
    const { channel, catalog } = await gatedChannel({ firstSubscribeHistoryPolicy: 'NO_PAST' });
    const post = async (publishedDaysAgo: number) => Number((await createChannelPost(channel.id, { publishedAt: daysAgo(publishedDaysAgo) })).id);
    const v1 = await post(4);
    await post(9); // published before the subscription started
    const v2 = await post(3);
    await post(6);
    const v3 = await post(1);
    await grant(api, customer.id, catalog, daysAgo(5), daysAgo(-25));
    const first = await page(channel.id, '?after_id=0&limit=2', customer.accessToken);
    expect(ids(first)).to.deep.equal([v1, v2]);
    expect(first).to.deep.include({ has_more: true, count: 2, cursor: { next_after_id: String(v2), next_before_id: String(v1) } });
    expect(await page(channel.id, `?after_id=${v2}&limit=2`, customer.accessToken)).to.deep.include({ has_more: false, count: 1, cursor: {} });
    const down = await page(channel.id, `?before_id=${v3 + 1}&limit=3`, customer.accessToken);
    expect(ids(down)).to.deep.equal([v3, v2, v1]);
    expect(down).to.deep.include({ has_more: false, count: 3 });
    expect(ids(await page(channel.id, `?before_id=${v2}&limit=1`, customer.accessToken))).to.deep.equal([v1]);
    // ALLOW_PAST shows the same reader every post.
    const { channel: past, catalog: pastCatalog } = await gatedChannel({ firstSubscribeHistoryPolicy: 'ALLOW_PAST' });
    await createChannelPost(past.id, { publishedAt: daysAgo(400) });
    await grant(api, customer.id, pastCatalog, daysAgo(1), daysAgo(-29));
    expect((await page(past.id, '', customer.accessToken)).count).to.equal(1);
  });

  it('answers 403 CHANNEL_ACCESS_DENIED without access (a locked member too), 404 for a channel the caller may not see', async () => {
    const { channel, catalog } = await gatedChannel();
    await createChannelPost(channel.id);
    expect(await status(channel.id)).to.equal('403 CHANNEL_ACCESS_DENIED');
    expect(await status(channel.id, customer.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    const locked = await createCustomer(api.app.container);
    await grant(api, locked.id, catalog, daysAgo(30), daysAgo(1));
    await joined(channel.id, locked.id);
    expect(await status(channel.id, locked.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    const { channel: hidden, catalog: hiddenCatalog } = await gatedChannel({ visibility: 'PRIVATE' });
    expect(await status(hidden.id, customer.accessToken)).to.equal('404 CHANNEL_NOT_FOUND');
    expect(await status(hidden.id, adminToken(api.app.container, ['*']))).to.equal('404 CHANNEL_NOT_FOUND');
    await grant(api, customer.id, hiddenCatalog, daysAgo(1), daysAgo(-29));
    expect(await status(hidden.id, customer.accessToken)).to.equal(200);
    expect(await status((await createChannel({ status: 'soft_deleted' })).id)).to.equal('404 CHANNEL_NOT_FOUND');
    expect(await status((await createChannel({ status: 'archived' })).id)).to.equal(200);
  });

  it('answers 422 for both after_id and before_id, a malformed id or a limit outside 1-100; 400 for a bad channel id', async () => {
    const channel = await createChannel();
    const refused = async (query: string) => {
      const res = await list(channel.id, query).expect(422);
      expect(res.body.errorCode, query).to.equal('UNPROCESSABLE');
      return [...new Set(res.body.errors.map((problem: { field: string }) => problem.field))];
    };
    expect(await refused('?after_id=1&before_id=5')).to.deep.equal(['after_id']);
    for (const id of ['abc', '-1', '1.5', '']) expect(await refused(`?before_id=${id}`), id).to.deep.equal(['before_id']);
    for (const limit of ['0', '101', '2.5']) expect(await refused(`?limit=${limit}`), limit).to.deep.equal(['limit']);
    expect((await page(channel.id, '?limit=100')).limit).to.equal(100);
    for (const id of ['0', 'abc']) expect((await list(id)).status, id).to.equal(400);
  });

  it('refuses a bad token with 401 instead of answering anonymously', async () => {
    const channel = await createChannel();
    for (const [label, header] of invalidTokenCases('customer', customer.id)) {
      if (header === undefined) continue;
      expect((await list(channel.id).set('Authorization', header)).status, label).to.equal(401);
    }
  });
});
