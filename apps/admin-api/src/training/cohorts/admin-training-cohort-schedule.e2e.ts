import { expect } from 'chai';
import { TrainingCohortSessionModel, TrainingWaitlistEntryModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

describe('Admin training cohort schedule and waitlist (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const base = (trainingId: number, cohortId: number) => `/api/admin/training/${trainingId}/cohorts/${cohortId}`;
  const call = (method: 'get' | 'put', path: string, body?: object) => api.http[method](path).set('Authorization', admin).send(body);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Training_READ', 'Training_Cohort_UPDATE'])}`;
  });

  describe('PUT /:cohortId/sessions', () => {
    it('replaces the schedule in session order and shows it in the cohort detail', async () => {
      const { training, sessions, cohorts } = await createTraining({ sessions: [{}, { type: 'live' }, {}] });
      const path = `${base(training.id, cohorts[0].id)}/sessions`;
      await call('put', path, { sessions: [{ sessionId: sessions[0].id }, { sessionId: sessions[2].id }] }).expect(200);
      const res = await call('put', path, {
        sessions: [{ sessionId: sessions[1].id, scheduledAt: '2030-05-01T09:00:00Z', liveSessionRef: 'zoom-42' }, { sessionId: sessions[0].id }],
      }).expect(200);
      expect(res.body.message).to.equal('Cohort schedule updated successfully');
      expect(res.body.data).to.deep.equal([
        { sessionId: sessions[0].id, title: sessions[0].title, type: 'recorded', position: 0, scheduledAt: null, liveSessionRef: null },
        { sessionId: sessions[1].id, title: sessions[1].title, type: 'live', position: 1, scheduledAt: '2030-05-01T09:00:00.000Z', liveSessionRef: 'zoom-42' },
      ]);
      const detail = await call('get', base(training.id, cohorts[0].id)).expect(200);
      expect(detail.body.data.schedule).to.deep.equal(res.body.data);
      expect(await TrainingCohortSessionModel.count({ where: { cohortId: cohorts[0].id } })).to.equal(2);
      expect((await call('put', path, { sessions: [] }).expect(200)).body.data).to.deep.equal([]);
    });

    it('refuses a session of another training with 400 TRAINING_SESSION_MISMATCH and keeps the old schedule', async () => {
      const { training, sessions, cohorts } = await createTraining();
      const other = await createTraining();
      const path = `${base(training.id, cohorts[0].id)}/sessions`;
      await call('put', path, { sessions: [{ sessionId: sessions[0].id }] }).expect(200);
      for (const sessionId of [other.sessions[0].id, 999_999_999]) {
        const res = await call('put', path, { sessions: [{ sessionId }] }).expect(400);
        expect(res.body.errorCode).to.equal('TRAINING_SESSION_MISMATCH');
      }
      expect(await TrainingCohortSessionModel.count({ where: { cohortId: cohorts[0].id } })).to.equal(1);
    });

    it('refuses a repeated session or a malformed body with 400 VALIDATION_ERROR', async () => {
      const { training, sessions, cohorts } = await createTraining();
      const path = `${base(training.id, cohorts[0].id)}/sessions`;
      for (const body of [{}, { sessions: 'x' }, { sessions: [{ sessionId: sessions[0].id }, { sessionId: sessions[0].id }] }, { sessions: [{}] },
        { sessions: [{ sessionId: sessions[0].id, scheduledAt: 'later' }] }, { sessions: [{ sessionId: sessions[0].id, liveSessionRef: '' }] },
        // Parsed by Date but not RFC 3339 instants: refused by @IsInstant() (they used to answer 500).
        ...['2024-W01-1', '20240101', '2024-01-01T10'].map((scheduledAt) => ({ sessions: [{ sessionId: sessions[0].id, scheduledAt }] }))]) {
        const res = await call('put', path, body).expect(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
    });

    it('answers 404 for an unknown training, an unknown cohort or a cohort of another training', async () => {
      const { training, sessions } = await createTraining();
      const other = await createTraining();
      const body = { sessions: [{ sessionId: sessions[0].id }] };
      expect((await call('put', `${base(999_999_999, other.cohorts[0].id)}/sessions`, body).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
      expect((await call('put', `${base(training.id, 999_999_999)}/sessions`, body).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
      expect((await call('put', `${base(training.id, other.cohorts[0].id)}/sessions`, body).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
    });
  });

  describe('GET /:cohortId/waitlist', () => {
    it('lists the waiting entries first in FIFO order with their 1-based position, then the rest, each with its user', async () => {
      const { training, cohorts } = await createTraining({ cohorts: [{ capacity: 1, seatsTaken: 1, status: 'full' }] });
      const [first, second, third] = await Promise.all([1, 2, 3].map(() => createCustomer(api.app.container)));
      const cohortId = cohorts[0].id;
      const a = await TrainingWaitlistEntryModel.create({ cohortId, userId: first.id });
      const b = await TrainingWaitlistEntryModel.create({ cohortId, userId: second.id, status: 'cancelled', cancelledAt: new Date() });
      const c = await TrainingWaitlistEntryModel.create({ cohortId, userId: third.id });
      const d = await TrainingWaitlistEntryModel.create({ cohortId, userId: second.id });
      const res = await call('get', `${base(training.id, cohortId)}/waitlist`).expect(200);
      const rows = res.body.data as Array<{ id: number; status: string; position: number | null; user: { id: string; email: string } }>;
      expect(rows.map((row) => [row.id, row.status, row.position])).to.deep.equal([
        [a.id, 'waiting', 1], [c.id, 'waiting', 2], [d.id, 'waiting', 3], [b.id, 'cancelled', null],
      ]);
      expect(rows[0]).to.have.all.keys('id', 'cohortId', 'user', 'status', 'position', 'createdAt', 'promotedAt', 'expiredAt', 'cancelledAt');
      expect(rows[0].user).to.deep.equal({ id: first.id, fullName: 'Test Customer', email: first.email });
      expect(rows[3]).to.include({ promotedAt: null, expiredAt: null }).and.have.property('cancelledAt').that.is.a('string');
      expect((await call('get', base(training.id, cohortId)).expect(200)).body.data.waitingCount).to.equal(3);
    });

    it('answers an empty list for a cohort without a waitlist, and 404 for unknown or foreign cohorts', async () => {
      const { training, cohorts } = await createTraining();
      const other = await createTraining();
      expect((await call('get', `${base(training.id, cohorts[0].id)}/waitlist`).expect(200)).body.data).to.deep.equal([]);
      expect((await call('get', `${base(training.id, other.cohorts[0].id)}/waitlist`).expect(404)).body.errorCode).to.equal('TRAINING_COHORT_NOT_FOUND');
      expect((await call('get', `${base(999_999_999, cohorts[0].id)}/waitlist`).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    });
  });
});
