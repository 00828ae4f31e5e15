import { expect } from 'chai';
import { createHttpApp } from '@platform/http';
import { createAppContainer } from '@platform/runtime';
import { buildTestApp, createContentCategory, createContentItem, createContentSeries, createContentTag, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { ContentLibraryController } from './content-library.controller';
import { ContentReadersController } from './content-readers.controller';
import { hoursAgo, readContentUncached, renameItem, renameSeries, uniqueWord } from './content-readers.test-helper';

const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((row) => row.id);

/** GET /api/content/items and /items/:slug (community-content-uploads.md "Newsletter content"; CONTRACT section 10; issue 24). */
describe('Public newsletter items: the published list and an item preview (customer-api)', () => {
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

  describe('GET /api/content/items', () => {
    it('lists published items newest first (publishedAt, then id), as previews, in the paginated envelope', async () => {
      const series = await createContentSeries();
      const sameTime = hoursAgo(3);
      const a = await createContentItem(series, { publishedAt: sameTime });
      const b = await createContentItem(series, { publishedAt: sameTime });
      const newest = await createContentItem(series, { publishedAt: hoursAgo(1) });
      const oldest = await createContentItem(series, { publishedAt: hoursAgo(48) });
      for (const status of ['draft', 'scheduled', 'archived'] as const) await createContentItem(series, { status });

      const res = await api.http.get('/api/content/items').query({ series: series.slug }).expect(200);
      expect(res.body).to.include({ message: 'Success', count: 4, page: 1, size: 20 });
      expect(ids(res)).to.deep.equal([newest.id, b.id, a.id, oldest.id]);
      expect(res.body.data[0]).to.deep.equal({
        id: newest.id,
        slug: newest.slug,
        contentType: 'newsletter',
        title: newest.title,
        summary: newest.summary,
        tier: null,
        series: { id: series.id, title: series.title, slug: series.slug },
        publishedAt: (newest.publishedAt as Date).toISOString(),
        category: null,
        tags: [],
        body: newest.body,
      });

      const page2 = await api.http.get('/api/content/items').query({ series: series.slug, page: 2, size: 3 }).expect(200);
      expect(page2.body).to.include({ count: 4, page: 2, size: 3 });
      expect(ids(page2)).to.deep.equal([oldest.id]);
      const asc = await api.http.get('/api/content/items').query({ series: series.slug, order: 'asc' }).expect(200);
      expect(ids(asc)).to.deep.equal([oldest.id, a.id, b.id, newest.id]);
    });

    it('filters by series (a former slug too), categoryId and tagId, together or alone', async () => {
      const series = await createContentSeries();
      const other = await createContentSeries();
      const category = await createContentCategory();
      const [bank, hydro] = [await createContentTag(), await createContentTag()];
      const filed = await createContentItem(series, { categoryId: category.id, tagIds: [bank.id, hydro.id], publishedAt: hoursAgo(2) });
      const tagged = await createContentItem(other, { tagIds: [bank.id], publishedAt: hoursAgo(1) });
      const plain = await createContentItem(series, { publishedAt: hoursAgo(3) });
      await createContentItem(series, { status: 'draft', categoryId: category.id, tagIds: [bank.id] });

      expect(ids(await api.http.get('/api/content/items').query({ series: series.slug }).expect(200))).to.deep.equal([filed.id, plain.id]);
      expect(ids(await api.http.get('/api/content/items').query({ categoryId: category.id }).expect(200))).to.deep.equal([filed.id]);
      expect(ids(await api.http.get('/api/content/items').query({ tagId: bank.id }).expect(200))).to.deep.equal([tagged.id, filed.id]);
      expect(ids(await api.http.get('/api/content/items').query({ tagId: bank.id, series: series.slug }).expect(200))).to.deep.equal([filed.id]);
      expect(ids(await api.http.get('/api/content/items').query({ tagId: hydro.id, categoryId: category.id }).expect(200))).to.deep.equal([filed.id]);

      const previews = (await api.http.get('/api/content/items').query({ categoryId: category.id }).expect(200)).body.data;
      expect(previews[0].category).to.deep.equal({ id: category.id, name: category.name, slug: category.slug });
      expect(previews[0].tags).to.deep.equal([bank, hydro].map((tag) => ({ id: tag.id, name: tag.name, slug: tag.slug })));

      const former = series.slug;
      await renameSeries(api, series, `${former}-v2`);
      const byFormer = await api.http.get('/api/content/items').query({ series: former }).expect(200);
      expect(ids(byFormer)).to.deep.equal([filed.id, plain.id]);
      expect(byFormer.body.data[0].series).to.deep.equal({ id: series.id, title: series.title, slug: `${former}-v2` });
    });

    it('lists a tiered item without its body (a series rule or its own), a free one with it', async () => {
      const premiumSeries = await createContentSeries({ tier: 'premium' });
      const bySeries = await createContentItem(premiumSeries, { publishedAt: hoursAgo(3) });
      const byItem = await createContentItem(premiumSeries, { tier: 'basic', publishedAt: hoursAgo(2) });
      const freeSeries = await createContentSeries();
      const free = await createContentItem(freeSeries, { publishedAt: hoursAgo(1) });
      const tierOf = async (slug: string) => (await api.http.get('/api/content/items').query({ series: slug }).expect(200)).body.data;
      expect((await tierOf(premiumSeries.slug)).map((item: { id: number; tier: string; body: string | null }) => [item.id, item.tier, item.body])).to.deep.equal([
        [byItem.id, 'basic', null],
        [bySeries.id, 'premium', null],
      ]);
      expect((await tierOf(freeSeries.slug))[0]).to.include({ id: free.id, tier: null, body: free.body });
    });

    it('answers an empty page for a filter naming nothing (unknown series slug, category or tag)', async () => {
      for (const query of [{ series: 'no-such-series-anywhere' }, { series: 'Not_A_Slug' }, { categoryId: 2_000_000_000 }, { tagId: 2_000_000_000 }]) {
        const res = await api.http.get('/api/content/items').query(query).expect(200);
        expect(res.body, JSON.stringify(query)).to.deep.equal({ message: 'Success', data: [], count: 0, page: 1, size: 20 });
      }
    });

    it('searches title and summary as whole words, and sorts by title or by relevance', async () => {
      const word = uniqueWord();
      const series = await createContentSeries();
      const inTitle = await createContentItem(series, { title: `Zeta ${word} ${word}`, publishedAt: hoursAgo(5) });
      const inSummary = await createContentItem(series, { title: 'Alpha', summary: `About ${word}`, publishedAt: hoursAgo(1) });
      await createContentItem(series, { title: `Draft ${word}`, status: 'draft' });

      expect(ids(await api.http.get('/api/content/items').query({ search: word }).expect(200))).to.deep.equal([inSummary.id, inTitle.id]);
      expect(ids(await api.http.get('/api/content/items').query({ search: word, sort: 'title', order: 'asc' }).expect(200))).to.deep.equal([
        inSummary.id,
        inTitle.id,
      ]);
      // The title weighs more than the summary, and it holds the word twice.
      expect(ids(await api.http.get('/api/content/items').query({ search: word, sort: 'relevance' }).expect(200))).to.deep.equal([
        inTitle.id,
        inSummary.id,
      ]);
      expect(ids(await api.http.get('/api/content/items').query({ search: `"${word}" & (!)` }).expect(200))).to.include(inTitle.id);
    });

    it('refuses a malformed query with 400 VALIDATION_ERROR (never a 500)', async () => {
      for (const query of ['categoryId=abc', 'categoryId=0', 'tagId=-1', 'tagId=99999999999', 'sort=createdAt', 'page=0', 'size=x', `series=${'a'.repeat(121)}`]) {
        expect(await errorOf(`/api/content/items?${query}`), query).to.equal('400 VALIDATION_ERROR');
      }
    });

    it('is served under /api/mobile/content/items alike', async () => {
      const series = await createContentSeries();
      await createContentItem(series);
      const web = await api.http.get('/api/content/items').query({ series: series.slug }).expect(200);
      const mobile = await api.http.get('/api/mobile/content/items').query({ series: series.slug }).expect(200);
      expect(mobile.body).to.deep.equal(web.body);
      expect(mobile.body.count).to.equal(1);
    });
  });

  describe('GET /api/content/items/:slug', () => {
    it("answers a free item's preview with its body, and a tiered item's (series or item rule) with body null", async () => {
      const free = await createContentItem(await createContentSeries());
      const bySeries = await createContentItem(await createContentSeries({ tier: 'premium' }));
      const byItem = await createContentItem(await createContentSeries(), { tier: 'basic' });

      const res = await api.http.get(`/api/content/items/${free.slug}`).expect(200);
      expect(res.body.message).to.equal('Success');
      expect(res.body.data).to.include({ id: free.id, slug: free.slug, title: free.title, summary: free.summary, tier: null, body: free.body });
      expect(res.body.data.publishedAt).to.equal((free.publishedAt as Date).toISOString());

      const tiered = (await api.http.get(`/api/content/items/${bySeries.slug}`).expect(200)).body.data;
      expect(tiered).to.include({ id: bySeries.id, tier: 'premium', body: null, summary: bySeries.summary });
      expect((await api.http.get(`/api/content/items/${byItem.slug}`).expect(200)).body.data).to.include({ tier: 'basic', body: null });
    });

    it("keeps an archived series' published item readable by its slug, and out of the public list", async () => {
      const archived = await createContentSeries({ status: 'archived' });
      const category = await createContentCategory();
      const item = await createContentItem(archived, { categoryId: category.id });
      expect(ids(await api.http.get('/api/content/items').query({ categoryId: category.id }).expect(200))).to.deep.equal([]);
      expect(ids(await api.http.get('/api/content/items').query({ series: archived.slug }).expect(200))).to.deep.equal([]);
      const res = await api.http.get(`/api/content/items/${item.slug}`).expect(200);
      expect(res.body.data).to.include({ id: item.id, body: item.body });
      expect(res.body.data.series).to.deep.equal({ id: archived.id, title: archived.title, slug: archived.slug });
    });

    it('resolves a former slug to the same item, answering its current slug', async () => {
      const item = await createContentItem(await createContentSeries());
      const former = item.slug;
      await renameItem(api, item, `${former}-edited`);
      for (const slug of [former, `${former}-edited`]) {
        expect((await api.http.get(`/api/content/items/${slug}`).expect(200)).body.data).to.include({ id: item.id, slug: `${former}-edited` });
      }
    });

    it('is 404 CONTENT_NOT_FOUND for a draft, scheduled or archived item (by any of its slugs), an unknown slug and a non-slug', async () => {
      const series = await createContentSeries();
      const slugs: string[] = [];
      for (const status of ['draft', 'scheduled', 'archived'] as const) {
        const item = await createContentItem(series, { status });
        slugs.push(item.slug);
        await renameItem(api, item, `${item.slug}-new`);
        slugs.push(item.slug);
      }
      for (const slug of [...slugs, 'no-such-item-anywhere', 'Not_A_Slug', 'x'.repeat(121), '%E0%A4%A8']) {
        expect(await errorOf(`/api/content/items/${slug}`), slug).to.equal('404 CONTENT_NOT_FOUND');
        expect(await errorOf(`/api/mobile/content/items/${slug}`), slug).to.equal('404 CONTENT_NOT_FOUND');
      }
    });

    it('takes every slug but `featured`: feature, featureds and featured-x are item slugs', async () => {
      const series = await createContentSeries();
      for (const slug of ['feature', 'featureds', 'featured-x', 'f']) {
        const item = await createContentItem(series, { slug });
        expect((await api.http.get(`/api/content/items/${slug}`).expect(200)).body.data.id, slug).to.equal(item.id);
        expect((await api.http.get(`/api/mobile/content/items/${slug.toUpperCase()}`)).body.errorCode, slug).to.equal('CONTENT_NOT_FOUND');
      }
    });

    it('is served under /api/mobile/content/items/:slug alike', async () => {
      const item = await createContentItem(await createContentSeries({ tier: 'basic' }));
      const web = await api.http.get(`/api/content/items/${item.slug}`).expect(200);
      expect((await api.http.get(`/api/mobile/content/items/${item.slug}`).expect(200)).body).to.deep.equal(web.body);
    });
  });

  // routing-controllers registers routes in the order their decorators ran (import order), not in
  // the app's list's: the readers' routes must never match `featured`, so no order can matter.
  describe('`featured` is never an item slug, whatever the order routes are registered in', () => {
    const appOf = (controllers: Function[]) =>
      buildTestApp((infra) =>
        createHttpApp({ name: 'customer-api', infra, container: createAppContainer('customer-api', infra), controllers, openapi: { title: 'test' } }),
      );

    it('leaves /items/featured and /items/featured/full unmatched (404 NOT_FOUND) when only the readers are registered', async () => {
      const readers = await appOf([ContentReadersController, ContentLibraryController]);
      for (const prefix of ['/api/content', '/api/mobile/content']) {
        for (const path of ['/items/featured', '/items/featured/', '/items/FEATURED', '/items/featured/full']) {
          const res = await readers.http.get(`${prefix}${path}`);
          expect(`${res.status} ${res.body.errorCode}`, `${prefix}${path}`).to.equal('404 NOT_FOUND');
        }
      }
    });

    it('leaves /items/featured and /featured/all to the featured controller in the app', async () => {
      for (const path of ['/api/content/items/featured', '/api/mobile/content/items/featured', '/api/content/items/featured/all']) {
        const res = await api.http.get(path);
        expect(res.status, path).to.equal(200);
        expect(res.body.data, path).to.be.an('array');
      }
    });
  });
});
