import { expect } from 'chai';
import { ListCursorsService } from '@platform/domain';
import { adminToken, buildTestApp, createChannel, createCustomer, invalidTokenCases, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { bearer, daysAgo, gatedChannel, grant, joined } from './channel-reads.test-helper';

type Item = { id: number; isJoined: boolean; isLocked: boolean; [key: string]: unknown };
type Page = { items: Item[]; cursor: { next_cursor?: string }; limit: number; has_more: boolean; count: number };

/**
 * GET /api/mobile/channels (community-content-uploads.md "Channels, mobile"; issue 22): the
 * channels the caller may see, newest first, filtered in SQL. Channels are shared by every test of
 * the run, so each test reads the page its own (newest) channels open.
 */
describe('Mobile channel list: what each caller sees, as keyset pages (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  beforeEach(async () => {
    customer = await createCustomer(api.app.container);
  });

  const list = (query = '', token?: string) => {
    const request = api.http.get(`/api/mobile/channels${query}`);
    return token ? request.set('Authorization', bearer(token)) : request;
  };
  const page = async (query: string, token?: string): Promise<Page> => (await list(query, token).expect(200)).body.data;
  /** The ids of the channels made since `first` on the newest page (20 is more than any test makes). */
  const seen = async (first: number, token?: string) => (await page('?limit=20', token)).items.map((item) => item.id).filter((id) => id >= first);

  it('shows anonymous callers OPEN channels and gated PUBLIC ones, never gated PRIVATE or soft-deleted ones', async () => {
    const open = await createChannel();
    const openPrivate = await createChannel({ visibility: 'PRIVATE' });
    const { channel: gatedPublic } = await gatedChannel();
    await gatedChannel({ visibility: 'PRIVATE' });
    await createChannel({ status: 'soft_deleted' });
    const archived = await createChannel({ status: 'archived' });
    expect(await seen(open.id)).to.deep.equal([archived.id, gatedPublic.id, openPrivate.id, open.id]);
    expect(await seen(open.id, customer.accessToken)).to.deep.equal([archived.id, gatedPublic.id, openPrivate.id, open.id]);
    const shell = (await page('?limit=20')).items.find((item) => item.id === gatedPublic.id);
    expect(shell).to.include({ accessPolicy: 'EXTERNAL_GATED', isJoined: false, isLocked: false, unreadCount: 0, lastPostId: null });
  });

  it('adds a gated PRIVATE channel for a holder of its feature now, and for a joined member who lost it (locked)', async () => {
    const { channel: held, catalog } = await gatedChannel({ visibility: 'PRIVATE' });
    const { channel: lost, catalog: lostCatalog } = await gatedChannel({ visibility: 'PRIVATE' });
    const { channel: expiredOnly, catalog: expiredCatalog } = await gatedChannel({ visibility: 'PRIVATE' });
    const { channel: leftOnly } = await gatedChannel({ visibility: 'PRIVATE' });
    await grant(api, customer.id, catalog, daysAgo(1), daysAgo(-30));
    await grant(api, customer.id, lostCatalog, daysAgo(30), daysAgo(3));
    await grant(api, customer.id, expiredCatalog, daysAgo(30), daysAgo(3));
    await joined(lost.id, customer.id);
    await joined(leftOnly.id, customer.id, false);
    const items = (await page('?limit=20', customer.accessToken)).items.filter((item) => item.id >= held.id);
    expect(items.map((item) => [item.id, item.isJoined, item.isLocked])).to.deep.equal([
      [lost.id, true, true],
      [held.id, false, false],
    ]);
    expect(items.map((item) => item.id)).not.to.include.members([expiredOnly.id, leftOnly.id]);
    expect(await seen(held.id)).to.deep.equal([]);
  });

  it('filters in SQL: a full page of what the caller sees, past channels it may not, with has_more and the cursor exact', async () => {
    await createChannel(); // so has_more holds however the run is ordered
    const older = await createChannel();
    const newer = await createChannel();
    for (let index = 0; index < 3; index++) await gatedChannel({ visibility: 'PRIVATE' });
    const first = await page('?limit=2');
    expect(first.items.map((item) => item.id)).to.deep.equal([newer.id, older.id]);
    expect(first).to.deep.include({ limit: 2, count: 2, has_more: true });
    expect(first.cursor.next_cursor).to.be.a('string');
  });

  it('walks the list by next_cursor, newest first, each channel once', async () => {
    await createChannel(); // one older than these: every page of the walk has more
    const made: number[] = [];
    for (let index = 0; index < 5; index++) made.push((await createChannel()).id);
    const walked: number[] = [];
    let query = '?limit=2';
    while (walked.length < 5) {
      const data = await page(query, customer.accessToken);
      walked.push(...data.items.map((item) => item.id).filter((id) => id >= made[0]));
      expect(data.has_more).to.equal(true);
      query = `?limit=2&cursor=${data.cursor.next_cursor}`;
    }
    expect(walked).to.deep.equal([...made].reverse());
  });

  it('answers 422 UNPROCESSABLE for sort or order (a fixed order), limit outside 1-100, and a bad or foreign cursor', async () => {
    await createChannel();
    await createChannel();
    const refused = async (query: string) => {
      const res = await list(query).expect(422);
      expect(res.body.errorCode, query).to.equal('UNPROCESSABLE');
      return [...new Set(res.body.errors.map((problem: { field: string }) => problem.field))];
    };
    expect(await refused('?sort=createdAt')).to.deep.equal(['sort']);
    expect(await refused('?order=asc')).to.deep.equal(['order']);
    for (const limit of ['0', '101', '-1', 'ten']) expect(await refused(`?limit=${limit}`), limit).to.deep.equal(['limit']);
    const next = (await page('?limit=1')).cursor.next_cursor as string;
    const [body, signature] = next.split('.');
    const altered = `${body.slice(0, -1)}${body.endsWith('A') ? 'B' : 'A'}.${signature}`;
    // The admin list's cursor, signed with the same key: another list's.
    const admin = api.app.container
      .get(ListCursorsService)
      .encode({ list: 'channels.admin', sort: 'createdAt', order: 'desc' }, { value: '2030-01-01T00:00:00.000000Z', id: '1' });
    for (const cursor of [altered, admin, 'not-a-cursor', `${body}.`]) expect(await refused(`?cursor=${cursor}`), cursor).to.deep.equal(['cursor']);
    expect((await page(`?limit=1&cursor=${next}`)).count).to.equal(1);
    expect((await page('?limit=100')).limit).to.equal(100);
  });

  it('reads an admin token as anonymous, and refuses a bad token with 401', async () => {
    const { channel } = await gatedChannel({ visibility: 'PRIVATE' });
    const open = await createChannel();
    expect(await seen(channel.id, adminToken(api.app.container, ['*']))).to.deep.equal([open.id]);
    for (const [label, header] of invalidTokenCases('customer', customer.id)) {
      if (header === undefined) continue;
      expect((await list().set('Authorization', header)).status, label).to.equal(401);
    }
  });
});
