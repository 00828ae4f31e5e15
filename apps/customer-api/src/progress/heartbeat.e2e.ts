import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { Response } from 'supertest';
import { v7 as uuidv7 } from 'uuid';
import { CourseProgressModel, LessonModel, UserModel, WatchEventModel } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { RateLimiters } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  customerToken,
  grantAccess,
  invalidTokenCases,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
  TestCourse,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const HOUR = 3_600_000;
const MAX_INT = 2_147_483_647;
const PREFIXES = ['/api', '/api/mobile'] as const;
type Prefix = (typeof PREFIXES)[number];

interface HeartbeatBody {
  watchPosition?: unknown;
  totalWatchedSeconds?: unknown;
  eventType?: unknown;
  [field: string]: unknown;
}

/** A customer with lifetime access to a fresh course (one topic, lessons of 600 s and 660 s). */
interface Fixture {
  course: TestCourse;
  courseId: number;
  customer: TestCustomer;
  /** The first lesson: videoDurationSeconds 600. */
  lesson: LessonModel;
  /** The second lesson: videoDurationSeconds 660. */
  other: LessonModel;
  auth: string;
}

const heartbeatPath = (courseId: number | string, lessonId: number | string, prefix: Prefix = '/api') =>
  `${prefix}/courses/${courseId}/lessons/${lessonId}/heartbeat`;

const progressRow = (userId: string, lessonId: number) => CourseProgressModel.findOne({ where: { userId, lessonId } });
/** The row, which must exist. */
async function storedRow(userId: string, lessonId: number): Promise<CourseProgressModel> {
  const row = await progressRow(userId, lessonId);
  if (!row) throw new Error(`no course_progress row for user ${userId}, lesson ${lessonId}`);
  return row;
}
const eventRows = (userId: string, lessonId: number) =>
  WatchEventModel.findAll({ where: { userId, lessonId }, order: [['id', 'ASC']] });
const eventValues = async (userId: string, lessonId: number) =>
  (await eventRows(userId, lessonId)).map((event) => [event.eventType, event.watchPosition, event.totalWatchedSeconds]);

/** Nothing at all written for this user and lesson. */
async function expectNothingWritten(userId: string, lessonId: number): Promise<void> {
  expect(await progressRow(userId, lessonId), 'course_progress row').to.equal(null);
  expect(await WatchEventModel.count({ where: { userId, lessonId } }), 'watch_events rows').to.equal(0);
}

/** The Authorization header of one of invalidTokenCases('customer', sub), by its label. */
function tokenCase(label: string, sub: string): string | undefined {
  const found = invalidTokenCases('customer', sub).find(([name]) => name === label);
  if (!found) throw new Error(`no invalid token case "${label}"`);
  return found[1];
}

function expectError(res: Response, status: number, errorCode: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.errorCode).to.equal(errorCode);
  expect(res.body.message).to.be.a('string').and.not.equal('');
  expect(res.body).not.to.have.property('data');
}

/**
 * learning-commerce.md, "Video progress and resume" (heartbeat rules 1-5), "Video progress
 * records", "Lesson completion", "Errors: Video progress" and "Limits";
 * POST /api/courses/:courseId/lessons/:lessonId/heartbeat and its /api/mobile twin.
 */
describe('Video heartbeat (customer-api)', () => {
  let api: TestApp;
  // The time RecordHeartbeatUseCase writes (updated_at, completed_at) and checks access at.
  const clock = { now: new Date() };

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock(clock));
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  const limitSeconds = () => api.infra.config.limits.heartbeatRateLimitSeconds;
  /** Clears the heartbeat limiter of `customer:<userId>` (or another subject) on one lesson. */
  const resetLimit = (userId: string, lessonId: number | string, subject = `customer:${userId}`) =>
    api.app.container
      .get(RateLimiters)
      .reset({ name: 'heartbeat', points: 1, durationSeconds: limitSeconds() }, `${subject}:lesson:${lessonId}`);

  function post(courseId: number | string, lessonId: number | string, authorization: string | undefined, body: HeartbeatBody, prefix: Prefix = '/api') {
    const req = api.http.post(heartbeatPath(courseId, lessonId, prefix));
    if (authorization !== undefined) req.set('Authorization', authorization);
    return req.send(body);
  }

  async function enrolled(): Promise<Fixture> {
    const course = await createCourse({ lessonsPerTopic: [2] });
    const customer = await createCustomer(api.app.container);
    await grantAccess(customer.id, course.product.id);
    const [lesson, other] = course.topics[0].lessons;
    return { course, courseId: course.course.id, customer, lesson, other, auth: `Bearer ${customer.accessToken}` };
  }

  /**
   * The fixture customer's heartbeat on `lesson` (default the 600 s one) at `at` (default now), with
   * its limiter cleared first. Like supertest, `.expect(status)` asserts the status.
   */
  function beat(fx: Fixture, body: HeartbeatBody, options: { lesson?: LessonModel; prefix?: Prefix; at?: Date } = {}) {
    const lesson = options.lesson ?? fx.lesson;
    if (options.at) clock.now = options.at;
    const response = resetLimit(fx.customer.id, lesson.id).then(() => post(fx.courseId, lesson.id, fx.auth, body, options.prefix));
    return Object.assign(response, {
      expect: async (status: number): Promise<Response> => {
        const res = await response;
        expect(res.status, JSON.stringify(res.body)).to.equal(status);
        return res;
      },
    });
  }

  describe('a processed heartbeat', () => {
    for (const prefix of PREFIXES) {
      it(`on ${prefix}: answers 200 "heartbeat processed" with the progress and writes one course_progress row and one watch_events row`, async () => {
        const fx = await enrolled();
        const at = new Date(Date.now() - 5_000);
        const before = Date.now();
        const res = await beat(fx, { watchPosition: 120, totalWatchedSeconds: 150 }, { prefix, at }).expect(200);
        expect(res.body).to.deep.equal({
          message: 'heartbeat processed',
          data: { watchPosition: 120, totalWatchedSeconds: 150, isCompleted: false, watchPercentage: 25 },
        });

        const row = (await storedRow(fx.customer.id, fx.lesson.id));
        expect(row.get({ plain: true })).to.deep.include({
          userId: fx.customer.id,
          lessonId: fx.lesson.id,
          courseId: fx.courseId,
          watchPosition: 120,
          totalWatchedSeconds: 150,
          isCompleted: false,
          completedAt: null,
        });
        expect(row.createdAt.toISOString()).to.equal(at.toISOString());
        expect(row.updatedAt.toISOString()).to.equal(at.toISOString());
        expect(await CourseProgressModel.count({ where: { userId: fx.customer.id } })).to.equal(1);

        const events = await eventRows(fx.customer.id, fx.lesson.id);
        expect(events.map((event) => event.get({ plain: true }))).to.have.length(1);
        expect(events[0].get({ plain: true })).to.deep.include({
          userId: fx.customer.id,
          lessonId: fx.lesson.id,
          eventType: 'heartbeat',
          watchPosition: 120,
          totalWatchedSeconds: 150,
        });
        // created_at is the server's time of the insert, not the application clock.
        expect(events[0].createdAt.getTime()).to.be.within(before - 2_000, Date.now() + 2_000);
      });
    }

    it('creates the row on a first heartbeat at position 0: 0 s watched is 0 %, not null', async () => {
      const fx = await enrolled();
      const res = await beat(fx, { watchPosition: 0, totalWatchedSeconds: 0 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 0, totalWatchedSeconds: 0, isCompleted: false, watchPercentage: 0 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({
        watchPosition: 0,
        totalWatchedSeconds: 0,
        isCompleted: false,
      });
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 0, 0]]);
    });

    it('keeps one row per lesson: heartbeats on two lessons of the course write two rows, each with its own values', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 30, totalWatchedSeconds: 30 }).expect(200);
      const res = await beat(fx, { watchPosition: 66, totalWatchedSeconds: 66 }, { lesson: fx.other }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 66, totalWatchedSeconds: 66, isCompleted: false, watchPercentage: 10 });
      const rows = await CourseProgressModel.findAll({ where: { userId: fx.customer.id }, order: [['lessonId', 'ASC']] });
      expect(rows.map((row) => [row.lessonId, row.courseId, row.watchPosition, row.totalWatchedSeconds])).to.deep.equal([
        [fx.lesson.id, fx.courseId, 30, 30],
        [fx.other.id, fx.courseId, 66, 66],
      ]);
    });

    it('ignores body fields it does not know (a client cannot set isCompleted or another user)', async () => {
      const fx = await enrolled();
      const stranger = await createCustomer(api.app.container);
      const res = await beat(fx, {
        watchPosition: 10,
        totalWatchedSeconds: 10,
        isCompleted: true,
        watchPercentage: 100,
        userId: stranger.id,
        completedAt: '2020-01-01T00:00:00.000Z',
      }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 10, totalWatchedSeconds: 10, isCompleted: false, watchPercentage: 1.66 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({ isCompleted: false, completedAt: null });
      expect(await CourseProgressModel.count({ where: { userId: stranger.id } })).to.equal(0);
    });

    it('accepts 2147483647 (the largest PostgreSQL integer) for both values', async () => {
      const fx = await enrolled();
      const res = await beat(fx, { watchPosition: MAX_INT, totalWatchedSeconds: MAX_INT }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: MAX_INT, totalWatchedSeconds: MAX_INT, isCompleted: true, watchPercentage: 100 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({
        watchPosition: MAX_INT,
        totalWatchedSeconds: MAX_INT,
        isCompleted: true,
      });
    });
  });

  describe('position and watched total (rule 2)', () => {
    it('moves the position forward and keeps the greatest watched total ever stored', async () => {
      const fx = await enrolled();
      const t1 = new Date(Date.now() - 60_000);
      const t2 = new Date(Date.now() - 50_000);
      const t3 = new Date(Date.now() - 40_000);
      expect((await beat(fx, { watchPosition: 100, totalWatchedSeconds: 150 }, { at: t1 }).expect(200)).body.data).to.deep.equal({
        watchPosition: 100,
        totalWatchedSeconds: 150,
        isCompleted: false,
        watchPercentage: 25,
      });
      // Position advanced, total went down (a client bug): the total stays the greater.
      expect((await beat(fx, { watchPosition: 200, totalWatchedSeconds: 120 }, { at: t2 }).expect(200)).body.data).to.deep.equal({
        watchPosition: 200,
        totalWatchedSeconds: 150,
        isCompleted: false,
        watchPercentage: 25,
      });
      expect((await beat(fx, { watchPosition: 300, totalWatchedSeconds: 330 }, { at: t3 }).expect(200)).body.data).to.deep.equal({
        watchPosition: 300,
        totalWatchedSeconds: 330,
        isCompleted: false,
        watchPercentage: 55,
      });
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect([row.watchPosition, row.totalWatchedSeconds, row.isCompleted]).to.deep.equal([300, 330, false]);
      expect(row.createdAt.toISOString()).to.equal(t1.toISOString());
      expect(row.updatedAt.toISOString()).to.equal(t3.toISOString());
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([
        ['heartbeat', 100, 150],
        ['heartbeat', 200, 120],
        ['heartbeat', 300, 330],
      ]);
    });

    it('a heartbeat whose position does not advance changes no column (updated_at included), answers the stored progress and is still logged', async () => {
      const fx = await enrolled();
      const t1 = new Date(Date.now() - 60_000);
      await beat(fx, { watchPosition: 300, totalWatchedSeconds: 300 }, { at: t1 }).expect(200);
      const stored = { watchPosition: 300, totalWatchedSeconds: 300, isCompleted: false, watchPercentage: 50 };

      // Backwards (a rewind), with a total above the threshold: nothing moves, not even the total.
      const back = await beat(fx, { watchPosition: 250, totalWatchedSeconds: 580 }, { at: new Date(Date.now() - 50_000) }).expect(200);
      expect(back.body).to.deep.equal({ message: 'heartbeat processed', data: stored });
      // The same position again.
      const same = await beat(fx, { watchPosition: 300, totalWatchedSeconds: 590, eventType: 'pause' }, { at: new Date(Date.now() - 40_000) }).expect(200);
      expect(same.body.data).to.deep.equal(stored);

      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.get({ plain: true })).to.deep.include({ watchPosition: 300, totalWatchedSeconds: 300, isCompleted: false, completedAt: null });
      expect(row.updatedAt.toISOString(), 'updated_at unchanged').to.equal(t1.toISOString());
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([
        ['heartbeat', 300, 300],
        ['heartbeat', 250, 580],
        ['pause', 300, 590],
      ]);

      // The next advancing heartbeat takes its own total (the refused 580 and 590 were never stored).
      const t4 = new Date(Date.now() - 30_000);
      const next = await beat(fx, { watchPosition: 301, totalWatchedSeconds: 310 }, { at: t4 }).expect(200);
      expect(next.body.data).to.deep.equal({ watchPosition: 301, totalWatchedSeconds: 310, isCompleted: false, watchPercentage: 51.66 });
      const moved = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(moved.updatedAt.toISOString()).to.equal(t4.toISOString());
    });
  });

  describe('completion (rule 3, "Lesson completion") and watchPercentage (rule 4)', () => {
    it('completes a 600 s lesson at 540 s watched (90 %), not at 539 s; completed_at is the time of that heartbeat', async () => {
      const fx = await enrolled();
      expect(fx.lesson.videoDurationSeconds).to.equal(600);
      const below = await beat(fx, { watchPosition: 539, totalWatchedSeconds: 539 }).expect(200);
      expect(below.body.data).to.deep.equal({ watchPosition: 539, totalWatchedSeconds: 539, isCompleted: false, watchPercentage: 89.83 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({ isCompleted: false, completedAt: null });

      const at = new Date(Date.now() - 1_000);
      const reached = await beat(fx, { watchPosition: 540, totalWatchedSeconds: 540 }, { at }).expect(200);
      expect(reached.body.data).to.deep.equal({ watchPosition: 540, totalWatchedSeconds: 540, isCompleted: true, watchPercentage: 90 });
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.isCompleted).to.equal(true);
      expect(row.completedAt?.toISOString()).to.equal(at.toISOString());
    });

    it('completes on the first heartbeat when it already reaches the threshold (the row is created completed)', async () => {
      const fx = await enrolled();
      const at = new Date(Date.now() - 2_000);
      const res = await beat(fx, { watchPosition: 10, totalWatchedSeconds: 540 }, { at }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 10, totalWatchedSeconds: 540, isCompleted: true, watchPercentage: 90 });
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.isCompleted).to.equal(true);
      expect(row.completedAt?.toISOString()).to.equal(at.toISOString());
    });

    it('uses the watched total, not the position: a position at the end with 539 s watched is not complete', async () => {
      const fx = await enrolled();
      const res = await beat(fx, { watchPosition: 600, totalWatchedSeconds: 539 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 600, totalWatchedSeconds: 539, isCompleted: false, watchPercentage: 89.83 });
    });

    it('latches completion: later heartbeats keep isCompleted and the first completed_at, even once the video got longer', async () => {
      const fx = await enrolled();
      const t1 = new Date(Date.now() - 60_000);
      await beat(fx, { watchPosition: 560, totalWatchedSeconds: 560 }, { at: t1 }).expect(200);

      const t2 = new Date(Date.now() - 50_000);
      const later = await beat(fx, { watchPosition: 600, totalWatchedSeconds: 600 }, { at: t2 }).expect(200);
      expect(later.body.data).to.deep.equal({ watchPosition: 600, totalWatchedSeconds: 600, isCompleted: true, watchPercentage: 100 });
      let row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.completedAt?.toISOString()).to.equal(t1.toISOString());
      expect(row.updatedAt.toISOString()).to.equal(t2.toISOString());

      // A longer video (re-upload): 700 of 6000 s is 11.66 %, far below 90 %, and the lesson stays completed.
      await fx.lesson.update({ videoDurationSeconds: 6_000 });
      const t3 = new Date(Date.now() - 40_000);
      const longer = await beat(fx, { watchPosition: 700, totalWatchedSeconds: 700 }, { at: t3 }).expect(200);
      expect(longer.body.data).to.deep.equal({ watchPosition: 700, totalWatchedSeconds: 700, isCompleted: true, watchPercentage: 11.66 });
      row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.get({ plain: true })).to.deep.include({ watchPosition: 700, totalWatchedSeconds: 700, isCompleted: true });
      expect(row.completedAt?.toISOString()).to.equal(t1.toISOString());
      expect(row.updatedAt.toISOString()).to.equal(t3.toISOString());

      // A non-advancing heartbeat answers the stored, completed progress.
      const back = await beat(fx, { watchPosition: 5, totalWatchedSeconds: 5 }).expect(200);
      expect(back.body.data).to.deep.equal({ watchPosition: 700, totalWatchedSeconds: 700, isCompleted: true, watchPercentage: 11.66 });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).completedAt?.toISOString()).to.equal(t1.toISOString());
    });

    it('caps watchPercentage at 100 when more than the video was watched', async () => {
      const fx = await enrolled();
      const res = await beat(fx, { watchPosition: 10, totalWatchedSeconds: 1_500 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 10, totalWatchedSeconds: 1_500, isCompleted: true, watchPercentage: 100 });
      const beyond = await beat(fx, { watchPosition: 900, totalWatchedSeconds: 1_600 }).expect(200);
      expect(beyond.body.data).to.deep.equal({ watchPosition: 900, totalWatchedSeconds: 1_600, isCompleted: true, watchPercentage: 100 });
    });

    it('truncates watchPercentage to 2 decimals (1 s of 600 s is 0.16; 100 s of 660 s is 15.15)', async () => {
      const fx = await enrolled();
      expect((await beat(fx, { watchPosition: 1, totalWatchedSeconds: 1 }).expect(200)).body.data.watchPercentage).to.equal(0.16);
      expect(fx.other.videoDurationSeconds).to.equal(660);
      const res = await beat(fx, { watchPosition: 100, totalWatchedSeconds: 100 }, { lesson: fx.other }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 100, totalWatchedSeconds: 100, isCompleted: false, watchPercentage: 15.15 });
      // 593 of 660 s is 89.848 % (shown 89.84, never rounded up towards the threshold): not complete; 594 s is exactly 90 %.
      expect((await beat(fx, { watchPosition: 593, totalWatchedSeconds: 593 }, { lesson: fx.other }).expect(200)).body.data).to.deep.equal({
        watchPosition: 593,
        totalWatchedSeconds: 593,
        isCompleted: false,
        watchPercentage: 89.84,
      });
      expect((await beat(fx, { watchPosition: 594, totalWatchedSeconds: 594 }, { lesson: fx.other }).expect(200)).body.data).to.deep.equal({
        watchPosition: 594,
        totalWatchedSeconds: 594,
        isCompleted: true,
        watchPercentage: 90,
      });
    });

    it('answers watchPercentage null and never completes a lesson without a video duration', async () => {
      const fx = await enrolled();
      await fx.lesson.update({ videoDurationSeconds: null });
      const res = await beat(fx, { watchPosition: 100, totalWatchedSeconds: 99_999 }).expect(200);
      expect(res.body.data).to.deep.equal({ watchPosition: 100, totalWatchedSeconds: 99_999, isCompleted: false, watchPercentage: null });
      const again = await beat(fx, { watchPosition: 200, totalWatchedSeconds: 100_000 }).expect(200);
      expect(again.body.data).to.deep.equal({ watchPosition: 200, totalWatchedSeconds: 100_000, isCompleted: false, watchPercentage: null });
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({
        watchPosition: 200,
        totalWatchedSeconds: 100_000,
        isCompleted: false,
        completedAt: null,
      });
    });
  });

  describe('eventType', () => {
    it('records each player event type as sent (play, pause, seek, ended), and heartbeat when it is absent or null', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 1, totalWatchedSeconds: 1 }).expect(200);
      let position = 1;
      for (const eventType of ['play', 'pause', 'seek', 'ended']) {
        position += 10;
        await beat(fx, { watchPosition: position, totalWatchedSeconds: position, eventType }).expect(200);
      }
      await beat(fx, { watchPosition: 100, totalWatchedSeconds: 100, eventType: null }).expect(200);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([
        ['heartbeat', 1, 1],
        ['play', 11, 11],
        ['pause', 21, 21],
        ['seek', 31, 31],
        ['ended', 41, 41],
        ['heartbeat', 100, 100],
      ]);
    });

    for (const [label, eventType] of [
      ['an unknown event type', 'rewind'],
      ['an upper-case event type', 'PLAY'],
      ['an empty event type', ''],
      ['a number', 1],
      ['an array', ['play']],
    ] as Array<[string, unknown]>) {
      it(`refuses ${label} with 400 VALIDATION_ERROR and writes nothing`, async () => {
        const fx = await enrolled();
        const res = await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10, eventType });
        expectError(res, 400, 'VALIDATION_ERROR');
        expect(res.body.errors.map((error: { field: string }) => error.field)).to.include('eventType');
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }
  });

  describe('body validation: 400 VALIDATION_ERROR, nothing written', () => {
    let fx: Fixture;
    before(async () => {
      fx = await enrolled();
    });

    const cases: Array<[string, HeartbeatBody, string]> = [
      ['a negative watchPosition', { watchPosition: -1, totalWatchedSeconds: 10 }, 'watchPosition'],
      ['a negative totalWatchedSeconds', { watchPosition: 10, totalWatchedSeconds: -1 }, 'totalWatchedSeconds'],
      ['a fractional watchPosition', { watchPosition: 10.5, totalWatchedSeconds: 10 }, 'watchPosition'],
      ['a fractional totalWatchedSeconds', { watchPosition: 10, totalWatchedSeconds: 0.5 }, 'totalWatchedSeconds'],
      ['a numeric string watchPosition', { watchPosition: '10', totalWatchedSeconds: 10 }, 'watchPosition'],
      ['a numeric string totalWatchedSeconds', { watchPosition: 10, totalWatchedSeconds: '10' }, 'totalWatchedSeconds'],
      ['a boolean watchPosition', { watchPosition: true, totalWatchedSeconds: 10 }, 'watchPosition'],
      ['a null totalWatchedSeconds', { watchPosition: 10, totalWatchedSeconds: null }, 'totalWatchedSeconds'],
      ['a missing watchPosition', { totalWatchedSeconds: 10 }, 'watchPosition'],
      ['a missing totalWatchedSeconds', { watchPosition: 10 }, 'totalWatchedSeconds'],
      ['an empty body', {}, 'watchPosition'],
      ['a watchPosition of 2147483648', { watchPosition: MAX_INT + 1, totalWatchedSeconds: 10 }, 'watchPosition'],
      ['a totalWatchedSeconds of 2147483648', { watchPosition: 10, totalWatchedSeconds: MAX_INT + 1 }, 'totalWatchedSeconds'],
      ['a watchPosition of 1e20', { watchPosition: 1e20, totalWatchedSeconds: 10 }, 'watchPosition'],
    ];
    for (const [label, body, field] of cases) {
      it(`refuses ${label}`, async () => {
        const res = await beat(fx, body);
        expectError(res, 400, 'VALIDATION_ERROR');
        expect(res.body.errors.map((error: { field: string }) => error.field)).to.include(field);
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }

    it('refuses a body that is not JSON with 400 and writes nothing', async () => {
      await resetLimit(fx.customer.id, fx.lesson.id);
      const res = await api.http
        .post(heartbeatPath(fx.courseId, fx.lesson.id))
        .set('Authorization', fx.auth)
        .set('Content-Type', 'application/json')
        .send('{"watchPosition": 10,');
      expectError(res, 400, 'VALIDATION_ERROR');
      await expectNothingWritten(fx.customer.id, fx.lesson.id);
    });
  });

  describe('order of checks (rule 5: rate limit, token, body, access, lesson)', () => {
    it('limits expired tokens before judging them, in a window of their own: a leaked old token neither spends nor shares the live user\'s', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      const expired = tokenCase('an expired token', fx.customer.id);
      // The live window is spent, but the expired token is counted apart: refused for what it is.
      expectError(await post(fx.courseId, fx.lesson.id, expired, { watchPosition: 20, totalWatchedSeconds: 20 }), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      // Its own window is spent now: the limit answers before the token is looked at.
      expectError(await post(fx.courseId, fx.lesson.id, expired, { watchPosition: 20, totalWatchedSeconds: 20 }), 429, 'RATE_LIMIT_EXCEEDED');
      // On a lesson the user has not beaten yet, the expired token does not spend the live window.
      expectError(await post(fx.courseId, fx.other.id, expired, { watchPosition: 5, totalWatchedSeconds: 5 }), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      expect((await post(fx.courseId, fx.other.id, fx.auth, { watchPosition: 30, totalWatchedSeconds: 30 })).status).to.equal(200);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('answers no token on a course the caller cannot access with 401, not 403', async () => {
      const course = await createCourse();
      const res = await post(course.course.id, course.topics[0].lessons[0].id, undefined, { watchPosition: 1, totalWatchedSeconds: 1 });
      expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
    });

    it('answers the token of a user that does not exist on a course without access with 401, not 403', async () => {
      const course = await createCourse();
      const res = await post(course.course.id, course.topics[0].lessons[0].id, `Bearer ${customerToken(api.app.container, uuidv7())}`, {
        watchPosition: 1,
        totalWatchedSeconds: 1,
      });
      expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
    });

    it('answers an invalid body with 401 without a token, 403 with an admin token, and 400 for a customer without access (body before access)', async () => {
      const course = await createCourse();
      const lessonId = course.topics[0].lessons[0].id;
      const outsider = await createCustomer(api.app.container);
      const body = { watchPosition: -5, totalWatchedSeconds: 'x' };
      expectError(await post(course.course.id, lessonId, undefined, body), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      expectError(await post(course.course.id, lessonId, `Bearer ${adminToken(api.app.container, ['*'])}`, body), 403, 'FORBIDDEN');
      expectError(await post(course.course.id, lessonId, `Bearer ${outsider.accessToken}`, body), 400, 'VALIDATION_ERROR');
    });

    it('answers a customer without access with 403 even when the lesson is missing, disabled or malformed (access before lesson)', async () => {
      const course = await createCourse();
      const outsider = await createCustomer(api.app.container);
      const disabled = course.topics[0].lessons[1];
      await disabled.update({ isEnabled: false });
      for (const lessonId of [MAX_INT, disabled.id, 'abc']) {
        await resetLimit(outsider.id, lessonId);
        const res = await post(course.course.id, lessonId, `Bearer ${outsider.accessToken}`, { watchPosition: 1, totalWatchedSeconds: 1 });
        expectError(res, 403, 'HEARTBEAT_NOT_ENROLLED');
      }
    });

    it('answers an invalid body on a missing lesson with 400, not 404', async () => {
      const fx = await enrolled();
      await resetLimit(fx.customer.id, MAX_INT);
      expectError(await post(fx.courseId, MAX_INT, fx.auth, { watchPosition: 1.5, totalWatchedSeconds: 1 }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('rate limit: one heartbeat per HEARTBEAT_RATE_LIMIT_SECONDS per user and lesson', () => {
    it('runs with the default of 8 seconds', () => {
      expect(limitSeconds()).to.equal(8);
    });

    it('answers a second heartbeat within the window with 429 RATE_LIMIT_EXCEEDED and Retry-After, writing nothing', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      const res = await post(fx.courseId, fx.lesson.id, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 });
      expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
      expect(Object.keys(res.body).sort()).to.deep.equal(['errorCode', 'message']);
      expect(res.headers['retry-after']).to.match(/^[1-8]$/);
      expect(Number(res.headers['retry-after'])).to.be.within(1, 8);
      expect((await storedRow(fx.customer.id, fx.lesson.id)).watchPosition).to.equal(10);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('counts a zero-padded lesson or course id as the same lesson (07 is 7): no way around the window', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      expectError(await post(fx.courseId, `0${fx.lesson.id}`, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 }), 429, 'RATE_LIMIT_EXCEEDED');
      expectError(await post(`00${fx.courseId}`, `000${fx.lesson.id}`, fx.auth, { watchPosition: 30, totalWatchedSeconds: 30 }), 429, 'RATE_LIMIT_EXCEEDED');
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('shares one window between the web and mobile routes', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }, { prefix: '/api' }).expect(200);
      expectError(await post(fx.courseId, fx.lesson.id, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 }, '/api/mobile'), 429, 'RATE_LIMIT_EXCEEDED');
    });

    it('does not limit the same user on another lesson, nor another user on the same lesson', async () => {
      const fx = await enrolled();
      const second = await createCustomer(api.app.container);
      await grantAccess(second.id, fx.course.product.id);
      await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      await post(fx.courseId, fx.other.id, fx.auth, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      await post(fx.courseId, fx.lesson.id, `Bearer ${second.accessToken}`, { watchPosition: 30, totalWatchedSeconds: 30 }).expect(200);
      expect(await eventValues(second.id, fx.lesson.id)).to.deep.equal([['heartbeat', 30, 30]]);
    });

    it('lets the heartbeat through again once the window is cleared', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      expectError(await post(fx.courseId, fx.lesson.id, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 }), 429, 'RATE_LIMIT_EXCEEDED');
      const res = await beat(fx, { watchPosition: 20, totalWatchedSeconds: 20 }).expect(200);
      expect(res.body.data.watchPosition).to.equal(20);
    });

    it('counts refused heartbeats too: a 404, a 403, a 400 and a 401 each spend the window', async () => {
      const fx = await enrolled();
      const outsider = await createCustomer(api.app.container);
      const valid = { watchPosition: 10, totalWatchedSeconds: 10 };

      await resetLimit(fx.customer.id, MAX_INT);
      expectError(await post(fx.courseId, MAX_INT, fx.auth, valid), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
      expectError(await post(fx.courseId, MAX_INT, fx.auth, valid), 429, 'RATE_LIMIT_EXCEEDED');

      expectError(await post(fx.courseId, fx.lesson.id, `Bearer ${outsider.accessToken}`, valid), 403, 'HEARTBEAT_NOT_ENROLLED');
      expectError(await post(fx.courseId, fx.lesson.id, `Bearer ${outsider.accessToken}`, valid), 429, 'RATE_LIMIT_EXCEEDED');

      expectError(await post(fx.courseId, fx.other.id, fx.auth, { watchPosition: -1, totalWatchedSeconds: 10 }), 400, 'VALIDATION_ERROR');
      expectError(await post(fx.courseId, fx.other.id, fx.auth, valid), 429, 'RATE_LIMIT_EXCEEDED');

      const expired = tokenCase('an expired token', fx.customer.id);
      expectError(await post(fx.courseId, fx.lesson.id, expired, valid), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      expectError(await post(fx.courseId, fx.lesson.id, expired, valid), 429, 'RATE_LIMIT_EXCEEDED');

      await expectNothingWritten(fx.customer.id, fx.lesson.id);
      await expectNothingWritten(fx.customer.id, fx.other.id);
    });

    it('counts tokens that prove no one per client address, so a forged token does not spend the named user\'s window', async () => {
      const fx = await enrolled();
      const forged = tokenCase('a token signed with another key', fx.customer.id);
      const valid = { watchPosition: 10, totalWatchedSeconds: 10 };
      expectError(await post(fx.courseId, fx.lesson.id, forged, valid), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      // The same address again, without any token: its window is spent.
      expectError(await post(fx.courseId, fx.lesson.id, undefined, valid), 429, 'RATE_LIMIT_EXCEEDED');
      // The user the forged token named still has theirs.
      const res = await post(fx.courseId, fx.lesson.id, fx.auth, valid).expect(200);
      expect(res.body.data.watchPosition).to.equal(10);
    });
  });

  describe('token: 401 HEARTBEAT_TOKEN_EXPIRED', () => {
    for (const prefix of PREFIXES) {
      // The cases' labels only: the tokens are made per test, for that test's customer.
      for (const [label] of invalidTokenCases('customer', uuidv7())) {
        it(`refuses ${label} on ${prefix} and writes nothing`, async () => {
          // A fresh course per case: the tokens that prove no one share the client address's window.
          const fx = await enrolled();
          const authorization = tokenCase(label, fx.customer.id);
          const res = await post(fx.courseId, fx.lesson.id, authorization, { watchPosition: 10, totalWatchedSeconds: 10 }, prefix);
          expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
          await expectNothingWritten(fx.customer.id, fx.lesson.id);
        });
      }
    }

    it('refuses a customer token whose sub is not a UUID', async () => {
      const fx = await enrolled();
      const token = jwt.sign({ typ: 'customer' }, TEST_ENV['JWT_SECRET'], { subject: 'not-a-uuid', expiresIn: 600 });
      expectError(await post(fx.courseId, fx.lesson.id, `Bearer ${token}`, { watchPosition: 10, totalWatchedSeconds: 10 }), 401, 'HEARTBEAT_TOKEN_EXPIRED');
    });

    it('refuses the still-valid token of a customer whose user row was deleted', async () => {
      const fx = await enrolled();
      await beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      await UserModel.destroy({ where: { id: fx.customer.id } });
      const res = await beat(fx, { watchPosition: 20, totalWatchedSeconds: 20 });
      expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
      // The user's progress went with the user; the refused heartbeat logged no event (only the first one's stays).
      expect(await progressRow(fx.customer.id, fx.lesson.id)).to.equal(null);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    for (const prefix of PREFIXES) {
      it(`refuses an admin token with 403 FORBIDDEN on ${prefix}, even one holding "*"`, async () => {
        const fx = await enrolled();
        const adminId = uuidv7();
        const res = await post(fx.courseId, fx.lesson.id, `Bearer ${adminToken(api.app.container, ['*'], adminId)}`, {
          watchPosition: 10,
          totalWatchedSeconds: 10,
        }, prefix);
        expectError(res, 403, 'FORBIDDEN');
        expect(await WatchEventModel.count({ where: { userId: adminId } })).to.equal(0);
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }
  });

  describe('access: 403 HEARTBEAT_NOT_ENROLLED', () => {
    const body = { watchPosition: 10, totalWatchedSeconds: 10 };

    it('refuses a customer with no grant at all, writing nothing', async () => {
      const course = await createCourse();
      const outsider = await createCustomer(api.app.container);
      const lesson = course.topics[0].lessons[0];
      for (const prefix of PREFIXES) {
        await resetLimit(outsider.id, lesson.id);
        expectError(await post(course.course.id, lesson.id, `Bearer ${outsider.accessToken}`, body, prefix), 403, 'HEARTBEAT_NOT_ENROLLED');
      }
      await expectNothingWritten(outsider.id, lesson.id);
    });

    it('refuses a time-limited grant that has expired, and accepts one that is still valid', async () => {
      const course = await createCourse();
      const lesson = course.topics[0].lessons[0];
      const [expired, current] = await Promise.all([createCustomer(api.app.container), createCustomer(api.app.container)]);
      await grantAccess(expired.id, course.product.id, { validUntil: new Date(Date.now() - HOUR) });
      await grantAccess(current.id, course.product.id, { validUntil: new Date(Date.now() + HOUR) });
      expectError(await post(course.course.id, lesson.id, `Bearer ${expired.accessToken}`, body), 403, 'HEARTBEAT_NOT_ENROLLED');
      await expectNothingWritten(expired.id, lesson.id);
      await post(course.course.id, lesson.id, `Bearer ${current.accessToken}`, body).expect(200);
    });

    it('refuses a time-limited grant once the clock passes its end', async () => {
      const course = await createCourse();
      const lesson = course.topics[0].lessons[0];
      const customer = await createCustomer(api.app.container);
      const validUntil = new Date(Date.now() + HOUR);
      await grantAccess(customer.id, course.product.id, { validUntil });
      await post(course.course.id, lesson.id, `Bearer ${customer.accessToken}`, body).expect(200);
      await resetLimit(customer.id, lesson.id);
      clock.now = validUntil;
      expectError(await post(course.course.id, lesson.id, `Bearer ${customer.accessToken}`, { watchPosition: 20, totalWatchedSeconds: 20 }), 403, 'HEARTBEAT_NOT_ENROLLED');
      expect(await eventValues(customer.id, lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('refuses a revoked grant', async () => {
      const course = await createCourse();
      const lesson = course.topics[0].lessons[0];
      const customer = await createCustomer(api.app.container);
      await grantAccess(customer.id, course.product.id, { revoked: true });
      expectError(await post(course.course.id, lesson.id, `Bearer ${customer.accessToken}`, body), 403, 'HEARTBEAT_NOT_ENROLLED');
      await expectNothingWritten(customer.id, lesson.id);
    });

    it('refuses a customer whose grant is for a different course', async () => {
      const fx = await enrolled();
      const otherCourse = await createCourse();
      const lesson = otherCourse.topics[0].lessons[0];
      expectError(await post(otherCourse.course.id, lesson.id, fx.auth, body), 403, 'HEARTBEAT_NOT_ENROLLED');
      await expectNothingWritten(fx.customer.id, lesson.id);
    });

    it("does not let one customer's grant serve another", async () => {
      const fx = await enrolled();
      const other = await createCustomer(api.app.container);
      expectError(await post(fx.courseId, fx.lesson.id, `Bearer ${other.accessToken}`, body), 403, 'HEARTBEAT_NOT_ENROLLED');
    });

    for (const courseId of [String(MAX_INT), '0', '-1', 'abc', '1e3', '99999999999', '1.5']) {
      it(`refuses an unknown or malformed courseId (${courseId}), even with the id of a lesson the customer can watch`, async () => {
        const fx = await enrolled();
        expectError(await post(courseId, fx.lesson.id, fx.auth, body), 403, 'HEARTBEAT_NOT_ENROLLED');
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }
  });

  describe('lesson: 404 HEARTBEAT_LESSON_NOT_FOUND', () => {
    const body = { watchPosition: 10, totalWatchedSeconds: 10 };

    for (const lessonId of [String(MAX_INT), '0', 'abc', '-1', '12345678901', '1.5']) {
      it(`refuses a missing or malformed lessonId (${lessonId}) in a course the customer can access`, async () => {
        const fx = await enrolled();
        expectError(await post(fx.courseId, lessonId, fx.auth, body), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
        expect(await WatchEventModel.count({ where: { userId: fx.customer.id } })).to.equal(0);
        expect(await CourseProgressModel.count({ where: { userId: fx.customer.id } })).to.equal(0);
      });
    }

    for (const prefix of PREFIXES) {
      it(`refuses a disabled lesson on ${prefix}, writing nothing`, async () => {
        const fx = await enrolled();
        await fx.lesson.update({ isEnabled: false });
        expectError(await post(fx.courseId, fx.lesson.id, fx.auth, body, prefix), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }

    it('refuses a lesson of another course, even one the customer can access, and accepts it under its own course', async () => {
      const fx = await enrolled();
      const second = await createCourse();
      await grantAccess(fx.customer.id, second.product.id);
      const foreign = second.topics[0].lessons[0];
      expectError(await post(fx.courseId, foreign.id, fx.auth, body), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
      await expectNothingWritten(fx.customer.id, foreign.id);
      await resetLimit(fx.customer.id, foreign.id);
      await post(second.course.id, foreign.id, fx.auth, body).expect(200);
      expect((await storedRow(fx.customer.id, foreign.id)).courseId).to.equal(second.course.id);
    });
  });

  describe('the course_progress_only_forward trigger', () => {
    const update = (set: string, userId: string, lessonId: number) =>
      api.infra.db.sequelize.query(`UPDATE course_progress SET ${set} WHERE user_id = :userId AND lesson_id = :lessonId`, {
        replacements: { userId, lessonId },
      });

    it('refuses an UPDATE written in SQL that moves the position or the total back, unlatches completion or changes completed_at', async () => {
      const fx = await enrolled();
      const at = new Date(Date.now() - 10_000);
      await beat(fx, { watchPosition: 560, totalWatchedSeconds: 560 }, { at }).expect(200);
      for (const set of [
        'watch_position = watch_position - 1',
        'total_watched_seconds = 0',
        'is_completed = false, completed_at = NULL',
        "completed_at = completed_at + interval '1 second'",
        'completed_at = NULL',
      ]) {
        let failure: Error | undefined;
        await update(set, fx.customer.id, fx.lesson.id).catch((error: Error) => {
          failure = error;
        });
        expect(failure?.message, set).to.match(/course_progress only moves forward/);
      }
      const row = (await storedRow(fx.customer.id, fx.lesson.id));
      expect(row.get({ plain: true })).to.deep.include({ watchPosition: 560, totalWatchedSeconds: 560, isCompleted: true });
      expect(row.completedAt?.toISOString()).to.equal(at.toISOString());

      // Forward moves are allowed.
      await update('watch_position = 590, total_watched_seconds = 600', fx.customer.id, fx.lesson.id);
      expect((await storedRow(fx.customer.id, fx.lesson.id)).get({ plain: true })).to.deep.include({ watchPosition: 590, totalWatchedSeconds: 600 });
    });
  });
});

/** The limits from the environment: HEARTBEAT_RATE_LIMIT_SECONDS and COMPLETION_THRESHOLD_PERCENT. */
describe('Video heartbeat with HEARTBEAT_RATE_LIMIT_SECONDS=1 and COMPLETION_THRESHOLD_PERCENT=50 (customer-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    infra = await isolatedInfrastructure('heartbeat-settings', {
      HEARTBEAT_RATE_LIMIT_SECONDS: '1',
      COMPLETION_THRESHOLD_PERCENT: '50',
      REDIS_PREFIX: `${TEST_ENV['REDIS_PREFIX']}:heartbeat-settings`,
    });
    api = await buildTestApp(createCustomerApi, infra);
  });
  after(() => closeTestInfrastructure(infra));

  async function enrolledCustomer() {
    const course = await createCourse();
    const customer = await createCustomer(api.app.container);
    await grantAccess(customer.id, course.product.id);
    const lesson = course.topics[0].lessons[0];
    const send = (body: HeartbeatBody) =>
      api.http.post(heartbeatPath(course.course.id, lesson.id)).set('Authorization', `Bearer ${customer.accessToken}`).send(body);
    return { customer, lesson, send };
  }

  it('limits to one heartbeat per second: Retry-After 1, and the next second the heartbeat passes', async () => {
    const { send } = await enrolledCustomer();
    await send({ watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
    const limited = await send({ watchPosition: 20, totalWatchedSeconds: 20 });
    expectError(limited, 429, 'RATE_LIMIT_EXCEEDED');
    expect(limited.headers['retry-after']).to.equal('1');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await send({ watchPosition: 20, totalWatchedSeconds: 20 }).expect(200);
    expect(res.body.data.watchPosition).to.equal(20);
  });

  it('completes a 600 s lesson at 300 s watched (50 %), not at 299 s', async () => {
    const first = await enrolledCustomer();
    expect((await first.send({ watchPosition: 299, totalWatchedSeconds: 299 }).expect(200)).body.data).to.deep.equal({
      watchPosition: 299,
      totalWatchedSeconds: 299,
      isCompleted: false,
      watchPercentage: 49.83,
    });
    const second = await enrolledCustomer();
    expect((await second.send({ watchPosition: 300, totalWatchedSeconds: 300 }).expect(200)).body.data).to.deep.equal({
      watchPosition: 300,
      totalWatchedSeconds: 300,
      isCompleted: true,
      watchPercentage: 50,
    });
    expect((await storedRow(second.customer.id, second.lesson.id)).isCompleted).to.equal(true);
  });
});
