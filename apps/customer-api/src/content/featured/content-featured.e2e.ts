import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ContentFeaturedModel, ContentItemModel } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { buildTestApp, createContentCategory, createContentItem, createContentSeries, createContentTag, createCustomer, TestApp } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { readContentUncached } from '../content-readers.test-helper';

const PREFIXES = ['/api/content/items/featured', '/api/mobile/content/items/featured'];

/** An entry written straight to the database (the admin routes have their own tests). */
const feature = (item: { id: number }, options: { start?: Date | null; end?: Date | null; order?: number } = {}) =>
  ContentFeaturedModel.create({
    contentItemId: item.id,
    startDate: options.start ?? null,
    endDate: options.end ?? null,
    displayOrder: options.order ?? 0,
    createdByAdminId: 'test-admin',
  });

type Entry = { id: number; displayOrder: number; start_date: string | null; end_date: string | null; item: { id: number; body: string | null } };

/**
 * GET /api/content/items/featured (entries whose window holds now by the app Clock) and
 * .../featured/all (every entry of a published item, paginated), on both prefixes. Entries are
 * global, so each test looks at its own among them (or searches for its own tag).
 */
describe('Featured content for readers (customer-api)', () => {
  const START = new Date('2031-04-10T06:00:00.000Z');
  const END = new Date('2031-04-20T06:00:00.000Z');
  const clock = { now: START };
  let api: TestApp;

  const active = async (prefix = PREFIXES[0]): Promise<Entry[]> => (await api.http.get(prefix).expect(200)).body.data;
  const activeIds = async (prefix?: string) => (await active(prefix)).map((entry) => entry.id);

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    // Fixtures are written straight to the database: reads must not come from the cache (content-read-cache.e2e).
    readContentUncached(api);
    api.app.container.set(Clock, fixedClock(clock));
  });

  describe('GET /featured (now)', () => {
    it('holds an entry from exactly its start to exactly its end, by the app Clock, and not a millisecond or second outside', async () => {
      const entry = await feature(await createContentItem(await createContentSeries()), { start: START, end: END });
      const at = async (time: Date) => {
        clock.now = time;
        return (await activeIds()).includes(entry.id);
      };
      expect(await at(new Date(START.getTime() - 1_000)), 'a second before start').to.equal(false);
      expect(await at(new Date(START.getTime() - 1)), 'a millisecond before start').to.equal(false);
      expect(await at(START), 'exactly at start').to.equal(true);
      expect(await at(END), 'exactly at end').to.equal(true);
      expect(await at(new Date(END.getTime() + 1)), 'a millisecond after end').to.equal(false);
      expect(await at(new Date(END.getTime() + 1_000)), 'a second after end').to.equal(false);
    });

    it('treats a null start or end as open on that side', async () => {
      const series = await createContentSeries();
      const open = await feature(await createContentItem(series));
      const untilEnd = await feature(await createContentItem(series), { end: END });
      const fromStart = await feature(await createContentItem(series), { start: START });
      clock.now = new Date('2001-01-01T00:00:00Z');
      expect(await activeIds()).to.include.members([open.id, untilEnd.id]).and.not.include(fromStart.id);
      clock.now = new Date('2099-01-01T00:00:00Z');
      expect(await activeIds()).to.include.members([open.id, fromStart.id]).and.not.include(untilEnd.id);
    });

    it('lists a day-long window of a bare date (Nepal day) from 00:00 to 23:59:59.999 at UTC+05:45', async () => {
      // What POST start_date/end_date "2031-04-15" store (the admin tests check the mapping).
      const entry = await feature(await createContentItem(await createContentSeries()), {
        start: new Date('2031-04-15T00:00:00.000+05:45'),
        end: new Date('2031-04-15T23:59:59.999+05:45'),
      });
      clock.now = new Date('2031-04-14T18:14:59.999Z');
      expect(await activeIds()).to.not.include(entry.id);
      clock.now = new Date('2031-04-14T18:15:00.000Z');
      expect(await activeIds()).to.include(entry.id);
      clock.now = new Date('2031-04-15T18:14:59.999Z');
      expect(await activeIds()).to.include(entry.id);
      clock.now = new Date('2031-04-15T18:15:00.000Z');
      expect(await activeIds()).to.not.include(entry.id);
    });

    it('never lists entries of draft, scheduled or archived items or of an archived series, and drops an entry once its item is unpublished', async () => {
      clock.now = START;
      const series = await createContentSeries();
      const hidden: number[] = [];
      for (const status of ['draft', 'scheduled', 'archived'] as const) hidden.push((await feature(await createContentItem(series, { status }))).id);
      hidden.push((await feature(await createContentItem(await createContentSeries({ status: 'archived' })))).id);
      const item = await createContentItem(series);
      const shown = await feature(item);
      for (const prefix of PREFIXES) {
        const ids = await activeIds(prefix);
        expect(ids, prefix).to.include(shown.id).and.not.include.members(hidden);
        expect(ids.filter((id) => hidden.includes(id)), prefix).to.deep.equal([]);
      }
      await ContentItemModel.update({ status: 'draft', publishedAt: null }, { where: { id: item.id } });
      expect(await activeIds()).to.not.include(shown.id);
      const all = await api.http.get(`${PREFIXES[0]}/all`).query({ pagination: false }).expect(200);
      expect(all.body.data.map((e: Entry) => e.id)).to.not.include.members([shown.id, ...hidden]);
    });

    it('lists in display order, then id, with the item preview: the body only for a free item', async () => {
      clock.now = START;
      const category = await createContentCategory();
      const label = await createContentTag();
      const series = await createContentSeries({ tier: 'basic' });
      const tiered = await createContentItem(series, { categoryId: category.id, tagIds: [label.id] });
      const free = await createContentItem(await createContentSeries(), { body: 'Free to read' });
      const premium = await createContentItem(await createContentSeries(), { tier: 'premium' });
      const c = await feature(premium, { order: 2 });
      const a = await feature(tiered, { order: 1 });
      const b = await feature(free, { order: 1 });
      for (const prefix of PREFIXES) {
        const mine = (await active(prefix)).filter((entry) => [a.id, b.id, c.id].includes(entry.id));
        expect(mine.map((entry) => entry.id), prefix).to.deep.equal([a.id, b.id, c.id]);
        const [first, second, third] = mine;
        expect(first).to.deep.equal({
          id: a.id,
          contentItemId: tiered.id,
          start_date: null,
          end_date: null,
          displayOrder: 1,
          item: {
            id: tiered.id,
            slug: tiered.slug,
            contentType: 'newsletter',
            title: tiered.title,
            summary: tiered.summary,
            tier: 'basic',
            series: { id: series.id, title: series.title, slug: series.slug },
            publishedAt: tiered.publishedAt?.toISOString(),
            category: { id: category.id, name: category.name, slug: category.slug },
            tags: [{ id: label.id, name: label.name, slug: label.slug }],
            body: null,
          },
        });
        expect(second.item).to.include({ tier: null, body: 'Free to read' });
        expect(third.item).to.include({ tier: 'premium', body: null });
      }
    });

    it('is public: no token needed, and a customer token changes nothing', async () => {
      const customer = await createCustomer(api.app.container);
      const anonymous = await api.http.get(PREFIXES[0]).expect(200);
      const signed = await api.http.get(PREFIXES[0]).set('Authorization', `Bearer ${customer.accessToken}`).expect(200);
      expect(signed.body).to.deep.equal(anonymous.body);
      expect(anonymous.body.message).to.equal('Success');
      expect(anonymous.body).to.not.have.property('count');
    });
  });

  describe('GET /featured/all', () => {
    it('lists every entry of a published item whatever its window, in display order, paginated', async () => {
      const tag = `featall${randomBytes(4).toString('hex')}`;
      const series = await createContentSeries();
      const item = (title: string) => createContentItem(series, { title: `${title} ${tag}` });
      clock.now = START;
      const past = await feature(await item('Past'), { end: new Date(START.getTime() - 1), order: 3 });
      const future = await feature(await item('Future'), { start: new Date(START.getTime() + 1), order: 1 });
      const now = await feature(await item('Now'), { start: START, end: END, order: 2 });
      const tie = await feature(await item('Tie'), { order: 2 });
      await feature(await createContentItem(series, { title: `Draft ${tag}`, status: 'draft' }), { order: 0 });
      const expected = [future.id, now.id, tie.id, past.id];
      for (const prefix of PREFIXES) {
        const first = await api.http.get(`${prefix}/all`).query({ search: tag, size: 3 }).expect(200);
        expect(first.body).to.include({ message: 'Success', count: 4, page: 1, size: 3 });
        const second = await api.http.get(`${prefix}/all`).query({ search: tag, size: 3, page: 2 }).expect(200);
        expect([...first.body.data, ...second.body.data].map((e: Entry) => e.id), prefix).to.deep.equal(expected);
        expect(second.body.data[0].item).to.include({ title: `Past ${tag}` });
      }
      const desc = await api.http.get(`${PREFIXES[0]}/all`).query({ search: tag, order: 'desc' }).expect(200);
      expect(desc.body.data.map((e: Entry) => e.id)).to.deep.equal([...expected].reverse());
      // The "now" list holds only the entries whose window holds now.
      const nowIds = await activeIds();
      expect(nowIds).to.include.members([now.id, tie.id]).and.not.include.members([past.id, future.id]);
    });

    it('answers 400 VALIDATION_ERROR to bad paging, sort or order, and caps size at 100', async () => {
      for (const query of [{ page: 0 }, { size: -1 }, { sort: 'publishedAt' }, { order: 'sideways' }]) {
        const res = await api.http.get(`${PREFIXES[1]}/all`).query(query).expect(400);
        expect(res.body.errorCode, JSON.stringify(query)).to.equal('VALIDATION_ERROR');
      }
      expect((await api.http.get(`${PREFIXES[0]}/all`).query({ size: 1000 }).expect(200)).body.size).to.equal(100);
    });
  });

  it('documents both routes on both prefixes as public in /openapi.json', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    for (const prefix of PREFIXES) {
      for (const path of [prefix, `${prefix}/all`]) {
        const operation = res.body.paths[path]?.get;
        expect(operation, path).to.be.an('object');
        expect(operation.summary, path).to.be.a('string').and.not.equal('');
        expect(operation.security, path).to.deep.equal([]);
      }
    }
  });
});
