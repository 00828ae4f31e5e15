import { expect } from 'chai';
import { TrainingCohortSessionModel, TrainingEnrollmentStatus, TrainingModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createEnrollment, createTraining, grantAccess, TestApp, TestCustomer, TestTraining } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';

const RECORDING = 'uploads/video/content-e2e/abc/index.m3u8';
const LIVE_REF = 'https://meet.example.com/session-room';
const COHORT_REF = 'https://meet.example.com/cohort-room';
const prefixes = ['/api/mobile/training', '/api/training', '/api/trainings'];
const FIELDS = ['id', 'title', 'description', 'videoHlsUrl', 'videoTokenExpiresAt', 'liveSessionRef', 'durationMinutes', 'type', 'sessionStatus', 'accessibleVia'];

/** learning-commerce.md "Session content": who gets a session's content, and in which form. */
describe('Training session content and video-token (customer-api)', () => {
  let api: TestApp;
  let fixture: TestTraining;
  let auth: string;
  const newCustomer = async () => {
    const customer = await createCustomer(api.app.container);
    return { ...customer, auth: `Bearer ${customer.accessToken}` };
  };
  /** An enrollment as the enroll flow leaves it; an enrolled one with its order's lifetime product_access row. */
  const enroll = (customer: TestCustomer, training: TestTraining, status: TrainingEnrollmentStatus = 'enrolled') =>
    createEnrollment(api.app.container, { training, customer, status });
  /** An enrolled enrollment whose access is time-limited, ending at `validUntil`. */
  const enrollUntil = async (customer: TestCustomer, training: TestTraining, validUntil: Date) => {
    const { enrollment, access } = await enroll(customer, training);
    await enrollment.update({ accessType: 'time_limited', accessValidUntil: validUntil });
    await access?.update({ accessType: 'time_limited', validUntil });
  };
  const content = (training: number, session: number, bearer: string, prefix = prefixes[0]) =>
    api.http.get(`${prefix}/${training}/sessions/${session}/content`).set('Authorization', bearer);
  const videoToken = (training: number, session: number, bearer: string, prefix = prefixes[0]) =>
    api.http.post(`${prefix}/${training}/sessions/${session}/video-token`).set('Authorization', bearer);
  const session = (title: string) => {
    const found = fixture.sessions.find((s) => s.title === title);
    if (!found) throw new Error(`no session ${title}`);
    return found;
  };
  const expectError = async (res: Promise<{ status: number; body: { errorCode: string } }> | { status: number; body: { errorCode: string } }, status: number, code: string) => {
    const answer = await res;
    expect([answer.status, answer.body.errorCode]).to.deep.equal([status, code]);
  };

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    fixture = await createTraining({
      sessions: [
        { title: 'Recorded', type: 'recorded', status: 'completed', recordingKey: RECORDING, durationMinutes: 45 },
        { title: 'Recorded, no recording', type: 'recorded', status: 'completed' },
        { title: 'Live soon', type: 'live', status: 'scheduled', liveSessionRef: LIVE_REF },
        { title: 'Live now', type: 'live', status: 'live', liveSessionRef: LIVE_REF },
        { title: 'Live over', type: 'live', status: 'completed', liveSessionRef: LIVE_REF },
        { title: 'Live, recorded afterwards', type: 'live', status: 'completed', liveSessionRef: LIVE_REF, recordingKey: RECORDING },
        { title: 'Both, live now', type: 'both', status: 'live', liveSessionRef: LIVE_REF },
        { title: 'Both, recorded', type: 'both', status: 'live', liveSessionRef: LIVE_REF, recordingKey: RECORDING },
        { title: 'Both, soon', type: 'both', status: 'scheduled' },
        { title: 'Cancelled', type: 'recorded', status: 'cancelled', recordingKey: RECORDING },
      ],
    });
    await TrainingCohortSessionModel.create({
      trainingId: fixture.training.id,
      cohortId: fixture.cohorts[0].id,
      sessionId: session('Live now').id,
      liveSessionRef: COHORT_REF,
    });
    const customer = await newCustomer();
    auth = customer.auth;
    await enroll(customer, fixture);
  });

  it('gives an enrolled customer exactly the SessionContentResponseDto fields: a signed videoHlsUrl, never recordingUrl nor the key', async () => {
    const recorded = session('Recorded');
    for (const prefix of prefixes) {
      const before = Date.now();
      const res = await content(fixture.training.id, recorded.id, auth, prefix).expect(200);
      const data = res.body.data;
      expect(Object.keys(data).sort()).to.deep.equal([...FIELDS].sort());
      expect(data).to.not.have.property('recordingUrl');
      expect(res.text).to.not.include(RECORDING).and.not.include('content-e2e');
      expect(data).to.include({ id: recorded.id, title: 'Recorded', description: null, liveSessionRef: null, durationMinutes: 45, type: 'recorded', sessionStatus: 'completed', accessibleVia: 'recording' });
      expect(data.videoHlsUrl).to.match(/^http:\/\/localhost:\d+\/api\/training\/playback\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/index\.m3u8$/);
      // TRAINING_VIDEO_TOKEN_TTL_SECONDS, default 900.
      const expiresAt = Date.parse(data.videoTokenExpiresAt);
      expect(expiresAt).to.be.within(Math.floor(before / 1000) * 1000 + 900_000, Date.now() + 900_000);
    }
  });

  it('opens a live session that is live with the cohort schedule\'s live link and nothing to sign', async () => {
    const res = await content(fixture.training.id, session('Live now').id, auth).expect(200);
    expect(res.body.data).to.include({ accessibleVia: 'live', liveSessionRef: COHORT_REF, videoHlsUrl: null, videoTokenExpiresAt: null, type: 'live', sessionStatus: 'live' });
  });

  it('picks the recording of a both session when it has one, else live while it is live; a live session recorded afterwards plays its recording', async () => {
    const recorded = (await content(fixture.training.id, session('Both, recorded').id, auth).expect(200)).body.data;
    expect(recorded).to.include({ accessibleVia: 'recording', liveSessionRef: LIVE_REF });
    expect(recorded.videoHlsUrl).to.be.a('string');
    const live = (await content(fixture.training.id, session('Both, live now').id, auth).expect(200)).body.data;
    expect(live).to.include({ accessibleVia: 'live', liveSessionRef: LIVE_REF, videoHlsUrl: null });
    const after = (await content(fixture.training.id, session('Live, recorded afterwards').id, auth).expect(200)).body.data;
    expect(after).to.include({ accessibleVia: 'recording' });
  });

  it('refuses a session that cannot be reached now with 409: not live yet, no recording, cancelled', async () => {
    const cases: Array<[string, string]> = [
      ['Live soon', 'TRAINING_SESSION_NOT_LIVE'],
      ['Both, soon', 'TRAINING_SESSION_NOT_LIVE'],
      ['Cancelled', 'TRAINING_SESSION_NOT_LIVE'],
      ['Recorded, no recording', 'TRAINING_RECORDING_NOT_AVAILABLE'],
      ['Live over', 'TRAINING_RECORDING_NOT_AVAILABLE'],
    ];
    for (const [title, code] of cases) {
      await expectError(content(fixture.training.id, session(title).id, auth), 409, code);
      await expectError(videoToken(fixture.training.id, session(title).id, auth), 409, code);
    }
  });

  it('video-token answers a fresh signed URL for recorded playback, and 409 for a session open only live', async () => {
    const first = (await content(fixture.training.id, session('Recorded').id, auth).expect(200)).body.data;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const prefix of prefixes) {
      const res = await videoToken(fixture.training.id, session('Recorded').id, auth, prefix).expect(200);
      expect(Object.keys(res.body.data).sort()).to.deep.equal(['videoHlsUrl', 'videoTokenExpiresAt']);
      expect(res.body.data.videoHlsUrl).to.match(/\/api\/training\/playback\/[^/]+\/index\.m3u8$/).and.not.equal(first.videoHlsUrl);
      expect(Date.parse(res.body.data.videoTokenExpiresAt)).to.be.greaterThan(Date.parse(first.videoTokenExpiresAt));
    }
    await expectError(videoToken(fixture.training.id, session('Live now').id, auth), 409, 'TRAINING_RECORDING_NOT_AVAILABLE');
  });

  it('refuses 403 TRAINING_ACCESS_DENIED without an enrolled enrollment with active access: none, pending, cancelled, access only, access revoked, no access row', async () => {
    const recorded = session('Recorded').id;
    const none = await newCustomer();
    const pending = await newCustomer();
    await enroll(pending, fixture, 'pending');
    const cancelled = await newCustomer();
    await enroll(cancelled, fixture, 'cancelled');
    // product access without an enrollment (an admin grant) is not an enrollment
    const accessOnly = await newCustomer();
    await grantAccess(accessOnly.id, fixture.product.id);
    const revoked = await newCustomer();
    await (await enroll(revoked, fixture)).access?.update({ isRevoked: true, revokedAt: new Date() });
    const noAccessRow = await newCustomer();
    await (await enroll(noAccessRow, fixture)).access?.destroy();
    await grantAccess(noAccessRow.id, fixture.product.id, { revoked: true });
    for (const customer of [none, pending, cancelled, accessOnly, revoked, noAccessRow]) {
      await expectError(content(fixture.training.id, recorded, customer.auth), 403, 'TRAINING_ACCESS_DENIED');
      await expectError(videoToken(fixture.training.id, recorded, customer.auth), 403, 'TRAINING_ACCESS_DENIED');
    }
  });

  it('ends time-limited access when it runs out: 200 before, 403 TRAINING_ACCESS_DENIED after', async () => {
    const limited = await createTraining({ accessDurationDays: 30, sessions: [{ type: 'recorded', recordingKey: RECORDING }] });
    const valid = await newCustomer();
    await enrollUntil(valid, limited, new Date(Date.now() + 86_400_000));
    const ended = await newCustomer();
    await enrollUntil(ended, limited, new Date(Date.now() - 1_000));
    await content(limited.training.id, limited.sessions[0].id, valid.auth).expect(200);
    await expectError(content(limited.training.id, limited.sessions[0].id, ended.auth), 403, 'TRAINING_ACCESS_DENIED');
    await expectError(videoToken(limited.training.id, limited.sessions[0].id, ended.auth), 403, 'TRAINING_ACCESS_DENIED');
  });

  it('answers 404 for an unknown or unpublished training and for a session that is unknown or another training\'s', async () => {
    const other = await createTraining({ sessions: [{ recordingKey: RECORDING }] });
    const draft = await createTraining({ published: false, sessions: [{ recordingKey: RECORDING }] });
    const recorded = session('Recorded').id;
    await expectError(content(2_000_000_000, recorded, auth), 404, 'TRAINING_NOT_FOUND');
    await expectError(content(99_999_999_999, recorded, auth), 404, 'TRAINING_NOT_FOUND');
    await expectError(content(draft.training.id, draft.sessions[0].id, auth), 404, 'TRAINING_NOT_FOUND');
    await expectError(content(fixture.training.id, other.sessions[0].id, auth), 404, 'TRAINING_SESSION_NOT_FOUND');
    await expectError(content(fixture.training.id, 2_000_000_000, auth), 404, 'TRAINING_SESSION_NOT_FOUND');
    await expectError(videoToken(fixture.training.id, other.sessions[0].id, auth), 404, 'TRAINING_SESSION_NOT_FOUND');
    // an id that is not a number is refused by the route's constraint, never looked up
    await expectError(api.http.get(`/api/mobile/training/${fixture.training.id}/sessions/abc/content`).set('Authorization', auth), 400, 'VALIDATION_ERROR');
  });

  it('keeps a hidden or archived training open to its enrolled customers (as a course to its buyers), 404 to everyone else', async () => {
    const held = await createTraining({ sessions: [{ recordingKey: RECORDING }] });
    const enrolled = await newCustomer();
    await enroll(enrolled, held);
    const stranger = await newCustomer();
    for (const status of ['hidden', 'archived'] as const) {
      await TrainingModel.update({ status }, { where: { id: held.training.id } });
      await content(held.training.id, held.sessions[0].id, enrolled.auth).expect(200);
      await videoToken(held.training.id, held.sessions[0].id, enrolled.auth).expect(200);
      await expectError(content(held.training.id, held.sessions[0].id, stranger.auth), 404, 'TRAINING_NOT_FOUND');
    }
  });

  it('needs a customer token: 401 without one, 403 with an admin token', async () => {
    const recorded = session('Recorded').id;
    for (const prefix of prefixes) {
      await expectError(api.http.get(`${prefix}/${fixture.training.id}/sessions/${recorded}/content`), 401, 'UNAUTHORIZED');
      await expectError(api.http.post(`${prefix}/${fixture.training.id}/sessions/${recorded}/video-token`), 401, 'UNAUTHORIZED');
    }
    const admin = `Bearer ${adminToken(api.app.container, ['*'])}`;
    await expectError(content(fixture.training.id, recorded, admin), 403, 'FORBIDDEN');
    await expectError(videoToken(fixture.training.id, recorded, admin), 403, 'FORBIDDEN');
  });
});
