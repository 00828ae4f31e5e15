import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ContentSeriesModel, Database } from '@platform/db';
import {
  adminToken,
  buildTestApp,
  createContentCategory,
  createContentItem,
  createContentSeries,
  createContentTag,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

type Row = { id: number };

/** GET /api/admin/content-items: QueryDto (page, size, search, sort, order) plus seriesId, status, tier, categoryId, tagId. */
describe('Admin content item list (admin-api GET /api/admin/content-items)', () => {
  let api: TestApp;
  let reader: string;
  let series: ContentSeriesModel;
  let premiumSeries: ContentSeriesModel;
  const word = `zq${randomBytes(4).toString('hex')}`;
  const ids: Record<string, number> = {};
  let categoryId: number;
  let tagId: number;

  const list = (query: Record<string, string | number | boolean>) => api.http.get('/api/admin/content-items').set('Authorization', reader).query(query);
  const idsOf = (res: { body: { data: Row[] } }) => res.body.data.map((row) => row.id);
  const mine = (query: Record<string, string | number | boolean> = {}) => list({ search: word, ...query });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    reader = `Bearer ${adminToken(api.app.container, ['Content_READ'])}`;
    series = await createContentSeries({ tier: 'basic' });
    premiumSeries = await createContentSeries({ tier: 'premium' });
    const freeSeries = await createContentSeries();
    categoryId = (await createContentCategory()).id;
    tagId = (await createContentTag()).id;
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute));
    // name: series, status, own tier, title, [created, updated, published]
    const fixtures = [
      ['Bravo', series, 'published', null, [0, 13, 5]],
      ['alpha', series, 'draft', 'premium', [1, 10, null]],
      ['Charlie', premiumSeries, 'scheduled', null, [2, 11, null]],
      ['Delta', freeSeries, 'published', null, [3, 12, 4]],
      ['Echo', premiumSeries, 'archived', 'basic', [4, 9, null]],
    ] as const;
    for (const [name, owner, status, tier, [created, updated, published]] of fixtures) {
      const item = await createContentItem(owner, {
        title: `${name} ${word}`,
        status,
        tier,
        categoryId: name === 'Bravo' || name === 'Delta' ? categoryId : null,
        tagIds: name === 'alpha' || name === 'Echo' ? [tagId] : [],
      });
      ids[name] = item.id;
      await api.app.container.get(Database).sequelize.query(
        'UPDATE content_items SET created_at = :created, updated_at = :updated, published_at = :published WHERE id = :id',
        { replacements: { created: at(created), updated: at(updated), published: published === null ? null : at(published), id: item.id } },
      );
    }
  });

  it('lists items of every status, newest created first, in the paginated envelope with admin views', async () => {
    const res = await mine().expect(200);
    expect(res.body).to.include({ message: 'Success', count: 5, page: 1, size: 20 });
    expect(idsOf(res)).to.deep.equal([ids['Echo'], ids['Delta'], ids['Charlie'], ids['alpha'], ids['Bravo']]);
    const alpha = res.body.data.find((row: Row) => row.id === ids['alpha']);
    expect(alpha).to.include({ status: 'draft', tier: 'premium', itemTier: 'premium', seriesId: series.id });
    expect(alpha.tagIds).to.deep.equal([tagId]);
    expect(alpha).to.include.keys('body', 'summary', 'slug', 'scheduledAt', 'publishedAt', 'archivedAt', 'createdByAdminId', 'updatedAt');
  });

  it('pages with page and size, and counts every match', async () => {
    const res = await mine({ page: 2, size: 2 }).expect(200);
    expect(res.body).to.include({ count: 5, page: 2, size: 2 });
    expect(idsOf(res)).to.deep.equal([ids['Charlie'], ids['alpha']]);
    const beyond = await mine({ page: 9, size: 2 }).expect(200);
    expect(beyond.body).to.include({ count: 5 });
    expect(beyond.body.data).to.deep.equal([]);
    const capped = await mine({ size: 500 }).expect(200);
    expect(capped.body.size).to.equal(100);
  });

  for (const [sort, asc] of [
    ['title', ['alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']],
    ['createdAt', ['Bravo', 'alpha', 'Charlie', 'Delta', 'Echo']],
    ['updatedAt', ['Echo', 'alpha', 'Charlie', 'Delta', 'Bravo']],
  ] as const) {
    it(`sorts by ${sort} both ways`, async () => {
      expect(idsOf(await mine({ sort, order: 'asc' }).expect(200))).to.deep.equal(asc.map((name) => ids[name]));
      expect(idsOf(await mine({ sort, order: 'desc' }).expect(200))).to.deep.equal([...asc].reverse().map((name) => ids[name]));
    });
  }

  it('sorts by publishedAt with unpublished items last either way (ties by id)', async () => {
    const unpublished = [ids['alpha'], ids['Charlie'], ids['Echo']];
    expect(idsOf(await mine({ sort: 'publishedAt', order: 'asc' }).expect(200))).to.deep.equal([ids['Delta'], ids['Bravo'], ...unpublished]);
    expect(idsOf(await mine({ sort: 'publishedAt', order: 'desc' }).expect(200))).to.deep.equal([ids['Bravo'], ids['Delta'], ...unpublished.reverse()]);
  });

  it('filters by seriesId, status, categoryId and tagId', async () => {
    expect(idsOf(await mine({ seriesId: series.id, sort: 'title', order: 'asc' }).expect(200))).to.deep.equal([ids['alpha'], ids['Bravo']]);
    expect(idsOf(await mine({ status: 'published', sort: 'title', order: 'asc' }).expect(200))).to.deep.equal([ids['Bravo'], ids['Delta']]);
    expect(idsOf(await mine({ status: 'archived' }).expect(200))).to.deep.equal([ids['Echo']]);
    expect(idsOf(await mine({ categoryId, sort: 'title', order: 'asc' }).expect(200))).to.deep.equal([ids['Bravo'], ids['Delta']]);
    expect(idsOf(await list({ tagId, sort: 'title', order: 'asc' }).expect(200))).to.deep.equal([ids['alpha'], ids['Echo']]);
    expect(idsOf(await list({ seriesId: premiumSeries.id, status: 'scheduled' }).expect(200))).to.deep.equal([ids['Charlie']]);
  });

  it('filters by the effective tier: the item rule over the series rule, free for neither', async () => {
    const byTier = async (tier: string) => idsOf(await mine({ tier, sort: 'title', order: 'asc' }).expect(200));
    // Bravo: series basic; alpha: own premium over series basic; Charlie: series premium; Delta: free; Echo: own basic over series premium.
    expect(await byTier('basic')).to.deep.equal([ids['Bravo'], ids['Echo']]);
    expect(await byTier('premium')).to.deep.equal([ids['alpha'], ids['Charlie']]);
    expect(await byTier('free')).to.deep.equal([ids['Delta']]);
  });

  it('searches words of the title or summary, and parts of the title or slug, taking any text safely', async () => {
    expect(idsOf(await list({ search: `charlie ${word}` }).expect(200))).to.deep.equal([ids['Charlie']]);
    expect(idsOf(await list({ search: word.slice(0, 7), seriesId: premiumSeries.id, sort: 'title', order: 'asc' }).expect(200))).to.deep.equal([
      ids['Charlie'],
      ids['Echo'],
    ]);
    for (const search of ['%', '_', '"unbalanced', 'a & | ! :* ()', '\\']) {
      const res = await list({ search, seriesId: series.id }).expect(200);
      expect(res.body.count, search).to.equal(0);
    }
  });

  for (const [name, query] of [
    ['an unknown sort', { sort: 'relevance' }],
    ['an unknown status', { status: 'deleted' }],
    ['an unknown tier', { tier: 'gold' }],
    ['a seriesId that is text', { seriesId: 'abc' }],
    ['a tagId of 0', { tagId: 0 }],
    ['a categoryId above the integer range', { categoryId: 2_147_483_648 }],
    ['an order that is not asc or desc', { order: 'up' }],
    ['page 0', { page: 0 }],
    ['a search with a control character', { search: 'a\u0001b' }],
  ] as const) {
    it(`answers 400 VALIDATION_ERROR for ${name}`, async () => {
      const res = await list(query).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });
  }
});
