import { expect } from 'chai';
import { TrainingCohortSessionModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createTraining, TestApp, TestTraining } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const RECORDING = 'uploads/video/secret-recording/index.m3u8';
const LIVE_REF = 'https://meet.example.com/secret-room';
const DAY = 86_400_000;
const prefixes = ['/api/mobile/training', '/api/training', '/api/trainings'];

describe('Training sessions, cohorts and session detail (customer-api)', () => {
  let api: TestApp;
  let auth: string;
  let fixture: TestTraining;
  const at = (days: number) => new Date(Date.UTC(2031, 0, 1) + days * DAY);

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    auth = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
    fixture = await createTraining({
      sessions: [
        { title: 'Recorded', type: 'recorded', status: 'completed', recordingKey: RECORDING, durationMinutes: 45 },
        { title: 'Live', type: 'live', scheduledAt: at(10), liveSessionRef: LIVE_REF },
      ],
      cohorts: [
        { name: 'Morning', capacity: 10, seatsTaken: 4, startsAt: at(1), endsAt: at(30) },
        { name: 'Evening', status: 'full', capacity: 2, seatsTaken: 2 },
      ],
    });
    const [recorded, live] = fixture.sessions;
    const [morning, evening] = fixture.cohorts;
    await TrainingCohortSessionModel.create({ trainingId: fixture.training.id, cohortId: morning.id, sessionId: live.id, scheduledAt: at(12) });
    await TrainingCohortSessionModel.create({ trainingId: fixture.training.id, cohortId: evening.id, sessionId: live.id, scheduledAt: null });
    await TrainingCohortSessionModel.create({ trainingId: fixture.training.id, cohortId: evening.id, sessionId: recorded.id, scheduledAt: at(2) });
  });

  const get = (path: string, status = 200) => api.http.get(path).set('Authorization', auth).expect(status);

  it('lists the sessions of a published training in order, with hasRecording and never a recording key or live link', async () => {
    const [recorded, live] = fixture.sessions;
    for (const prefix of prefixes) {
      const res = await get(`${prefix}/${fixture.training.id}/sessions`);
      expect(res.text).not.to.include(RECORDING).and.not.to.include(LIVE_REF);
      expect(res.body).to.deep.equal({
        message: 'Success',
        data: [
          {
            id: recorded.id,
            trainingId: fixture.training.id,
            title: 'Recorded',
            description: null,
            type: 'recorded',
            status: 'completed',
            position: 0,
            durationMinutes: 45,
            scheduledAt: null,
            hasRecording: true,
          },
          {
            id: live.id,
            trainingId: fixture.training.id,
            title: 'Live',
            description: null,
            type: 'live',
            status: 'scheduled',
            position: 1,
            durationMinutes: 60,
            scheduledAt: at(10).toISOString(),
            hasRecording: false,
          },
        ],
      });
    }
  });

  it('shows a cohort with seats and its schedule (the cohort time, else the session time)', async () => {
    const [recorded, live] = fixture.sessions;
    const [morning, evening] = fixture.cohorts;
    for (const prefix of prefixes) {
      const res = await get(`${prefix}/cohorts/${morning.id}`);
      expect(res.body.data).to.deep.equal({
        id: morning.id,
        trainingId: fixture.training.id,
        trainingTitle: fixture.product.title,
        name: 'Morning',
        status: 'open',
        capacity: 10,
        seatsTaken: 4,
        seatsLeft: 6,
        startsAt: at(1).toISOString(),
        endsAt: at(30).toISOString(),
        schedule: [
          { sessionId: recorded.id, title: 'Recorded', type: 'recorded', scheduledAt: null },
          { sessionId: live.id, title: 'Live', type: 'live', scheduledAt: at(12).toISOString() },
        ],
      });
    }
    const full = await get(`/api/training/cohorts/${evening.id}`);
    expect(full.body.data).to.include({ status: 'full', seatsLeft: 0, startsAt: null, endsAt: null });
    expect(full.body.data.schedule.map((entry: { scheduledAt: string | null }) => entry.scheduledAt)).to.deep.equal([
      at(2).toISOString(),
      at(10).toISOString(),
    ]);
  });

  it('shows a session with its training title and per-cohort times, without its recording key', async () => {
    const [recorded, live] = fixture.sessions;
    const [morning, evening] = fixture.cohorts;
    for (const prefix of prefixes) {
      const res = await get(`${prefix}/sessions/${live.id}`);
      expect(res.body.data).to.deep.include({ id: live.id, trainingTitle: fixture.product.title, hasRecording: false, scheduledAt: at(10).toISOString() });
      expect(res.body.data.schedule).to.deep.equal([
        { cohortId: evening.id, cohortName: 'Evening', scheduledAt: at(10).toISOString() },
        { cohortId: morning.id, cohortName: 'Morning', scheduledAt: at(12).toISOString() },
      ]);
      expect(res.body.data).not.to.have.any.keys('recordingKey', 'liveSessionRef');
      expect(res.text).not.to.include(LIVE_REF);
    }
    const withRecording = await get(`/api/trainings/sessions/${recorded.id}`);
    expect(withRecording.body.data).to.include({ hasRecording: true, type: 'recorded', status: 'completed' });
    expect(withRecording.text).not.to.include(RECORDING);
  });

  it('answers 404 with the training codes for unknown ids and for trainings that are not on sale', async () => {
    const hidden: TestTraining[] = [
      await createTraining({ published: false }),
      await createTraining({ status: 'hidden', published: true }),
      await createTraining({ status: 'archived', published: true }),
      await createTraining({ sellable: false }),
    ];
    for (const prefix of prefixes) {
      for (const [path, code] of [
        [`${prefix}/999999999/sessions`, 'TRAINING_NOT_FOUND'],
        [`${prefix}/99999999999/sessions`, 'TRAINING_NOT_FOUND'],
        [`${prefix}/cohorts/999999999`, 'TRAINING_COHORT_NOT_FOUND'],
        [`${prefix}/sessions/999999999`, 'TRAINING_SESSION_NOT_FOUND'],
        ...hidden.flatMap((t) => [
          [`${prefix}/${t.training.id}/sessions`, 'TRAINING_NOT_FOUND'],
          [`${prefix}/cohorts/${t.cohorts[0].id}`, 'TRAINING_COHORT_NOT_FOUND'],
          [`${prefix}/sessions/${t.sessions[0].id}`, 'TRAINING_SESSION_NOT_FOUND'],
        ]),
      ]) {
        const res = await get(path, 404);
        expect(res.body.errorCode, path).to.equal(code);
      }
    }
  });

  it('answers 400 for a malformed id, 401 without a token and 403 to an admin token', async () => {
    expect((await get('/api/training/cohorts/abc', 400)).body.errorCode).to.equal('VALIDATION_ERROR');
    for (const prefix of prefixes) {
      for (const path of [`${prefix}/${fixture.training.id}/sessions`, `${prefix}/cohorts/${fixture.cohorts[0].id}`, `${prefix}/sessions/${fixture.sessions[0].id}`]) {
        expect((await api.http.get(path).expect(401)).body.errorCode).to.equal('UNAUTHORIZED');
        expect((await api.http.get(path).set('Authorization', 'Bearer not.a.jwt').expect(401)).body.errorCode).to.equal('UNAUTHORIZED');
        const admin = await api.http.get(path).set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(403);
        expect(admin.body.errorCode).to.equal('FORBIDDEN');
      }
    }
  });
});
