import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createCourse, createCustomer, grantAccess, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import {
  eventValues,
  expectError,
  expectNothingWritten,
  HeartbeatBody,
  heartbeatPath,
  heartbeatTestContext,
  MAX_INT,
  storedRow,
  tokenCase,
} from './heartbeat.test-helper';

/**
 * learning-commerce.md, "Limits": one heartbeat per HEARTBEAT_RATE_LIMIT_SECONDS per user and
 * lesson, counted before any other check (rule 5).
 */
describe('Video heartbeat (customer-api)', () => {
  const hb = heartbeatTestContext();

  describe('rate limit: one heartbeat per HEARTBEAT_RATE_LIMIT_SECONDS per user and lesson', () => {
    it('runs with the default of 8 seconds', () => {
      expect(hb.limitSeconds()).to.equal(8);
    });

    it('answers a second heartbeat within the window with 429 RATE_LIMIT_EXCEEDED and Retry-After, writing nothing', async () => {
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      const res = await hb.post(fx.courseId, fx.lesson.id, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 });
      expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
      expect(Object.keys(res.body).sort()).to.deep.equal(['errorCode', 'message']);
      expect(res.headers['retry-after']).to.match(/^[1-8]$/);
      expect(Number(res.headers['retry-after'])).to.be.within(1, 8);
      expect((await storedRow(fx.customer.id, fx.lesson.id)).watchPosition).to.equal(10);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('counts a zero-padded lesson or course id as the same lesson (07 is 7): no way around the window', async () => {
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      expectError(await hb.post(fx.courseId, `0${fx.lesson.id}`, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 }), 429, 'RATE_LIMIT_EXCEEDED');
      expectError(await hb.post(`00${fx.courseId}`, `000${fx.lesson.id}`, fx.auth, { watchPosition: 30, totalWatchedSeconds: 30 }), 429, 'RATE_LIMIT_EXCEEDED');
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('shares one window between the web and mobile routes', async () => {
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }, { prefix: '/api' }).expect(200);
      expectError(await hb.post(fx.courseId, fx.lesson.id, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 }, '/api/mobile'), 429, 'RATE_LIMIT_EXCEEDED');
    });

    it('does not limit the same user on another lesson, nor another user on the same lesson', async () => {
      const fx = await hb.enrolled();
      const second = await createCustomer(hb.api.app.container);
      await grantAccess(second.id, fx.course.product.id);
      await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      await hb.post(fx.courseId, fx.other.id, fx.auth, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      await hb.post(fx.courseId, fx.lesson.id, `Bearer ${second.accessToken}`, { watchPosition: 30, totalWatchedSeconds: 30 }).expect(200);
      expect(await eventValues(second.id, fx.lesson.id)).to.deep.equal([['heartbeat', 30, 30]]);
    });

    it('lets the heartbeat through again once the window is cleared', async () => {
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      expectError(await hb.post(fx.courseId, fx.lesson.id, fx.auth, { watchPosition: 20, totalWatchedSeconds: 20 }), 429, 'RATE_LIMIT_EXCEEDED');
      const res = await hb.beat(fx, { watchPosition: 20, totalWatchedSeconds: 20 }).expect(200);
      expect(res.body.data.watchPosition).to.equal(20);
    });

    it('counts refused heartbeats too: a 404, a 403, a 400 and a 401 each spend the window', async () => {
      const fx = await hb.enrolled();
      const outsider = await createCustomer(hb.api.app.container);
      const valid = { watchPosition: 10, totalWatchedSeconds: 10 };

      await hb.resetLimit(fx.customer.id, MAX_INT);
      expectError(await hb.post(fx.courseId, MAX_INT, fx.auth, valid), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
      expectError(await hb.post(fx.courseId, MAX_INT, fx.auth, valid), 429, 'RATE_LIMIT_EXCEEDED');

      expectError(await hb.post(fx.courseId, fx.lesson.id, `Bearer ${outsider.accessToken}`, valid), 403, 'HEARTBEAT_NOT_ENROLLED');
      expectError(await hb.post(fx.courseId, fx.lesson.id, `Bearer ${outsider.accessToken}`, valid), 429, 'RATE_LIMIT_EXCEEDED');

      expectError(await hb.post(fx.courseId, fx.other.id, fx.auth, { watchPosition: -1, totalWatchedSeconds: 10 }), 400, 'VALIDATION_ERROR');
      expectError(await hb.post(fx.courseId, fx.other.id, fx.auth, valid), 429, 'RATE_LIMIT_EXCEEDED');

      const expired = tokenCase('an expired token', fx.customer.id);
      expectError(await hb.post(fx.courseId, fx.lesson.id, expired, valid), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      expectError(await hb.post(fx.courseId, fx.lesson.id, expired, valid), 429, 'RATE_LIMIT_EXCEEDED');

      await expectNothingWritten(fx.customer.id, fx.lesson.id);
      await expectNothingWritten(fx.customer.id, fx.other.id);
    });

    it('counts tokens that prove no one per client address, so a forged token does not spend the named user\'s window', async () => {
      const fx = await hb.enrolled();
      const forged = tokenCase('a token signed with another key', fx.customer.id);
      const valid = { watchPosition: 10, totalWatchedSeconds: 10 };
      expectError(await hb.post(fx.courseId, fx.lesson.id, forged, valid), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      // The same address again, without any token: its window is spent.
      expectError(await hb.post(fx.courseId, fx.lesson.id, undefined, valid), 429, 'RATE_LIMIT_EXCEEDED');
      // The user the forged token named still has theirs.
      const res = await hb.post(fx.courseId, fx.lesson.id, fx.auth, valid).expect(200);
      expect(res.body.data.watchPosition).to.equal(10);
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
