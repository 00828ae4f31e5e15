import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'chai';
import { StorageUrls } from '@platform/storage';
import { adminToken, buildTestApp, createCustomer, createTraining, invalidTokenCases, refusedTokenCode, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const word = () => `zq${randomBytes(5).toString('hex')}`;
const category = () => randomInt(1_000_000, 2_000_000_000);
const DAY = 86_400_000;

describe('Training discovery lists (customer-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    auth = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
  });

  const list = (path: string, query: object, status = 200) => api.http.get(path).query(query).set('Authorization', auth).expect(status);
  const ids = async (path: string, query: object) => (await list(path, query)).body.data.map((item: { id: number }) => item.id);

  it('answers a card with prices, trailer URLs, session count, seats left and the next open cohort', async () => {
    const tag = word();
    const now = Date.now();
    const { training, product, cohorts } = await createTraining({
      title: `Card ${tag}`,
      trailerRef: 'public/trailer/t.mp4',
      thumbnailRef: 'public/thumbnail/t.png',
      accessDurationDays: 90,
      sessions: [{}, { type: 'live' }, { type: 'both', recordingKey: 'uploads/video/x/index.m3u8' }],
      cohorts: [
        { status: 'open', capacity: 10, seatsTaken: 3, startsAt: new Date(now - 5 * DAY) },
        { status: 'open', capacity: 20, seatsTaken: 1, startsAt: new Date(now + 9 * DAY) },
        { status: 'open', capacity: 5, startsAt: new Date(now + 3 * DAY) },
        { status: 'full', capacity: 4, seatsTaken: 4, startsAt: new Date(now + 1 * DAY) },
        { status: 'closed', capacity: 50, startsAt: new Date(now + 2 * DAY) },
      ],
    });
    const res = await list('/api/mobile/trainings', { search: tag });
    const urls = api.app.container.get(StorageUrls);
    expect(res.body).to.include({ message: 'Success', count: 1, page: 1, size: 20 });
    expect(res.body.data).to.deep.equal([
      {
        id: training.id,
        title: product.title,
        thumbnailRef: 'public/thumbnail/t.png',
        thumbnailUrl: urls.publicUrl('public/thumbnail/t.png'),
        trailerRef: 'public/trailer/t.mp4',
        trailerUrl: urls.publicUrl('public/trailer/t.mp4'),
        slug: product.slug,
        productId: product.id,
        mrpPaisa: 500_000,
        spPaisa: 400_000,
        isFree: false,
        accessType: 'time_limited',
        accessDurationDays: 90,
        sessionCount: 3,
        nextCohort: { id: cohorts[2].id, name: cohorts[2].name, startsAt: cohorts[2].startsAt?.toISOString(), seatsLeft: 5 },
        seatsLeft: 7 + 19 + 5,
      },
    ]);
  });

  it('falls back to the earliest open cohort when none starts later, and to null without an open cohort', async () => {
    const tag = word();
    const past = await createTraining({
      title: `Past ${tag}`,
      cohorts: [{ startsAt: new Date(Date.now() - 2 * DAY) }, { startsAt: new Date(Date.now() - 9 * DAY) }, { status: 'cancelled' }],
    });
    const none = await createTraining({ title: `None ${tag}`, cohorts: [{ status: 'closed' }] });
    const data: Array<{ id: number; nextCohort: unknown; seatsLeft: number }> = (await list('/api/trainings', { search: tag })).body.data;
    expect(data.find((item) => item.id === past.training.id)?.nextCohort).to.include({ id: past.cohorts[1].id });
    expect(data.find((item) => item.id === none.training.id)).to.include({ nextCohort: null, seatsLeft: 0 });
  });

  it('lists only published trainings of a published, sellable product', async () => {
    const tag = word();
    const listed = await createTraining({ title: `Vis ${tag} on sale` });
    await createTraining({ title: `Vis ${tag} draft`, published: false });
    for (const status of ['hidden', 'archived'] as const) await createTraining({ title: `Vis ${tag} ${status}`, status, published: true });
    await createTraining({ title: `Vis ${tag} unsellable`, sellable: false });
    await createTraining({ title: `Vis ${tag} unpublished product`, status: 'published', published: false });
    expect(await ids('/api/trainings', { search: tag })).to.deep.equal([listed.training.id]);
  });

  it('serves the same answer under the three prefixes, and featured only lists featured trainings', async () => {
    const tag = word();
    const featured = await createTraining({ title: `Feat ${tag}`, isFeatured: true });
    await createTraining({ title: `Plain ${tag}` });
    const bodies = [];
    for (const path of ['/api/mobile/trainings/featured', '/api/trainings/featured', '/api/training/featured']) bodies.push((await list(path, { search: tag })).body);
    expect(bodies[1]).to.deep.equal(bodies[0]);
    expect(bodies[2]).to.deep.equal(bodies[0]);
    expect(bodies[0].data.map((item: { id: number }) => item.id)).to.deep.equal([featured.training.id]);
    const all = [];
    for (const path of ['/api/mobile/trainings', '/api/trainings', '/api/training']) all.push((await list(path, { search: tag, sort: 'title', order: 'asc' })).body);
    expect(all[0].count).to.equal(2);
    expect(all[1]).to.deep.equal(all[0]);
    expect(all[2]).to.deep.equal(all[0]);
  });

  it('filters on categoryId and tagId, paginates, and pagination=false returns every row', async () => {
    const categoryId = category();
    const tagId = category();
    const a = await createTraining({ categoryId, tagId });
    const b = await createTraining({ categoryId });
    await createTraining({ tagId });
    expect(await ids('/api/trainings', { categoryId, sort: 'createdAt', order: 'asc' })).to.deep.equal([a.training.id, b.training.id]);
    expect(await ids('/api/trainings', { categoryId, tagId })).to.deep.equal([a.training.id]);
    const paged = await list('/api/trainings', { categoryId, sort: 'createdAt', order: 'asc', size: 1, page: 2 });
    expect(paged.body).to.include({ count: 2, page: 2, size: 1 });
    expect(paged.body.data.map((item: { id: number }) => item.id)).to.deep.equal([b.training.id]);
    const all = await list('/api/trainings', { categoryId, pagination: false });
    expect(all.body).to.include({ count: 2, page: 1, size: 2 });
  });

  it('sorts by title, isFree, createdAt, updatedAt (the default) and relevance, each way', async () => {
    const categoryId = category();
    const tag = word();
    const x = await createTraining({ categoryId, title: `B ${tag}`, isFree: true, description: `${tag} ${tag} ${tag}` });
    const y = await createTraining({ categoryId, title: `C other`, description: `mentions ${tag} once among many other words here` });
    const z = await createTraining({ categoryId, title: `A ${tag}`, description: 'nothing' });
    await x.training.update({ description: `${tag} ${tag} ${tag} again` }); // x is the latest updated
    const sorted = (query: object) => ids('/api/trainings', { categoryId, ...query });
    const [X, Y, Z] = [x.training.id, y.training.id, z.training.id];
    expect(await sorted({ sort: 'title', order: 'asc' })).to.deep.equal([Z, X, Y]);
    expect(await sorted({ sort: 'title', order: 'desc' })).to.deep.equal([Y, X, Z]);
    expect(await sorted({ sort: 'isFree', order: 'desc' })).to.deep.equal([X, Z, Y]);
    expect(await sorted({ sort: 'isFree', order: 'asc' })).to.deep.equal([Y, Z, X]);
    expect(await sorted({ sort: 'createdAt', order: 'asc' })).to.deep.equal([X, Y, Z]);
    expect(await sorted({ sort: 'createdAt' })).to.deep.equal([Z, Y, X]);
    expect(await sorted({})).to.deep.equal([X, Z, Y]);
    expect(await sorted({ sort: 'updatedAt', order: 'asc' })).to.deep.equal([Y, Z, X]);
    // Without a search, relevance is updatedAt; with one, ts_rank (title weighs most) best first.
    expect(await sorted({ sort: 'relevance' })).to.deep.equal([X, Z, Y]);
    expect(await sorted({ sort: 'relevance', search: tag })).to.deep.equal([X, Z, Y]);
    expect(await sorted({ sort: 'relevance', search: tag, order: 'asc' })).to.deep.equal([Y, Z, X]);
  });

  it('answers 400 VALIDATION_ERROR for another sort value or a bad filter', async () => {
    for (const query of [{ sort: 'spPaisa' }, { sort: 'status' }, { categoryId: 'abc' }, { tagId: 0 }, { categoryId: '99999999999' }, { order: 'up' }]) {
      for (const path of ['/api/mobile/trainings', '/api/trainings/featured']) {
        const res = await list(path, query, 400);
        expect(res.body.errorCode, JSON.stringify(query)).to.equal('VALIDATION_ERROR');
      }
    }
  });

  it('searches title and description as words, and never fails on odd characters', async () => {
    const tag = word();
    const inTitle = await createTraining({ title: `Options ${tag}` });
    const inText = await createTraining({ description: `All about ${tag} and more` });
    expect(await ids('/api/trainings', { search: ` ${tag.toUpperCase()} `, sort: 'createdAt', order: 'asc' })).to.deep.equal([
      inTitle.training.id,
      inText.training.id,
    ]);
    for (const search of [`'&|!:*()`, `${tag} & | !`, `"${tag}`, `${tag}:*`, '(((', '-', `'; DROP TABLE trainings; --`, 'नेप्से']) {
      const res = await list('/api/trainings', { search, sort: 'relevance' });
      expect(res.body.data, search).to.be.an('array');
    }
    expect((await list('/api/trainings', { search: `"${tag}` })).body.count).to.equal(2);
  });

  it('documents categoryId and tagId (TrainingFilterQueryDto) as query parameters of both lists in /openapi.json', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    for (const path of ['/api/mobile/trainings', '/api/trainings', '/api/mobile/trainings/featured', '/api/training/featured']) {
      const query = (res.body.paths[path].get.parameters as Array<{ in: string; name: string }>).filter((p) => p.in === 'query');
      expect(query.map((p) => p.name), path).to.include.members(['categoryId', 'tagId', 'sort', 'search', 'page', 'size']);
    }
  });

  it('answers 401 without a valid customer token and 403 to an admin token', async () => {
    for (const path of ['/api/mobile/trainings', '/api/trainings/featured', '/api/training']) {
      for (const [label, header] of invalidTokenCases('customer', '01900000-0000-7000-8000-000000000001')) {
        const request = api.http.get(path);
        if (header) request.set('Authorization', header);
        const res = await request.expect(401);
        expect(res.body.errorCode, label).to.equal(refusedTokenCode(label));
      }
      const admin = await api.http.get(path).set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(403);
      expect(admin.body.errorCode).to.equal('FORBIDDEN');
    }
  });
});
