import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { adminToken, buildTestApp, createCourse, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

describe('Admin course list (admin-api GET /api/admin/courses)', () => {
  let api: TestApp;
  let reader: string;
  let tag: string;
  const ids: Record<string, number> = {};

  const list = (query: Record<string, string | number | boolean>) =>
    api.http.get('/api/admin/courses').set('Authorization', reader).query({ search: tag, ...query });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    reader = `Bearer ${adminToken(api.app.container, ['COURSES_READ'])}`;
    tag = randomBytes(4).toString('hex');
    // Created one after another, so createdAt/updatedAt follow this order.
    for (const [name, price, published] of [
      ['Bravo', 300, true],
      ['alpha', 100, false],
      ['Charlie', 200, true],
    ] as const) {
      const { course } = await createCourse({ title: `${name} ${tag}`, mrpPaisa: 1000, spPaisa: price, published });
      ids[name] = course.id;
    }
  });

  it('lists unpublished and published courses with count, page and size (newest update first by default)', async () => {
    const res = await list({}).expect(200);
    expect(res.body).to.include({ message: 'Success', count: 3, page: 1, size: 20 });
    expect(res.body.data.map((c: { id: number }) => c.id)).to.deep.equal([ids['Charlie'], ids['alpha'], ids['Bravo']]);
    expect(res.body.data[0]).to.include.keys('id', 'title', 'slug', 'trailerRef', 'trailerUrl', 'isPublished');
  });

  it('pages with page and size, without overlap', async () => {
    const first = await list({ size: 2, page: 1, sort: 'createdAt', order: 'asc' }).expect(200);
    const second = await list({ size: 2, page: 2, sort: 'createdAt', order: 'asc' }).expect(200);
    expect(first.body).to.include({ count: 3, page: 1, size: 2 });
    expect(second.body).to.include({ count: 3, page: 2, size: 2 });
    expect([...first.body.data, ...second.body.data].map((c: { id: number }) => c.id)).to.deep.equal([
      ids['Bravo'],
      ids['alpha'],
      ids['Charlie'],
    ]);
  });

  it('returns every row with pagination=false', async () => {
    const res = await list({ pagination: false, size: 1 }).expect(200);
    expect(res.body).to.include({ count: 3, page: 1, size: 3 });
    expect(res.body.data).to.have.length(3);
  });

  it('caps size at 100 instead of refusing it', async () => {
    const res = await list({ size: 500 }).expect(200);
    expect(res.body.size).to.equal(100);
  });

  it('filters by publication with published=true|false', async () => {
    const published = await list({ published: true, sort: 'title', order: 'asc' }).expect(200);
    expect(published.body.data.map((c: { id: number }) => c.id)).to.deep.equal([ids['Bravo'], ids['Charlie']]);
    const drafts = await list({ published: false }).expect(200);
    expect(drafts.body.data.map((c: { id: number }) => c.id)).to.deep.equal([ids['alpha']]);
  });

  it('sorts by spPaisa and title in either direction', async () => {
    const byPrice = await list({ sort: 'spPaisa', order: 'asc' }).expect(200);
    expect(byPrice.body.data.map((c: { spPaisa: number }) => c.spPaisa)).to.deep.equal([100, 200, 300]);
    const byTitle = await list({ sort: 'title', order: 'desc' }).expect(200);
    expect(byTitle.body.data).to.have.length(3);
  });

  it('searches the title case-insensitively, trimming the term, and treats % and _ literally', async () => {
    const res = await list({ search: `  CHARLIE ${tag.toUpperCase()}  ` }).expect(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).to.deep.equal([ids['Charlie']]);
    const wildcard = await list({ search: `%${tag}` }).expect(200);
    expect(wildcard.body.count).to.equal(0);
  });

  for (const [rule, query] of [
    ['an unknown sort', { sort: 'price' }],
    ['an unknown order', { order: 'sideways' }],
    ['page 0', { page: 0 }],
    ['a non-boolean published', { published: 'maybe' }],
  ] as const) {
    it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
      const res = await list(query).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });
  }
});
