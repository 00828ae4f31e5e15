import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { TrainingCatalogWrites } from '@platform/domain';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCustomer,
  createTraining,
  isolatedInfrastructure,
  TestApp,
  TestTraining,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const word = () => `zq${randomBytes(5).toString('hex')}`;

/**
 * learning-commerce.md "Limits": training reads are cached for REDIS_CACHE_TTL_SECONDS and made
 * stale by every admin write (TrainingCatalogWrites); with Redis down they come from the database.
 * Rows are changed here straight in the database, past TrainingCatalogWrites, to see the cache.
 */
describe('Training discovery cache (customer-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    auth = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
  });

  const get = async (path: string, query: object = {}) => (await api.http.get(path).query(query).set('Authorization', auth).expect(200)).text;
  const invalidate = () => api.app.container.get(TrainingCatalogWrites).invalidate();

  it('serves a cached list byte for byte until invalidate(), then the fresh one', async () => {
    const tag = word();
    const { product, training } = await createTraining({ title: `Cache ${tag}`, cohorts: [{ startsAt: new Date(Date.now() + 86_400_000) }] });
    await invalidate();
    const first = await get('/api/mobile/trainings', { search: tag });
    expect(await get('/api/mobile/trainings', { search: tag })).to.equal(first);
    await product.update({ spPaisa: 1 });
    await training.update({ isFree: true });
    expect(await get('/api/mobile/trainings', { search: tag })).to.equal(first);
    // Another query is another view: a different key, read fresh.
    expect(JSON.parse(await get('/api/mobile/trainings', { search: tag, size: 5 })).data[0]).to.include({ spPaisa: 1, isFree: true });
    await invalidate();
    const fresh = JSON.parse(await get('/api/mobile/trainings', { search: tag }));
    expect(fresh.data[0]).to.include({ spPaisa: 1, isFree: true });
    expect(fresh.data[0].nextCohort.startsAt).to.be.a('string');
  });

  it('caches featured, sessions, cohort and session detail, and invalidate() refreshes each', async () => {
    const fixture: TestTraining = await createTraining({ isFeatured: true, sessions: [{ scheduledAt: new Date(Date.UTC(2031, 0, 1)) }] });
    const [session] = fixture.sessions;
    const [cohort] = fixture.cohorts;
    const featured = ['/api/trainings/featured', { categoryId: fixture.training.id + 3_000_000 }] as const;
    await fixture.training.update({ categoryId: featured[1].categoryId });
    await invalidate();
    const paths = [`/api/training/${fixture.training.id}/sessions`, `/api/training/cohorts/${cohort.id}`, `/api/training/sessions/${session.id}`];
    const before = [await get(...featured), ...(await Promise.all(paths.map((path) => get(path))))];
    // Cached and uncached answers are the same bytes (dates are ISO strings either way).
    expect([await get(...featured), ...(await Promise.all(paths.map((path) => get(path))))]).to.deep.equal(before);

    await session.update({ title: 'Renamed', recordingKey: 'uploads/video/new/index.m3u8' });
    await cohort.update({ name: 'Renamed cohort', seatsTaken: 5 });
    await fixture.training.update({ isFeatured: false });
    expect([await get(...featured), ...(await Promise.all(paths.map((path) => get(path))))]).to.deep.equal(before);

    await invalidate();
    expect(JSON.parse(await get(...featured)).count).to.equal(0);
    expect(JSON.parse(await get(paths[0])).data[0]).to.include({ title: 'Renamed', hasRecording: true });
    expect(JSON.parse(await get(paths[1])).data).to.include({ name: 'Renamed cohort', seatsTaken: 5, seatsLeft: 25 });
    expect(JSON.parse(await get(paths[2])).data).to.include({ title: 'Renamed', hasRecording: true });
  });

  it('caches a 404 until invalidate(): a training published later is found after the next write', async () => {
    const draft = await createTraining({ published: false });
    const path = `/api/mobile/training/${draft.training.id}/sessions`;
    await invalidate();
    await api.http.get(path).set('Authorization', auth).expect(404);
    await draft.training.update({ status: 'published' });
    await draft.product.update({ isPublished: true });
    await api.http.get(path).set('Authorization', auth).expect(404);
    await invalidate();
    await api.http.get(path).set('Authorization', auth).expect(200);
  });

  describe('with Redis unreachable', () => {
    let infra: Infrastructure;
    let offline: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure(
        'training-discovery-offline',
        {},
        { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'training-discovery-offline' }, { retryStrategy: () => null }) },
      );
      offline = await buildTestApp(createCustomerApi, infra);
    });

    after(() => closeTestInfrastructure(infra));

    it('answers every route from the database, current on each read', async function () {
      this.timeout(30_000);
      const tag = word();
      const fixture = await createTraining({ title: `Offline ${tag}`, isFeatured: true });
      const offlineAuth = `Bearer ${(await createCustomer(offline.app.container)).accessToken}`;
      const read = async (path: string, query: object = {}) =>
        (await offline.http.get(path).query(query).set('Authorization', offlineAuth).expect(200)).body;
      expect((await read('/api/trainings', { search: tag })).count).to.equal(1);
      expect((await read('/api/mobile/trainings/featured', { search: tag })).count).to.equal(1);
      await read(`/api/training/${fixture.training.id}/sessions`);
      await read(`/api/training/cohorts/${fixture.cohorts[0].id}`);
      await read(`/api/training/sessions/${fixture.sessions[0].id}`);
      await fixture.product.update({ spPaisa: 2 });
      expect((await read('/api/trainings', { search: tag })).data[0]).to.include({ spPaisa: 2 });
    });
  });
});
