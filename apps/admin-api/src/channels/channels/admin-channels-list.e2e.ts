import { expect } from 'chai';
import { ChannelModel, Database } from '@platform/db';
import { adminToken, buildTestApp, createChannel, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const LIST_FIELDS = ['id', 'title', 'kind', 'accessPolicy', 'visibility', 'status', 'createdAt', 'updatedAt'];

interface Page {
  items: Array<Record<string, unknown> & { id: number }>;
  cursor: { next_cursor?: string };
  limit: number;
  has_more: boolean;
  count: number;
}

/** GET /api/admin/channels (community-content-uploads.md "Admin channel list query"; CONTRACT section 5). */
describe('Admin channels: list (admin-api)', () => {
  let api: TestApp;
  let reader: string;

  const list = (query: Record<string, string | number> = {}) =>
    api.http.get('/api/admin/channels').query(query).set('Authorization', reader);
  const page = async (query: Record<string, string | number>): Promise<Page> => (await list(query).expect(200)).body.data;
  /** Writes created_at directly: the ascending keyset test needs positions (1950) no other channel takes. */
  const setCreatedAt = async (channels: ChannelModel[], at: string) => {
    await api.app.container.get(Database).sequelize.query('UPDATE channels SET created_at = CAST(:at AS timestamptz) WHERE id IN (:ids)', {
      replacements: { at, ids: channels.map((c) => c.id) },
    });
  };
  const createMany = async (count: number) => {
    const made: ChannelModel[] = [];
    for (let i = 0; i < count; i++) made.push(await createChannel());
    return made;
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    reader = `Bearer ${adminToken(api.app.container, ['Communications_READ'])}`;
  });

  it('answers { items, cursor, limit, has_more, count }, newest first by default, items holding only the list fields', async () => {
    await createChannel();
    const older = await createChannel({ kind: 'PREMIUM_VIEW_ONLY', accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' });
    const newer = await createChannel();
    const data = await page({ limit: 2 });
    expect(Object.keys(data).sort()).to.deep.equal(['count', 'cursor', 'has_more', 'items', 'limit']);
    expect(data.items.map((i) => i.id)).to.deep.equal([newer.id, older.id]);
    expect(data).to.include({ limit: 2, count: 2, has_more: true });
    expect(data.cursor.next_cursor).to.be.a('string');
    for (const item of data.items) expect(Object.keys(item).sort()).to.deep.equal([...LIST_FIELDS].sort());
    expect(data.items[1]).to.deep.equal({
      id: older.id,
      title: older.title,
      kind: 'PREMIUM_VIEW_ONLY',
      accessPolicy: 'EXTERNAL_GATED',
      visibility: 'PRIVATE',
      status: 'active',
      createdAt: older.createdAt.toISOString(),
      updatedAt: older.updatedAt.toISOString(),
    });
  });

  it('defaults limit to 20, counts the items of the page, and answers an empty cursor {} on the last page', async () => {
    await createChannel({ status: 'archived' });
    expect((await page({})).limit).to.equal(20);
    let data = await page({ status: 'archived', limit: 100 });
    for (let pages = 1; data.has_more && pages < 50; pages++) data = await page({ status: 'archived', limit: 100, cursor: String(data.cursor.next_cursor) });
    expect(data.has_more).to.equal(false);
    expect(data.cursor).to.deep.equal({});
    expect(data.count).to.equal(data.items.length).and.be.greaterThan(0);
  });

  it('filters by status and by kind, together or alone, and lists soft-deleted channels too', async () => {
    const archived = await createChannel({ status: 'archived', kind: 'PREMIUM_VIEW_ONLY' });
    const deleted = await createChannel({ status: 'soft_deleted' });
    const active = await createChannel({ kind: 'PREMIUM_VIEW_ONLY' });
    const ids = (data: Page) => data.items.map((i) => i.id);

    const archivedPage = await page({ status: 'archived', limit: 100 });
    expect(archivedPage.items.every((i) => i.status === 'archived')).to.equal(true);
    expect(ids(archivedPage)).to.include(archived.id).and.not.include(active.id);

    const deletedPage = await page({ status: 'soft_deleted', limit: 100 });
    expect(deletedPage.items.every((i) => i.status === 'soft_deleted')).to.equal(true);
    expect(ids(deletedPage)).to.include(deleted.id);

    const premium = await page({ kind: 'PREMIUM_VIEW_ONLY', limit: 100 });
    expect(premium.items.every((i) => i.kind === 'PREMIUM_VIEW_ONLY')).to.equal(true);
    expect(ids(premium)).to.include.members([archived.id, active.id]).and.not.include(deleted.id);

    const both = await page({ kind: 'PREMIUM_VIEW_ONLY', status: 'active', limit: 100 });
    expect(ids(both)).to.include(active.id).and.not.include(archived.id);

    expect(ids(await page({ limit: 100 }))).to.include.members([archived.id, deleted.id, active.id]);
  });

  it('sorts by updatedAt when asked: a channel edited last comes first in desc order', async () => {
    const [first, second] = await createMany(2);
    const editor = `Bearer ${adminToken(api.app.container, ['Communications_UPDATE'])}`;
    await api.http.patch(`/api/admin/channels/${first.id}`).set('Authorization', editor).send({ title: 'Edited last' }).expect(200);
    expect((await page({ sort: 'updatedAt', limit: 2 })).items.map((i) => i.id)).to.deep.equal([first.id, second.id]);
    expect((await page({ sort: 'createdAt', limit: 2 })).items.map((i) => i.id)).to.deep.equal([second.id, first.id]);
  });

  it('pages in ascending order with ties on createdAt broken by id, with no duplicates or gaps while channels are created between pages', async () => {
    const base = await createMany(6);
    // Two pairs share a timestamp, so a page boundary falls inside a tie.
    await setCreatedAt(base.slice(0, 2), '1950-01-01T00:00:00.000001Z');
    await setCreatedAt(base.slice(2, 5), '1950-01-01T00:00:00.000002Z');
    await setCreatedAt(base.slice(5), '1950-01-01T00:00:00.000003Z');
    const first = await page({ order: 'asc', limit: 3 });
    expect(first.items.map((i) => i.id)).to.deep.equal(base.slice(0, 3).map((c) => c.id));

    // Created between pages: one behind the cursor (must not appear), one ahead of it (must appear in its place).
    const [behind, ahead] = await createMany(2);
    await setCreatedAt([behind], '1950-01-01T00:00:00.000001Z');
    await setCreatedAt([ahead], '1950-01-01T00:00:00.000002Z');

    const seen = first.items.map((i) => i.id);
    let cursor = first.cursor.next_cursor;
    while (cursor && seen.length < 20) {
      const next = await page({ order: 'asc', limit: 3, cursor });
      seen.push(...next.items.map((i) => i.id));
      cursor = next.cursor.next_cursor;
      if (next.items.some((i) => !String(i.createdAt).startsWith('1950'))) break;
    }
    const ours = seen.filter((id) => [...base, behind, ahead].some((c) => c.id === id));
    expect(new Set(seen).size).to.equal(seen.length);
    expect(ours).to.deep.equal([...base.slice(0, 5).map((c) => c.id), ahead.id, base[5].id]);
    expect(ours).to.not.include(behind.id);
  });

  it('pages newest first with no duplicates or gaps while newer channels are created between pages', async () => {
    const base = await createMany(5);
    const first = await page({ limit: 2 });
    expect(first.items.map((i) => i.id)).to.deep.equal([base[4].id, base[3].id]);
    const newer = await createMany(2);
    const second = await page({ limit: 2, cursor: String(first.cursor.next_cursor) });
    await createMany(1);
    const third = await page({ limit: 2, cursor: String(second.cursor.next_cursor) });
    const seen = [...first.items, ...second.items, ...third.items].map((i) => i.id);
    expect(seen.slice(0, 5)).to.deep.equal(base.map((c) => c.id).reverse());
    expect(seen).to.not.include.members(newer.map((c) => c.id));
    expect(new Set(seen).size).to.equal(seen.length);
  });

  it('accepts a cursor only with the sort and order it was issued for (422 otherwise)', async () => {
    await createMany(2);
    const { cursor } = await page({ sort: 'createdAt', order: 'desc', limit: 1 });
    await list({ sort: 'createdAt', order: 'desc', limit: 1, cursor: String(cursor.next_cursor) }).expect(200);
    await list({ limit: 1, cursor: String(cursor.next_cursor) }).expect(200);
    const others: Array<Record<string, string>> = [{ order: 'asc' }, { sort: 'updatedAt' }, { sort: 'updatedAt', order: 'asc' }];
    for (const query of others) {
      const res = await list({ ...query, cursor: String(cursor.next_cursor) }).expect(422);
      expect(res.body.errorCode).to.equal('UNPROCESSABLE');
      expect(res.body.errors[0].field).to.equal('cursor');
    }
  });

  for (const [rule, query, field] of [
    ['a limit above 100', { limit: 101 }, 'limit'],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a limit that is not a number', { limit: 'ten' }, 'limit'],
    ['an unknown sort', { sort: 'title' }, 'sort'],
    ['an unknown order', { order: 'up' }, 'order'],
    ['a cursor that was not issued', { cursor: 'abc.def' }, 'cursor'],
    ['an unknown status', { status: 'deleted' }, 'status'],
    ['an unknown kind', { kind: 'broadcast' }, 'kind'],
  ] as const) {
    it(`refuses ${rule} with 422 UNPROCESSABLE naming ${field}`, async () => {
      const res = await list(query).expect(422);
      expect(res.body.errorCode).to.equal('UNPROCESSABLE');
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
    });
  }

  it('refuses a repeated status parameter with 422', async () => {
    const res = await api.http.get('/api/admin/channels?status=active&status=archived').set('Authorization', reader).expect(422);
    expect(res.body.errors[0].field).to.equal('status');
  });

  it('accepts limit 100', async () => {
    expect((await page({ limit: 100 })).limit).to.equal(100);
  });
});
