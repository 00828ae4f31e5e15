import { expect } from 'chai';
import { buildTestApp, createContentItem, createContentSeries, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { hoursAgo, readContentUncached, renameSeries, uniqueWord } from './content-readers.test-helper';

/** GET /api/content/series and /series/:slug (community-content-uploads.md "Newsletter content"; CONTRACT section 10; issue 24). */
describe('Public newsletter series: the active list and a series with its published items (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    // Fixtures are written straight to the database: reads must not come from the cache (content-read-cache.e2e).
    readContentUncached(api);
  });

  const errorOf = async (path: string) => {
    const res = await api.http.get(path);
    return `${res.status} ${res.body.errorCode}`;
  };

  describe('GET /api/content/series', () => {
    it('lists active series only, as series views with their series-level tier, in the paginated envelope', async () => {
      const word = uniqueWord();
      const free = await createContentSeries({ title: `Free ${word}`, description: 'Weekly notes' });
      const premium = await createContentSeries({ title: `Premium ${word}`, tier: 'premium' });
      await createContentSeries({ title: `Archived ${word}`, status: 'archived' });

      const res = await api.http.get('/api/content/series').query({ search: word, sort: 'title', order: 'asc' }).expect(200);
      expect(res.body).to.include({ message: 'Success', count: 2, page: 1, size: 20 });
      expect(res.body.data).to.deep.equal([
        {
          id: free.id,
          title: free.title,
          slug: free.slug,
          description: 'Weekly notes',
          status: 'active',
          tier: null,
          createdAt: free.createdAt.toISOString(),
          updatedAt: free.updatedAt.toISOString(),
        },
        {
          id: premium.id,
          title: premium.title,
          slug: premium.slug,
          description: null,
          status: 'active',
          tier: 'premium',
          createdAt: premium.createdAt.toISOString(),
          updatedAt: premium.updatedAt.toISOString(),
        },
      ]);
    });

    it('pages, sorts (newest first by default) and matches the search anywhere in the title, case-insensitively', async () => {
      const word = uniqueWord();
      const created = [];
      for (const n of [1, 2, 3]) created.push(await createContentSeries({ title: `Series ${n} ${word.toUpperCase()}` }));
      const byDefault = await api.http.get('/api/content/series').query({ search: word }).expect(200);
      expect(byDefault.body.data.map((row: { id: number }) => row.id)).to.deep.equal(created.map((series) => series.id).reverse());

      const second = await api.http.get('/api/content/series').query({ search: word, size: 2, page: 2 }).expect(200);
      expect(second.body).to.include({ count: 3, page: 2, size: 2 });
      expect(second.body.data.map((row: { id: number }) => row.id)).to.deep.equal([created[0].id]);

      const titles = await api.http.get('/api/content/series').query({ search: `s 2 ${word}`, sort: 'title' }).expect(200);
      expect(titles.body.data.map((row: { id: number }) => row.id)).to.deep.equal([created[1].id]);
      expect((await api.http.get('/api/content/series').query({ search: word, size: 500 }).expect(200)).body.size).to.equal(100);
    });

    it('refuses a malformed query with 400 VALIDATION_ERROR (never a 500)', async () => {
      for (const query of ['sort=publishedAt', 'page=0', 'size=0', 'page=x', 'order=up', 'search=%00']) {
        expect(await errorOf(`/api/content/series?${query}`), query).to.equal('400 VALIDATION_ERROR');
      }
    });

    it('is served under /api/mobile/content/series alike', async () => {
      const word = uniqueWord();
      await createContentSeries({ title: `Mobile ${word}` });
      const web = await api.http.get('/api/content/series').query({ search: word }).expect(200);
      const mobile = await api.http.get('/api/mobile/content/series').query({ search: word }).expect(200);
      expect(mobile.body).to.deep.equal(web.body);
      expect(mobile.body.count).to.equal(1);
    });
  });

  describe('GET /api/content/series/:slug', () => {
    it('answers an active series with its published items as previews, newest first (no draft, scheduled or archived item)', async () => {
      const series = await createContentSeries({ tier: 'basic' });
      const older = await createContentItem(series, { publishedAt: hoursAgo(30) });
      const newer = await createContentItem(series, { publishedAt: hoursAgo(2), tier: null });
      const freeOwnSeries = await createContentSeries();
      const free = await createContentItem(freeOwnSeries);
      for (const status of ['draft', 'scheduled', 'archived'] as const) await createContentItem(series, { status });

      const res = await api.http.get(`/api/content/series/${series.slug}`).expect(200);
      expect(res.body.message).to.equal('Success');
      const { items, itemsPage, ...view } = res.body.data;
      expect(view).to.deep.equal({
        id: series.id,
        title: series.title,
        slug: series.slug,
        description: null,
        status: 'active',
        tier: 'basic',
        createdAt: series.createdAt.toISOString(),
        updatedAt: series.updatedAt.toISOString(),
      });
      expect(itemsPage).to.deep.equal({ count: 2, page: 1, size: 20 });
      expect(items.map((item: { id: number }) => item.id)).to.deep.equal([newer.id, older.id]);
      expect(items[0]).to.deep.equal({
        id: newer.id,
        slug: newer.slug,
        contentType: 'newsletter',
        title: newer.title,
        summary: newer.summary,
        tier: 'basic',
        series: { id: series.id, title: series.title, slug: series.slug },
        publishedAt: (newer.publishedAt as Date).toISOString(),
        category: null,
        tags: [],
        body: null,
      });
      // A free series' item shows its body in the preview.
      const freeItems = (await api.http.get(`/api/content/series/${freeOwnSeries.slug}`).expect(200)).body.data.items;
      expect(freeItems).to.have.length(1);
      expect(freeItems[0]).to.include({ id: free.id, tier: null, body: free.body });
    });

    it('pages the items with page and size, and sorts them by the page query', async () => {
      const series = await createContentSeries();
      const items = [];
      for (const hours of [5, 4, 3]) items.push(await createContentItem(series, { publishedAt: hoursAgo(hours), title: `Item ${hours}` }));
      const second = await api.http.get(`/api/content/series/${series.slug}`).query({ page: 2, size: 2 }).expect(200);
      expect(second.body.data.itemsPage).to.deep.equal({ count: 3, page: 2, size: 2 });
      expect(second.body.data.items.map((item: { id: number }) => item.id)).to.deep.equal([items[0].id]);
      const oldestFirst = await api.http.get(`/api/content/series/${series.slug}`).query({ order: 'asc' }).expect(200);
      expect(oldestFirst.body.data.items.map((item: { id: number }) => item.id)).to.deep.equal(items.map((item) => item.id));
      expect(await errorOf(`/api/content/series/${series.slug}?sort=createdAt`)).to.equal('400 VALIDATION_ERROR');
      expect(await errorOf(`/api/content/series/${series.slug}?size=-1`)).to.equal('400 VALIDATION_ERROR');
    });

    it('resolves a former slug to the same series, answering its current slug', async () => {
      const series = await createContentSeries();
      const item = await createContentItem(series);
      const former = series.slug;
      await renameSeries(api, series, `${former}-renamed`);
      for (const slug of [former, `${former}-renamed`]) {
        const res = await api.http.get(`/api/content/series/${slug}`).expect(200);
        expect(res.body.data).to.include({ id: series.id, slug: `${former}-renamed` });
        expect(res.body.data.items.map((row: { id: number }) => row.id)).to.deep.equal([item.id]);
      }
    });

    it('is 404 CONTENT_SERIES_NOT_FOUND for an archived series (even by a former slug), an unknown slug and a non-slug', async () => {
      const archived = await createContentSeries({ status: 'archived' });
      await createContentItem(archived);
      const former = archived.slug;
      await renameSeries(api, archived, `${former}-moved`);
      for (const slug of [former, `${former}-moved`, 'no-such-series-anywhere', 'Not_A_Slug', 'x'.repeat(121), '%E0%A4%A8']) {
        expect(await errorOf(`/api/content/series/${slug}`), slug).to.equal('404 CONTENT_SERIES_NOT_FOUND');
      }
      const active = await createContentSeries();
      expect(await errorOf(`/api/content/series/${active.slug}`)).to.equal('200 undefined');
    });

    it('is served under /api/mobile/content/series/:slug alike', async () => {
      const series = await createContentSeries();
      await createContentItem(series);
      const web = await api.http.get(`/api/content/series/${series.slug}`).expect(200);
      const mobile = await api.http.get(`/api/mobile/content/series/${series.slug}`).expect(200);
      expect(mobile.body).to.deep.equal(web.body);
      expect(await errorOf('/api/mobile/content/series/no-such-series-anywhere')).to.equal('404 CONTENT_SERIES_NOT_FOUND');
    });
  });
});
