import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ContentSeriesModel, ContentTierRuleModel } from '@platform/db';
import { adminToken, buildTestApp, createContentSeries, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = '01900000-0000-7000-8000-0000000c1001';
const unique = () => randomBytes(4).toString('hex');

/** Admin series CRUD and tiers (issue 24 "Admin"; CONTRACT section 10 `{ title, slug?, description?, status? }`). */
describe('Admin content series: create, read, update, tier (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  const create = (body: object) => api.http.post('/api/admin/content-series').set('Authorization', auth).send(body);
  const get = (id: number | string) => api.http.get(`/api/admin/content-series/${id}`).set('Authorization', auth);
  const patch = (id: number | string, body: object) => api.http.patch(`/api/admin/content-series/${id}`).set('Authorization', auth).send(body);
  const setTier = (id: number | string, body: object) => api.http.post(`/api/admin/content-series/${id}/tier`).set('Authorization', auth).send(body);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    const permissions = ['ContentSeries_READ', 'ContentSeries_CREATE', 'ContentSeries_UPDATE', 'ContentSeries_DELETE'];
    auth = `Bearer ${adminToken(api.app.container, permissions, ADMIN_ID)}`;
  });

  it('answers 400 VALIDATION_ERROR to each write sent without a body or with a JSON array', async () => {
    const series = await createContentSeries();
    const writes = [
      () => api.http.post('/api/admin/content-series'),
      () => api.http.patch(`/api/admin/content-series/${series.id}`),
      () => api.http.post(`/api/admin/content-series/${series.id}/tier`),
    ];
    for (const write of writes) {
      expect((await write().set('Authorization', auth).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      const array = await write().set('Authorization', auth).set('Content-Type', 'application/json').send('[1]').expect(400);
      expect(array.body.errorCode).to.equal('VALIDATION_ERROR');
    }
  });

  describe('POST /api/admin/content-series', () => {
    it('creates an active series without a tier, its slug made from the title, and answers 201 with the SeriesView', async () => {
      const tag = unique();
      const res = await create({ title: `  Market Weekly ${tag}  `, description: 'Every Friday.' }).expect(201);
      expect(res.body.message).to.equal('Series created successfully');
      const { data } = res.body;
      expect(data).to.include({ title: `Market Weekly ${tag}`, slug: `market-weekly-${tag}`, description: 'Every Friday.', status: 'active', tier: null });
      expect(data).to.have.all.keys('id', 'title', 'slug', 'description', 'status', 'tier', 'createdAt', 'updatedAt');
      const row = await ContentSeriesModel.findByPk(data.id);
      expect(row?.createdByAdminId).to.equal(ADMIN_ID);
    });

    it('creates an archived series when asked, with the slug sent', async () => {
      const slug = `archive-${unique()}`;
      const res = await create({ title: 'Old letters', slug, status: 'archived' }).expect(201);
      expect(res.body.data).to.include({ slug, status: 'archived', description: null });
    });

    it('suffixes a slug made from the title when another series holds it', async () => {
      const title = `Daily brief ${unique()}`;
      const first = (await create({ title }).expect(201)).body.data;
      const second = (await create({ title }).expect(201)).body.data;
      expect(second.slug).to.equal(`${first.slug}-2`);
    });

    it('answers 409 CONFLICT for a slug another series holds', async () => {
      const existing = await createContentSeries();
      const res = await create({ title: 'Anything', slug: existing.slug }).expect(409);
      expect(res.body).to.deep.equal({ message: `The slug "${existing.slug}" is already in use`, errorCode: 'CONFLICT' });
    });

    it('gives one of two concurrent creates of the same slug 201 and the other 409 CONFLICT', async () => {
      const slug = `race-${unique()}`;
      const results = await Promise.all([create({ title: 'A', slug }), create({ title: 'B', slug })]);
      expect(results.map((res) => res.status).sort()).to.deep.equal([201, 409]);
      expect(await ContentSeriesModel.count({ where: { slug } })).to.equal(1);
    });

    for (const [rule, body] of [
      ['a missing title', {}],
      ['a blank title', { title: '   ' }],
      ['a title over 200 characters', { title: 'a'.repeat(201) }],
      ['a title with a control character', { title: 'a\u0007b' }],
      ['a title with a NUL character', { title: 'a\u0000b' }],
      ['a non-string title', { title: 42 }],
      ['an upper-case slug', { title: 'T', slug: 'Market' }],
      ['a slug with a double hyphen', { title: 'T', slug: 'a--b' }],
      ['a slug over 120 characters', { title: 'T', slug: 'a'.repeat(121) }],
      ['a description over 5000 characters', { title: 'T', description: 'd'.repeat(5001) }],
      ['an unknown status', { title: 'T', status: 'deleted' }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await create(body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    it('takes 200 characters of title counted as code points (emoji) and a 5000-character description', async () => {
      const title = '📈'.repeat(200);
      const res = await create({ title, description: 'd'.repeat(5000) }).expect(201);
      expect(res.body.data.title).to.equal(title);
    });
  });

  describe('GET /api/admin/content-series/:id', () => {
    it('answers the series with its series-level tier', async () => {
      const series = await createContentSeries({ tier: 'premium', description: 'About' });
      const res = await get(series.id).expect(200);
      expect(res.body.data).to.include({ id: series.id, slug: series.slug, status: 'active', tier: 'premium', description: 'About' });
    });

    it('answers 404 CONTENT_SERIES_NOT_FOUND for an unknown id, also beyond the integer range', async () => {
      for (const id of ['2147483000', '99999999999']) {
        const res = await get(id).expect(404);
        expect(res.body).to.deep.equal({ message: 'Content series not found', errorCode: 'CONTENT_SERIES_NOT_FOUND' });
      }
    });

    it('answers 400 VALIDATION_ERROR naming id for an id that is not a positive integer (0 and a leading zero too)', async () => {
      for (const id of ['abc', '1.5', '-1', '0', '01']) {
        const res = await get(id).expect(400);
        expect(res.body.errorCode, id).to.equal('VALIDATION_ERROR');
        expect(res.body.errors, id).to.deep.equal([{ field: 'id', code: 'isInt', message: 'id must be a positive integer' }]);
      }
    });
  });

  describe('PATCH /api/admin/content-series/:id', () => {
    it('updates title, description and status, and moves updatedAt', async () => {
      const series = await createContentSeries({ description: 'Before' });
      const res = await patch(series.id, { title: 'Renamed', description: 'After', status: 'archived' }).expect(200);
      expect(res.body.message).to.equal('Series updated successfully');
      expect(res.body.data).to.include({ id: series.id, title: 'Renamed', description: 'After', status: 'archived', slug: series.slug });
      expect(new Date(res.body.data.updatedAt).getTime()).to.be.greaterThan(series.updatedAt.getTime());
    });

    it('clears the description with null and keeps the other fields', async () => {
      const series = await createContentSeries({ description: 'Before', tier: 'basic' });
      const res = await patch(series.id, { description: null }).expect(200);
      expect(res.body.data).to.include({ description: null, title: series.title, status: 'active', tier: 'basic' });
    });

    for (const [rule, body] of [
      ['an empty body', {}],
      ['a body with only unknown keys', { name: 'x' }],
      ['a null title', { title: null }],
      ['a null status', { status: null }],
      ['a null slug', { slug: null }],
      ['an unknown status', { status: 'draft' }],
      ['a bad slug', { slug: 'Not A Slug' }],
      ['a blank title', { title: ' ' }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const series = await createContentSeries();
        expect((await patch(series.id, body).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    it('answers 404 CONTENT_SERIES_NOT_FOUND for an unknown id and 400 for one that is not a positive integer', async () => {
      expect((await patch(2147483000, { title: 'x' }).expect(404)).body.errorCode).to.equal('CONTENT_SERIES_NOT_FOUND');
      for (const id of ['x1', '0', '007']) expect((await patch(id, { title: 'x' }).expect(400)).body.errorCode, id).to.equal('VALIDATION_ERROR');
    });
  });

  describe('GET /api/admin/content-series', () => {
    const list = (query: Record<string, string | number>) => api.http.get('/api/admin/content-series').query(query).set('Authorization', auth);

    it('pages, searches the title and the slug, filters by status and sorts', async () => {
      const tag = unique();
      const gamma = await createContentSeries({ title: `Gamma ${tag}`, slug: `gamma-${tag}`, tier: 'basic' });
      const alpha = await createContentSeries({ title: `Alpha ${tag}`, slug: `alpha-${tag}`, status: 'archived' });
      const beta = await createContentSeries({ title: `Beta notes`, slug: `beta-${tag}` });

      const byTitle = await list({ search: tag, sort: 'title', order: 'asc' }).expect(200);
      expect(byTitle.body).to.include({ message: 'Success', count: 3, page: 1, size: 20 });
      expect(byTitle.body.data.map((row: { id: number }) => row.id)).to.deep.equal([alpha.id, beta.id, gamma.id]);
      expect(byTitle.body.data[2]).to.include({ tier: 'basic', status: 'active' });

      const newest = await list({ search: tag }).expect(200);
      expect(newest.body.data.map((row: { id: number }) => row.id)).to.deep.equal([beta.id, alpha.id, gamma.id]);

      const paged = await list({ search: tag, sort: 'title', order: 'asc', page: 2, size: 2 }).expect(200);
      expect(paged.body).to.include({ count: 3, page: 2, size: 2 });
      expect(paged.body.data.map((row: { id: number }) => row.id)).to.deep.equal([gamma.id]);

      const archived = await list({ search: tag, status: 'archived' }).expect(200);
      expect(archived.body.data.map((row: { id: number }) => row.id)).to.deep.equal([alpha.id]);

      const active = await list({ search: tag, status: 'active' }).expect(200);
      expect(active.body.count).to.equal(2);
    });

    it('takes LIKE wildcards in search literally', async () => {
      const res = await list({ search: '%_%' }).expect(200);
      expect(res.body.count).to.equal(0);
    });

    for (const [rule, query] of [
      ['an unknown sort', { sort: 'slug' }],
      ['an unknown status', { status: 'published' }],
      ['an unknown order', { order: 'up' }],
      ['a page of 0', { page: 0 }],
      ['a non-numeric size', { size: 'ten' }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        expect((await list(query).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }
  });

  describe('POST /api/admin/content-series/:id/tier', () => {
    it('sets, changes and removes the series rule, answering the SeriesView', async () => {
      const series = await createContentSeries();
      const basic = await setTier(series.id, { tier: 'basic' }).expect(200);
      expect(basic.body).to.deep.include({ message: 'Series tier updated successfully' });
      expect(basic.body.data).to.include({ id: series.id, tier: 'basic' });
      const rule = await ContentTierRuleModel.findOne({ where: { seriesId: series.id } });
      expect(rule).to.include({ tier: 'basic', setByAdminId: ADMIN_ID, itemId: null });

      expect((await setTier(series.id, { tier: 'premium' }).expect(200)).body.data.tier).to.equal('premium');
      expect(await ContentTierRuleModel.count({ where: { seriesId: series.id } })).to.equal(1);

      expect((await setTier(series.id, { tier: null }).expect(200)).body.data.tier).to.equal(null);
      expect(await ContentTierRuleModel.count({ where: { seriesId: series.id } })).to.equal(0);
      // Removing a rule that is not there is a no-op, not an error.
      expect((await setTier(series.id, { tier: null }).expect(200)).body.data.tier).to.equal(null);
      expect((await get(series.id).expect(200)).body.data.tier).to.equal(null);
    });

    it('keeps one rule when two tier changes race', async () => {
      const series = await createContentSeries();
      const results = await Promise.all([setTier(series.id, { tier: 'basic' }), setTier(series.id, { tier: 'premium' })]);
      expect(results.map((res) => res.status)).to.deep.equal([200, 200]);
      expect(await ContentTierRuleModel.count({ where: { seriesId: series.id } })).to.equal(1);
    });

    for (const [rule, body] of [
      ['a missing tier', {}],
      ['an unknown tier', { tier: 'gold' }],
      ['the free tier by name', { tier: 'free' }],
      ['a non-string tier', { tier: 1 }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const series = await createContentSeries();
        expect((await setTier(series.id, body).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
        expect(await ContentTierRuleModel.count({ where: { seriesId: series.id } })).to.equal(0);
      });
    }

    it('answers 404 CONTENT_SERIES_NOT_FOUND for an unknown id and 400 for one that is not a positive integer', async () => {
      expect((await setTier(2147483000, { tier: 'basic' }).expect(404)).body.errorCode).to.equal('CONTENT_SERIES_NOT_FOUND');
      for (const id of ['abc', '0', '01']) expect((await setTier(id, { tier: 'basic' }).expect(400)).body.errorCode, id).to.equal('VALIDATION_ERROR');
    });
  });
});
