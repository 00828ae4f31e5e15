import { expect } from 'chai';
import { TrainingCohortModel, TrainingSessionModel } from '@platform/db';
import { MAX_SESSIONS_PER_TRAINING } from '@platform/domain';
import { adminToken, buildTestApp, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** Rules across a training's sessions and cohorts: a published training stays publishable, and the session cap. */
describe('Admin training structure rules (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const base = (trainingId: number) => `/api/admin/training/${trainingId}`;
  const call = (method: 'post' | 'patch' | 'delete', path: string, body?: object) => api.http[method](path).set('Authorization', admin).send(body);
  const refused = async (method: 'patch' | 'delete', path: string, body?: object) =>
    expect((await call(method, path, body).expect(400)).body.errorCode).to.equal('TRAINING_NOT_PUBLISHABLE');

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['*'])}`;
  });

  describe('a published training keeps a session and a cohort that are not cancelled', () => {
    it('refuses to delete its last session that is not cancelled, and keeps it in place', async () => {
      const { training, sessions } = await createTraining({ sessions: [{}, { status: 'cancelled' }] });
      await refused('delete', `${base(training.id)}/sessions/${sessions[0].id}`);
      const rows = await TrainingSessionModel.findAll({ where: { trainingId: training.id }, order: [['position', 'ASC']] });
      expect(rows.map((s) => [s.id, s.position])).to.deep.equal([[sessions[0].id, 0], [sessions[1].id, 1]]);
    });

    it('refuses to cancel its last session that is not cancelled', async () => {
      const { training, sessions } = await createTraining();
      await refused('patch', `${base(training.id)}/sessions/${sessions[0].id}`, { status: 'cancelled', title: 'Gone' });
      expect(await TrainingSessionModel.findByPk(sessions[0].id)).to.include({ status: 'scheduled', title: sessions[0].title });
    });

    it('refuses to delete its last cohort that is not cancelled, and keeps it in place', async () => {
      const { training, cohorts } = await createTraining({ cohorts: [{}, { status: 'cancelled' }] });
      await refused('delete', `${base(training.id)}/cohorts/${cohorts[0].id}`);
      expect(await TrainingCohortModel.findByPk(cohorts[0].id)).to.not.equal(null);
    });

    it('refuses to cancel its last cohort that is not cancelled', async () => {
      const { training, cohorts } = await createTraining({ cohorts: [{ status: 'closed' }] });
      await refused('patch', `${base(training.id)}/cohorts/${cohorts[0].id}`, { status: 'cancelled' });
      expect(await TrainingCohortModel.findByPk(cohorts[0].id)).to.include({ status: 'closed' });
    });

    it('lets it delete or cancel one while another remains', async () => {
      const { training, sessions, cohorts } = await createTraining({ sessions: [{}, {}, {}], cohorts: [{}, {}, {}] });
      await call('patch', `${base(training.id)}/sessions/${sessions[0].id}`, { status: 'cancelled' }).expect(200);
      await call('delete', `${base(training.id)}/sessions/${sessions[1].id}`).expect(200);
      await call('patch', `${base(training.id)}/cohorts/${cohorts[0].id}`, { status: 'cancelled' }).expect(200);
      await call('delete', `${base(training.id)}/cohorts/${cohorts[1].id}`).expect(200);
    });

    it('lets a draft training lose every session and cohort', async () => {
      const { training, sessions, cohorts } = await createTraining({ published: false, sessions: [{}, {}], cohorts: [{}, {}] });
      await call('patch', `${base(training.id)}/sessions/${sessions[0].id}`, { status: 'cancelled' }).expect(200);
      await call('delete', `${base(training.id)}/sessions/${sessions[1].id}`).expect(200);
      await call('patch', `${base(training.id)}/cohorts/${cohorts[0].id}`, { status: 'cancelled' }).expect(200);
      await call('delete', `${base(training.id)}/cohorts/${cohorts[1].id}`).expect(200);
      await call('delete', `${base(training.id)}/sessions/${sessions[0].id}`).expect(200);
      await call('delete', `${base(training.id)}/cohorts/${cohorts[0].id}`).expect(200);
    });
  });

  describe('session cap', () => {
    it(`refuses a session beyond ${MAX_SESSIONS_PER_TRAINING} with 400 VALIDATION_ERROR, and takes one again after a delete`, async () => {
      const { training } = await createTraining({ published: false, sessions: [] });
      await TrainingSessionModel.bulkCreate(
        Array.from({ length: MAX_SESSIONS_PER_TRAINING }, (_, position) => ({
          trainingId: training.id, title: `S${position}`, type: 'recorded' as const, status: 'scheduled' as const, position, durationMinutes: 30,
        })),
      );
      const body = { title: 'One too many', type: 'recorded', durationMinutes: 30 };
      const res = await call('post', `${base(training.id)}/sessions`, body).expect(400);
      expect(res.body).to.include({ errorCode: 'VALIDATION_ERROR' });
      expect(res.body.message).to.match(/at most 500 sessions/);
      expect(await TrainingSessionModel.count({ where: { trainingId: training.id } })).to.equal(MAX_SESSIONS_PER_TRAINING);
      const first = await TrainingSessionModel.findOne({ where: { trainingId: training.id, position: 0 } });
      await call('delete', `${base(training.id)}/sessions/${first?.id}`).expect(200);
      expect((await call('post', `${base(training.id)}/sessions`, body).expect(201)).body.data.position).to.equal(MAX_SESSIONS_PER_TRAINING - 1);
    });
  });
});
