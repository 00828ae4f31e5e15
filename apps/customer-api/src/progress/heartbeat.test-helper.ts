import { expect } from 'chai';
// Imported, not global: this file is not a spec, so the app's tsconfig (types: node) also reads it.
import { before, beforeEach } from 'mocha';
import type { Response } from 'supertest';
import { CourseProgressModel, LessonModel, WatchEventModel } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { RateLimiters } from '@platform/redis';
import {
  buildTestApp,
  createCourse,
  createCustomer,
  grantAccess,
  invalidTokenCases,
  TestApp,
  TestCourse,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/** The largest PostgreSQL integer. */
export const MAX_INT = 2_147_483_647;
export const PREFIXES = ['/api', '/api/mobile'] as const;
export type Prefix = (typeof PREFIXES)[number];

export interface HeartbeatBody {
  watchPosition?: unknown;
  totalWatchedSeconds?: unknown;
  eventType?: unknown;
  [field: string]: unknown;
}

/** A customer with lifetime access to a fresh course (one topic, lessons of 600 s and 660 s). */
export interface HeartbeatFixture {
  course: TestCourse;
  courseId: number;
  customer: TestCustomer;
  /** The first lesson: videoDurationSeconds 600. */
  lesson: LessonModel;
  /** The second lesson: videoDurationSeconds 660. */
  other: LessonModel;
  auth: string;
}

export const heartbeatPath = (courseId: number | string, lessonId: number | string, prefix: Prefix = '/api') =>
  `${prefix}/courses/${courseId}/lessons/${lessonId}/heartbeat`;

export const progressRow = (userId: string, lessonId: number) => CourseProgressModel.findOne({ where: { userId, lessonId } });
/** The row, which must exist. */
export async function storedRow(userId: string, lessonId: number): Promise<CourseProgressModel> {
  const row = await progressRow(userId, lessonId);
  if (!row) throw new Error(`no course_progress row for user ${userId}, lesson ${lessonId}`);
  return row;
}
export const eventRows = (userId: string, lessonId: number) =>
  WatchEventModel.findAll({ where: { userId, lessonId }, order: [['id', 'ASC']] });
/** [eventType, watchPosition, totalWatchedSeconds] of each watch_events row, oldest first. */
export const eventValues = async (userId: string, lessonId: number) =>
  (await eventRows(userId, lessonId)).map((event) => [event.eventType, event.watchPosition, event.totalWatchedSeconds]);

/** Nothing at all written for this user and lesson. */
export async function expectNothingWritten(userId: string, lessonId: number): Promise<void> {
  expect(await progressRow(userId, lessonId), 'course_progress row').to.equal(null);
  expect(await WatchEventModel.count({ where: { userId, lessonId } }), 'watch_events rows').to.equal(0);
}

/** The Authorization header of one of invalidTokenCases('customer', sub), by its label. */
export function tokenCase(label: string, sub: string): string | undefined {
  const found = invalidTokenCases('customer', sub).find(([name]) => name === label);
  if (!found) throw new Error(`no invalid token case "${label}"`);
  return found[1];
}

export function expectError(res: Response, status: number, errorCode: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.errorCode).to.equal(errorCode);
  expect(res.body.message).to.be.a('string').and.not.equal('');
  expect(res.body).not.to.have.property('data');
}

/**
 * One customer-api for the calling `describe`, with the helpers that drive its heartbeat route.
 * Call it at the top of a describe: it registers that describe's hooks, a `before` that builds the
 * app (with the clock below as its Clock) and a `beforeEach` that sets the clock to now.
 *
 *   describe('Video heartbeat (customer-api)', () => {
 *     const hb = heartbeatTestContext();
 *     it('...', async () => { const fx = await hb.enrolled(); await hb.beat(fx, body).expect(200); });
 *   });
 */
export function heartbeatTestContext() {
  let testApp: TestApp | undefined;
  // The time RecordHeartbeatUseCase writes (updated_at, completed_at) and checks access at.
  const clock = { now: new Date() };

  before(async () => {
    testApp = await buildTestApp(createCustomerApi);
    testApp.app.container.set(Clock, fixedClock(clock));
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  function api(): TestApp {
    if (!testApp) throw new Error('heartbeatTestContext: the app is built in a before hook; use it from a hook or a test');
    return testApp;
  }

  const limitSeconds = () => api().infra.config.limits.heartbeatRateLimitSeconds;
  /** Clears the heartbeat limiter of `customer:<userId>` (or another subject) on one lesson. */
  const resetLimit = (userId: string, lessonId: number | string, subject = `customer:${userId}`) =>
    api()
      .app.container.get(RateLimiters)
      .reset({ name: 'heartbeat', points: 1, durationSeconds: limitSeconds() }, `${subject}:lesson:${lessonId}`);

  function post(courseId: number | string, lessonId: number | string, authorization: string | undefined, body: HeartbeatBody, prefix: Prefix = '/api') {
    const req = api().http.post(heartbeatPath(courseId, lessonId, prefix));
    if (authorization !== undefined) req.set('Authorization', authorization);
    return req.send(body);
  }

  async function enrolled(): Promise<HeartbeatFixture> {
    const course = await createCourse({ lessonsPerTopic: [2] });
    const customer = await createCustomer(api().app.container);
    await grantAccess(customer.id, course.product.id);
    const [lesson, other] = course.topics[0].lessons;
    return { course, courseId: course.course.id, customer, lesson, other, auth: `Bearer ${customer.accessToken}` };
  }

  /**
   * The fixture customer's heartbeat on `lesson` (default the 600 s one) at `at` (default now), with
   * its limiter cleared first. Like supertest, `.expect(status)` asserts the status.
   */
  function beat(fx: HeartbeatFixture, body: HeartbeatBody, options: { lesson?: LessonModel; prefix?: Prefix; at?: Date } = {}) {
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

  return {
    /** The app, built by the `before` hook. */
    get api(): TestApp {
      return api();
    },
    clock,
    limitSeconds,
    resetLimit,
    post,
    enrolled,
    beat,
  };
}
