import { expect } from 'chai';
import { TrainingEnrollmentModel } from '@platform/db';
import { TrainingCatalogWrites } from '@platform/domain';
import { adminToken, buildTestApp, createCustomer, createTraining, TestApp, TestTraining } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

type Write = [name: string, run: (t: TestTraining) => [method: 'post' | 'patch' | 'put' | 'delete', path: string, body?: object]];

/** Every write of sessions, cohorts, schedules and form config: each makes the cached customer training views stale. */
const WRITES: Write[] = [
  ['POST sessions', () => ['post', `/sessions`, { title: 'New', type: 'recorded', durationMinutes: 30 }]],
  ['PATCH session', (t) => ['patch', `/sessions/${t.sessions[0].id}`, { title: 'Renamed' }]],
  ['PATCH session recording', (t) => ['patch', `/sessions/${t.sessions[0].id}/recording`, { recordingKey: 'uploads/video/c/index.m3u8' }]],
  ['PUT sessions reorder', (t) => ['put', `/sessions/reorder`, { sessionIds: [t.sessions[1].id, t.sessions[0].id] }]],
  ['DELETE session', (t) => ['delete', `/sessions/${t.sessions[1].id}`]],
  ['POST cohorts', () => ['post', `/cohorts`, { name: 'New', capacity: 3 }]],
  ['PATCH cohort', (t) => ['patch', `/cohorts/${t.cohorts[0].id}`, { capacity: 50 }]],
  ['DELETE cohort', (t) => ['delete', `/cohorts/${t.cohorts[0].id}`]],
  ['PUT cohort sessions', (t) => ['put', `/cohorts/${t.cohorts[0].id}/sessions`, { sessions: [{ sessionId: t.sessions[0].id }] }]],
  ['PUT form-config', () => ['put', `/form-config`, { fields: [{ key: 'city', label: 'City', type: 'text', required: false }] }]],
];

describe('Admin training sessions, cohorts and form config: customer cache invalidation (admin-api)', () => {
  let api: TestApp;
  let admin: string;
  let writes: TrainingCatalogWrites;
  let probe = 0;

  /** A cached view and how many times its loader ran. */
  const cachedProbe = async () => {
    const view = `probe-${process.pid}-${++probe}-${Date.now()}`;
    const state = { loads: 0 };
    const read = () => writes.read(view, async () => ++state.loads);
    await read();
    await read();
    expect(state.loads, 'served from the cache before the write').to.equal(1);
    return { state, read };
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['*'])}`;
    writes = api.app.container.get(TrainingCatalogWrites);
  });

  for (const [name, write] of WRITES) {
    it(`${name} makes the cached training views stale`, async () => {
      const training = await createTraining({ sessions: [{}, {}], cohorts: [{}, {}] });
      const { state, read } = await cachedProbe();
      const [method, path, body] = write(training);
      const res = await api.http[method](`/api/admin/training/${training.training.id}${path}`).set('Authorization', admin).send(body);
      expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
      await read();
      expect(state.loads, 'loaded again after the write').to.equal(2);
    });
  }

  it('keeps the cache when a write is refused and rolled back', async () => {
    const training = await createTraining();
    const customer = await createCustomer(api.app.container);
    await TrainingEnrollmentModel.create({
      userId: customer.id, productId: training.product.id, trainingId: training.training.id, cohortId: training.cohorts[0].id,
    });
    const { state, read } = await cachedProbe();
    await api.http.delete(`/api/admin/training/${training.training.id}/cohorts/${training.cohorts[0].id}`).set('Authorization', admin).expect(409);
    await read();
    expect(state.loads).to.equal(1);
  });
});
