import { expect } from 'chai';
import { TrainingEnrollmentModel, TrainingSessionModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Training_READ', 'Training_SESSION_CREATE', 'Training_SESSION_UPDATE', 'Training_SESSION_DELETE'];
const NEW_SESSION = { title: 'Live Q&A', type: 'live', durationMinutes: 90 };
/** Parsed by Date but not RFC 3339 instants: refused by @IsInstant() (they used to reach the database and answer 500). */
const NOT_INSTANTS = ['2024-W01-1', '20240101', '2024-01-01T10'];

describe('Admin training sessions (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const base = (trainingId: number) => `/api/admin/training/${trainingId}/sessions`;
  const call = (method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, body?: object) =>
    api.http[method](path).set('Authorization', admin).send(body);
  const positions = async (trainingId: number) =>
    (await TrainingSessionModel.findAll({ where: { trainingId }, order: [['position', 'ASC']] })).map((s) => [s.id, s.position]);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, PERMISSIONS)}`;
  });

  describe('reads', () => {
    it('lists every session of the training by position, each with every field including recordingKey', async () => {
      const { training, sessions } = await createTraining({ sessions: [{ recordingKey: 'uploads/video/a/index.m3u8' }, { type: 'live' }] });
      await sessions[0].update({ position: 5 });
      const res = await call('get', base(training.id)).expect(200);
      expect(res.body.data.map((s: { id: number }) => s.id)).to.deep.equal([sessions[1].id, sessions[0].id]);
      expect(res.body.data[1]).to.have.all.keys(
        'id', 'trainingId', 'title', 'description', 'type', 'status', 'position', 'durationMinutes', 'scheduledAt', 'liveSessionRef',
        'recordingKey', 'createdAt', 'updatedAt',
      );
      expect(res.body.data[1]).to.include({ recordingKey: 'uploads/video/a/index.m3u8', position: 5, trainingId: training.id });
    });

    it('answers one session, and 404 for an unknown training, an unknown session or a session of another training', async () => {
      const { training, sessions } = await createTraining();
      const other = await createTraining();
      const res = await call('get', `${base(training.id)}/${sessions[0].id}`).expect(200);
      expect(res.body.data).to.include({ id: sessions[0].id, title: sessions[0].title });
      expect((await call('get', base(999_999_999)).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
      expect((await call('get', `${base(training.id)}/999999999`).expect(404)).body.errorCode).to.equal('TRAINING_SESSION_NOT_FOUND');
      expect((await call('get', `${base(training.id)}/${other.sessions[0].id}`).expect(404)).body.errorCode).to.equal('TRAINING_SESSION_NOT_FOUND');
    });
  });

  describe('POST (create)', () => {
    it('appends a session at the next position with status scheduled by default, answering 201', async () => {
      const { training } = await createTraining({ sessions: [{}, {}] });
      const res = await call('post', base(training.id), { ...NEW_SESSION, scheduledAt: '2030-01-02T10:00:00Z', liveSessionRef: ' room-1 ' }).expect(201);
      expect(res.body.message).to.equal('Session created successfully');
      expect(res.body.data).to.include({ title: 'Live Q&A', type: 'live', position: 2, status: 'scheduled', liveSessionRef: 'room-1', recordingKey: null });
      expect(res.body.data.scheduledAt).to.equal('2030-01-02T10:00:00.000Z');
    });

    it('refuses a bad body with 400 VALIDATION_ERROR and an unknown training with 404', async () => {
      const { training } = await createTraining();
      for (const body of [{}, { ...NEW_SESSION, type: 'webinar' }, { ...NEW_SESSION, durationMinutes: 0 }, { ...NEW_SESSION, title: '  ' },
        { ...NEW_SESSION, status: 'done' }, { ...NEW_SESSION, scheduledAt: 'tomorrow' }, { ...NEW_SESSION, durationMinutes: 1.5 },
        ...NOT_INSTANTS.map((scheduledAt) => ({ ...NEW_SESSION, scheduledAt }))]) {
        const res = await call('post', base(training.id), body).expect(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
      expect((await call('post', base(999_999_999), NEW_SESSION).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    });
  });

  describe('PATCH (update)', () => {
    it('updates the given fields, null clearing the optional ones, and refuses an empty body', async () => {
      const { training, sessions } = await createTraining({ sessions: [{ liveSessionRef: 'room', scheduledAt: new Date('2030-01-01T00:00:00Z') }] });
      const path = `${base(training.id)}/${sessions[0].id}`;
      const res = await call('patch', path, { title: 'Renamed', status: 'live', liveSessionRef: null, scheduledAt: null }).expect(200);
      expect(res.body.data).to.include({ title: 'Renamed', status: 'live', liveSessionRef: null, scheduledAt: null, type: 'recorded' });
      expect((await call('patch', path, {}).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await call('patch', path, { title: null }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('refuses a scheduledAt that is not an RFC 3339 instant with 400 VALIDATION_ERROR', async () => {
      const { training, sessions } = await createTraining();
      for (const scheduledAt of ['tomorrow', ...NOT_INSTANTS]) {
        const res = await call('patch', `${base(training.id)}/${sessions[0].id}`, { scheduledAt }).expect(400);
        expect(res.body.errorCode, scheduledAt).to.equal('VALIDATION_ERROR');
      }
    });

    it('answers 404 TRAINING_SESSION_NOT_FOUND for a session of another training', async () => {
      const { training } = await createTraining();
      const other = await createTraining();
      const res = await call('patch', `${base(training.id)}/${other.sessions[0].id}`, { title: 'x' }).expect(404);
      expect(res.body.errorCode).to.equal('TRAINING_SESSION_NOT_FOUND');
    });
  });

  describe('PATCH /recording', () => {
    it('sets and clears an HLS key under uploads/video/', async () => {
      const { training, sessions } = await createTraining();
      const path = `${base(training.id)}/${sessions[0].id}/recording`;
      const set = await call('patch', path, { recordingKey: 'uploads/video/x1/index.m3u8' }).expect(200);
      expect(set.body.data.recordingKey).to.equal('uploads/video/x1/index.m3u8');
      const cleared = await call('patch', path, { recordingKey: null }).expect(200);
      expect(cleared.body.data.recordingKey).to.equal(null);
    });

    it('refuses a key outside uploads/video/, with "..", too long or missing with 400 VALIDATION_ERROR', async () => {
      const { training, sessions } = await createTraining();
      const path = `${base(training.id)}/${sessions[0].id}/recording`;
      const bad = ['public/trailer/x.mp4', 'uploads/video/', 'uploads/video/../secret/index.m3u8', '/uploads/video/x.m3u8',
        'uploads/video//x', 'uploads/video/a b', `uploads/video/${'a'.repeat(600)}`, 42];
      for (const recordingKey of bad) {
        const res = await call('patch', path, { recordingKey }).expect(400);
        expect(res.body.errorCode, String(recordingKey)).to.equal('VALIDATION_ERROR');
        expect(res.body.message).to.match(/recordingKey/);
      }
      expect((await call('patch', path, {}).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('answers 404 for an unknown training and for a session of another training, leaving it untouched', async () => {
      const { training, sessions } = await createTraining();
      const other = await createTraining();
      const body = { recordingKey: 'uploads/video/x2/index.m3u8' };
      const unknown = await call('patch', `${base(999_999_999)}/${sessions[0].id}/recording`, body).expect(404);
      expect(unknown.body.errorCode).to.equal('TRAINING_NOT_FOUND');
      const foreign = await call('patch', `${base(training.id)}/${other.sessions[0].id}/recording`, body).expect(404);
      expect(foreign.body.errorCode).to.equal('TRAINING_SESSION_NOT_FOUND');
      expect((await TrainingSessionModel.findByPk(other.sessions[0].id))?.recordingKey).to.equal(null);
    });
  });

  describe('DELETE', () => {
    it('deletes a session and closes the gap in the positions of the rest', async () => {
      const { training, sessions } = await createTraining({ sessions: [{}, {}, {}] });
      const res = await call('delete', `${base(training.id)}/${sessions[1].id}`).expect(200);
      expect(res.body.data).to.deep.equal({ id: sessions[1].id });
      expect(await positions(training.id)).to.deep.equal([[sessions[0].id, 0], [sessions[2].id, 1]]);
    });

    it('refuses a session an enrollment names with 409 TRAINING_SESSION_HAS_ENROLLMENTS', async () => {
      const { training, product, sessions, cohorts } = await createTraining();
      const customer = await createCustomer(api.app.container);
      await TrainingEnrollmentModel.create({
        userId: customer.id, productId: product.id, trainingId: training.id, cohortId: cohorts[0].id, sessionId: sessions[0].id, status: 'pending',
      });
      const res = await call('delete', `${base(training.id)}/${sessions[0].id}`).expect(409);
      expect(res.body.errorCode).to.equal('TRAINING_SESSION_HAS_ENROLLMENTS');
    });

    it('answers 404 for a session of another training and leaves it in place', async () => {
      const { training } = await createTraining();
      const other = await createTraining();
      const res = await call('delete', `${base(training.id)}/${other.sessions[0].id}`).expect(404);
      expect(res.body.errorCode).to.equal('TRAINING_SESSION_NOT_FOUND');
      expect(await TrainingSessionModel.findByPk(other.sessions[0].id)).to.not.equal(null);
    });
  });

  describe('PUT /reorder', () => {
    it('gives the sessions the order of sessionIds and answers the reordered list', async () => {
      const { training, sessions } = await createTraining({ sessions: [{}, {}, {}] });
      const order = [sessions[2].id, sessions[0].id, sessions[1].id];
      const res = await call('put', `${base(training.id)}/reorder`, { sessionIds: order }).expect(200);
      expect(res.body.data.map((s: { id: number; position: number }) => [s.id, s.position])).to.deep.equal(order.map((id, i) => [id, i]));
      expect(await positions(training.id)).to.deep.equal(order.map((id, i) => [id, i]));
    });

    it('refuses a missing or repeated id (or a malformed list) with 400 VALIDATION_ERROR, an unknown or foreign one with 400 TRAINING_SESSION_MISMATCH', async () => {
      const { training, sessions } = await createTraining({ sessions: [{}, {}] });
      const other = await createTraining();
      const [a, b] = sessions.map((s) => s.id);
      const cases: Array<[unknown, string]> = [
        [[a], 'VALIDATION_ERROR'], [[a, b, a], 'VALIDATION_ERROR'], [[a, a], 'VALIDATION_ERROR'], ['a,b', 'VALIDATION_ERROR'], [[a, 'b'], 'VALIDATION_ERROR'],
        [[a, b, 999_999_999], 'TRAINING_SESSION_MISMATCH'], [[a, other.sessions[0].id], 'TRAINING_SESSION_MISMATCH'],
        [[b, a, other.sessions[0].id], 'TRAINING_SESSION_MISMATCH'],
      ];
      for (const [sessionIds, errorCode] of cases) {
        const res = await call('put', `${base(training.id)}/reorder`, { sessionIds }).expect(400);
        expect(res.body.errorCode, JSON.stringify(sessionIds)).to.equal(errorCode);
      }
      expect(await positions(training.id)).to.deep.equal([[a, 0], [b, 1]]);
      expect((await call('put', `${base(999_999_999)}/reorder`, { sessionIds: [a] }).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    });
  });
});
