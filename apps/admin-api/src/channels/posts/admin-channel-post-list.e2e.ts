import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { adminToken, buildTestApp, createChannel, createChannelPost, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

type Page = { items: Array<{ id: number; isDeleted: boolean }>; cursor: Record<string, string>; limit: number; has_more: boolean; count: number };

/** GET /api/admin/channels/{id}/posts: a cursor page by id (community-content-uploads.md, admin post list and rule 2). */
describe('Admin channel posts: the cursor list (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const list = (channelId: number, query = '') => api.http.get(`/api/admin/channels/${channelId}/posts${query}`).set('Authorization', admin);
  const page = async (channelId: number, query: string): Promise<Page> => (await list(channelId, query).expect(200)).body.data;
  const ids = (data: Page) => data.items.map((item) => item.id);
  const refused = async (channelId: number, query: string) => {
    const res = await list(channelId, query).expect(422);
    expect(res.body.errorCode, query).to.equal('UNPROCESSABLE');
    return [...new Set(res.body.errors.map((problem: { field: string }) => problem.field))];
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_READ'])}`;
  });

  it('follows the spec’s worked example with the channel’s own ids', async () => {
    const channel = await createChannel();
    const a = Number((await createChannelPost(channel.id)).id);
    const b = Number((await createChannelPost(channel.id)).id);
    const c = Number((await createChannelPost(channel.id)).id);
    expect(await page(channel.id, '?after_id=0&limit=2')).to.deep.include({
      cursor: { next_after_id: String(b), next_before_id: String(a) }, limit: 2, has_more: true, count: 2,
    });
    expect(ids(await page(channel.id, '?after_id=0&limit=2'))).to.deep.equal([a, b]);
    const before = await page(channel.id, `?before_id=${c + 1}&limit=2`);
    expect(ids(before)).to.deep.equal([c, b]);
    expect(before).to.deep.include({ cursor: { next_after_id: String(c), next_before_id: String(b) }, limit: 2, has_more: true, count: 2 });
    // The last page in either direction: has_more false and an empty cursor.
    expect(await page(channel.id, `?after_id=${b}&limit=2`)).to.deep.include({ cursor: {}, has_more: false, count: 1 });
    expect(ids(await page(channel.id, `?before_id=${b}&limit=2`))).to.deep.equal([a]);
    // Neither: the newest first; the default limit is 20.
    expect(await page(channel.id, '')).to.deep.include({ limit: 20, has_more: false, count: 3, cursor: {} });
    expect(ids(await page(channel.id, ''))).to.deep.equal([c, b, a]);
  });

  it('answers full post views, attachments in order, and an empty page for a channel without posts', async () => {
    const channel = await createChannel();
    const post = await createChannelPost(channel.id, { type: 'IMAGE', attachments: [{ fileName: 'b.png' }, { fileName: 'a.png' }], bodyText: 'two' });
    const [item] = (await page(channel.id, '')).items as unknown as Array<Record<string, unknown> & { attachments: Array<{ fileName: string; displayOrder: number }> }>;
    expect(item).to.include({ id: Number(post.id), channelId: channel.id, type: 'IMAGE', bodyText: 'two', isDeleted: false });
    expect(item.attachments.map((a) => [a.fileName, a.displayOrder])).to.deep.equal([['b.png', 0], ['a.png', 1]]);
    const single = await api.http.get(`/api/admin/channels/${channel.id}/posts/${post.id}`).set('Authorization', admin).expect(200);
    expect(item).to.deep.equal(single.body.data);
    expect(await page((await createChannel()).id, '?after_id=0')).to.deep.equal({ items: [], cursor: {}, limit: 20, has_more: false, count: 0 });
  });

  it('orders by id, never by publishedAt', async () => {
    const channel = await createChannel();
    const first = await createChannelPost(channel.id, { publishedAt: new Date('2030-01-01T00:00:00Z') });
    const second = await createChannelPost(channel.id, { publishedAt: new Date('2020-01-01T00:00:00Z') });
    const third = await createChannelPost(channel.id, { publishedAt: new Date('2025-01-01T00:00:00Z') });
    expect(ids(await page(channel.id, '?after_id=0'))).to.deep.equal([first, second, third].map((post) => Number(post.id)));
    expect(ids(await page(channel.id, ''))).to.deep.equal([third, second, first].map((post) => Number(post.id)));
  });

  it('leaves tombstones out unless include_deleted=true', async () => {
    const channel = await createChannel();
    const live = await createChannelPost(channel.id);
    const deleted = await createChannelPost(channel.id, { isDeleted: true });
    const later = await createChannelPost(channel.id);
    expect(ids(await page(channel.id, '?after_id=0'))).to.deep.equal([Number(live.id), Number(later.id)]);
    expect(ids(await page(channel.id, '?after_id=0&include_deleted=false'))).to.deep.equal([Number(live.id), Number(later.id)]);
    const all = await page(channel.id, '?after_id=0&include_deleted=true');
    expect(ids(all)).to.deep.equal([live, deleted, later].map((post) => Number(post.id)));
    expect(all.items[1].isDeleted).to.equal(true);
    // A page boundary on a tombstone: the cursor still moves by id.
    expect(ids(await page(channel.id, `?before_id=${later.id}&limit=1`))).to.deep.equal([Number(live.id)]);
  });

  it('lists the posts of an archived or soft-deleted channel for admins', async () => {
    for (const status of ['archived', 'soft_deleted'] as const) {
      const channel = await createChannel({ status });
      const post = await createChannelPost(channel.id);
      expect(ids(await page(channel.id, '')), status).to.deep.equal([Number(post.id)]);
    }
  });

  it('answers 422 for both after_id and before_id, a malformed id, limit outside 1-100 or include_deleted other than true|false', async () => {
    const channel = await createChannel();
    expect(await refused(channel.id, '?after_id=1&before_id=5')).to.deep.equal(['after_id']);
    for (const id of ['abc', '-1', '1.5', '1e3', '%201', '', '9223372036854775808']) {
      expect(await refused(channel.id, `?after_id=${id}`), id).to.deep.equal(['after_id']);
      expect(await refused(channel.id, `?before_id=${id}`), id).to.deep.equal(['before_id']);
    }
    for (const limit of ['0', '101', '1000', '-5', '2.5', 'ten']) expect(await refused(channel.id, `?limit=${limit}`), limit).to.deep.equal(['limit']);
    for (const value of ['yes', 'TRUE', '1', '', 'true&include_deleted=false']) {
      expect(await refused(channel.id, `?include_deleted=${value}`), value).to.deep.equal(['include_deleted']);
    }
    expect(await page(channel.id, '?limit=100')).to.deep.include({ limit: 100 });
  });

  describe('over thousands of posts', function () {
    this.timeout(120_000);
    let channelId: number;
    let db: Database;

    const insertPosts = (count: number, target = channelId) =>
      db.sequelize.query(
        `INSERT INTO channel_posts (channel_id, type, body_text, created_by_admin_id, published_at, is_deleted, deleted_at)
         SELECT :target, 'TEXT', 'bulk ' || n, 'bulk-admin', now() - make_interval(secs => n), n % 7 = 0, CASE WHEN n % 7 = 0 THEN now() END
           FROM generate_series(1, :count) n`,
        { replacements: { target, count } },
      );
    const allIds = async (withDeleted: boolean) =>
      (await db.sequelize.query<{ id: string }>(
        `SELECT p.id::text AS id FROM channel_posts p WHERE p.channel_id = :channelId ${withDeleted ? '' : 'AND NOT p.is_deleted'} ORDER BY p.id`,
        { replacements: { channelId }, type: QueryTypes.SELECT },
      )).map((row) => Number(row.id));

    before(async () => {
      db = api.app.container.get(Database);
      channelId = (await createChannel()).id;
      await insertPosts(3_000);
    });

    for (const withDeleted of [false, true]) {
      it(`walks after_id from 0 seeing every post once, in id order, with posts added between pages (include_deleted=${withDeleted})`, async () => {
        const other = await createChannel();
        const seen: number[] = [];
        let cursor = '0';
        for (let round = 0; ; round++) {
          const data = await page(channelId, `?after_id=${cursor}&limit=100&include_deleted=${withDeleted}`);
          seen.push(...ids(data));
          if (!data.has_more) break;
          cursor = data.cursor['next_after_id'];
          expect(cursor).to.equal(String(seen[seen.length - 1]));
          // New posts here and in another channel: the walk reaches this channel's at its end, never the other's.
          if (round % 5 === 0) await Promise.all([insertPosts(3), insertPosts(3, other.id)]);
        }
        expect(seen).to.deep.equal([...seen].sort((x, y) => x - y));
        expect(seen).to.deep.equal(await allIds(withDeleted));
        expect(seen.length).to.be.greaterThan(withDeleted ? 3_000 : 2_500);
      });
    }

    it('walks before_id from the top seeing exactly the posts that existed, with posts added between pages', async () => {
      const existing = await allIds(false);
      const seen: number[] = [];
      let query = '?limit=100';
      for (;;) {
        const data = await page(channelId, query);
        seen.push(...ids(data));
        await insertPosts(2);
        if (!data.has_more) break;
        expect(data.cursor['next_before_id']).to.equal(String(seen[seen.length - 1]));
        query = `?before_id=${data.cursor['next_before_id']}&limit=100`;
      }
      expect(seen).to.deep.equal([...existing].reverse());
    });
  });
});
