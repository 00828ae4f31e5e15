import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { v7 as uuidv7 } from 'uuid';
import { CourseProgressModel, UserModel, WatchEventModel } from '@platform/db';
import { adminToken, createCourse, createCustomer, customerToken, grantAccess, invalidTokenCases, TEST_ENV } from '@platform/testing';
import {
  eventValues,
  expectError,
  expectNothingWritten,
  HeartbeatBody,
  HeartbeatFixture,
  heartbeatPath,
  heartbeatTestContext,
  MAX_INT,
  PREFIXES,
  progressRow,
  storedRow,
  tokenCase,
} from './heartbeat.test-helper';

const HOUR = 3_600_000;

/**
 * learning-commerce.md, "Video progress and resume" (heartbeat rule 5: the order of the checks) and
 * "Errors: Video progress": the body (400), the token (401), access to the course (403) and the
 * lesson (404), each refused without writing anything.
 */
describe('Video heartbeat (customer-api)', () => {
  const hb = heartbeatTestContext();

  describe('body validation: 400 VALIDATION_ERROR, nothing written', () => {
    let fx: HeartbeatFixture;
    before(async () => {
      fx = await hb.enrolled();
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
        const res = await hb.beat(fx, body);
        expectError(res, 400, 'VALIDATION_ERROR');
        expect(res.body.errors.map((error: { field: string }) => error.field)).to.include(field);
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }

    it('refuses a body that is not JSON with 400 and writes nothing', async () => {
      await hb.resetLimit(fx.customer.id, fx.lesson.id);
      const res = await hb.api.http
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
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      const expired = tokenCase('an expired token', fx.customer.id);
      // The live window is spent, but the expired token is counted apart: refused for what it is.
      expectError(await hb.post(fx.courseId, fx.lesson.id, expired, { watchPosition: 20, totalWatchedSeconds: 20 }), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      // Its own window is spent now: the limit answers before the token is looked at.
      expectError(await hb.post(fx.courseId, fx.lesson.id, expired, { watchPosition: 20, totalWatchedSeconds: 20 }), 429, 'RATE_LIMIT_EXCEEDED');
      // On a lesson the user has not beaten yet, the expired token does not spend the live window.
      expectError(await hb.post(fx.courseId, fx.other.id, expired, { watchPosition: 5, totalWatchedSeconds: 5 }), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      expect((await hb.post(fx.courseId, fx.other.id, fx.auth, { watchPosition: 30, totalWatchedSeconds: 30 })).status).to.equal(200);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('answers no token on a course the caller cannot access with 401, not 403', async () => {
      const course = await createCourse();
      const res = await hb.post(course.course.id, course.topics[0].lessons[0].id, undefined, { watchPosition: 1, totalWatchedSeconds: 1 });
      expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
    });

    it('answers the token of a user that does not exist on a course without access with 401, not 403', async () => {
      const course = await createCourse();
      const res = await hb.post(course.course.id, course.topics[0].lessons[0].id, `Bearer ${customerToken(hb.api.app.container, uuidv7())}`, {
        watchPosition: 1,
        totalWatchedSeconds: 1,
      });
      expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
    });

    it('answers an invalid body with 401 without a token, 403 with an admin token, and 400 for a customer without access (body before access)', async () => {
      const course = await createCourse();
      const lessonId = course.topics[0].lessons[0].id;
      const outsider = await createCustomer(hb.api.app.container);
      const body = { watchPosition: -5, totalWatchedSeconds: 'x' };
      expectError(await hb.post(course.course.id, lessonId, undefined, body), 401, 'HEARTBEAT_TOKEN_EXPIRED');
      expectError(await hb.post(course.course.id, lessonId, `Bearer ${adminToken(hb.api.app.container, ['*'])}`, body), 403, 'FORBIDDEN');
      expectError(await hb.post(course.course.id, lessonId, `Bearer ${outsider.accessToken}`, body), 400, 'VALIDATION_ERROR');
    });

    it('answers a customer without access with 403 even when the lesson is missing, disabled or malformed (access before lesson)', async () => {
      const course = await createCourse();
      const outsider = await createCustomer(hb.api.app.container);
      const disabled = course.topics[0].lessons[1];
      await disabled.update({ isEnabled: false });
      for (const lessonId of [MAX_INT, disabled.id, 'abc']) {
        await hb.resetLimit(outsider.id, lessonId);
        const res = await hb.post(course.course.id, lessonId, `Bearer ${outsider.accessToken}`, { watchPosition: 1, totalWatchedSeconds: 1 });
        expectError(res, 403, 'HEARTBEAT_NOT_ENROLLED');
      }
    });

    it('answers an invalid body on a missing lesson with 400, not 404', async () => {
      const fx = await hb.enrolled();
      await hb.resetLimit(fx.customer.id, MAX_INT);
      expectError(await hb.post(fx.courseId, MAX_INT, fx.auth, { watchPosition: 1.5, totalWatchedSeconds: 1 }), 400, 'VALIDATION_ERROR');
    });
  });

  describe('token: 401 HEARTBEAT_TOKEN_EXPIRED', () => {
    for (const prefix of PREFIXES) {
      // The cases' labels only: the tokens are made per test, for that test's customer.
      for (const [label] of invalidTokenCases('customer', uuidv7())) {
        it(`refuses ${label} on ${prefix} and writes nothing`, async () => {
          // A fresh course per case: the tokens that prove no one share the client address's window.
          const fx = await hb.enrolled();
          const authorization = tokenCase(label, fx.customer.id);
          const res = await hb.post(fx.courseId, fx.lesson.id, authorization, { watchPosition: 10, totalWatchedSeconds: 10 }, prefix);
          expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
          await expectNothingWritten(fx.customer.id, fx.lesson.id);
        });
      }
    }

    it('refuses a customer token whose sub is not a UUID', async () => {
      const fx = await hb.enrolled();
      const token = jwt.sign({ typ: 'customer' }, TEST_ENV['JWT_SECRET'], { subject: 'not-a-uuid', expiresIn: 600 });
      expectError(await hb.post(fx.courseId, fx.lesson.id, `Bearer ${token}`, { watchPosition: 10, totalWatchedSeconds: 10 }), 401, 'HEARTBEAT_TOKEN_EXPIRED');
    });

    it('refuses the still-valid token of a customer whose user row was deleted', async () => {
      const fx = await hb.enrolled();
      await hb.beat(fx, { watchPosition: 10, totalWatchedSeconds: 10 }).expect(200);
      await UserModel.destroy({ where: { id: fx.customer.id } });
      const res = await hb.beat(fx, { watchPosition: 20, totalWatchedSeconds: 20 });
      expectError(res, 401, 'HEARTBEAT_TOKEN_EXPIRED');
      // The user's progress went with the user; the refused heartbeat logged no event (only the first one's stays).
      expect(await progressRow(fx.customer.id, fx.lesson.id)).to.equal(null);
      expect(await eventValues(fx.customer.id, fx.lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    for (const prefix of PREFIXES) {
      it(`refuses an admin token with 403 FORBIDDEN on ${prefix}, even one holding "*"`, async () => {
        const fx = await hb.enrolled();
        const adminId = uuidv7();
        const res = await hb.post(fx.courseId, fx.lesson.id, `Bearer ${adminToken(hb.api.app.container, ['*'], adminId)}`, {
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
      const outsider = await createCustomer(hb.api.app.container);
      const lesson = course.topics[0].lessons[0];
      for (const prefix of PREFIXES) {
        await hb.resetLimit(outsider.id, lesson.id);
        expectError(await hb.post(course.course.id, lesson.id, `Bearer ${outsider.accessToken}`, body, prefix), 403, 'HEARTBEAT_NOT_ENROLLED');
      }
      await expectNothingWritten(outsider.id, lesson.id);
    });

    it('refuses a time-limited grant that has expired, and accepts one that is still valid', async () => {
      const course = await createCourse();
      const lesson = course.topics[0].lessons[0];
      const [expired, current] = await Promise.all([createCustomer(hb.api.app.container), createCustomer(hb.api.app.container)]);
      await grantAccess(expired.id, course.product.id, { validUntil: new Date(Date.now() - HOUR) });
      await grantAccess(current.id, course.product.id, { validUntil: new Date(Date.now() + HOUR) });
      expectError(await hb.post(course.course.id, lesson.id, `Bearer ${expired.accessToken}`, body), 403, 'HEARTBEAT_NOT_ENROLLED');
      await expectNothingWritten(expired.id, lesson.id);
      await hb.post(course.course.id, lesson.id, `Bearer ${current.accessToken}`, body).expect(200);
    });

    it('refuses a time-limited grant once the clock passes its end', async () => {
      const course = await createCourse();
      const lesson = course.topics[0].lessons[0];
      const customer = await createCustomer(hb.api.app.container);
      const validUntil = new Date(Date.now() + HOUR);
      await grantAccess(customer.id, course.product.id, { validUntil });
      await hb.post(course.course.id, lesson.id, `Bearer ${customer.accessToken}`, body).expect(200);
      await hb.resetLimit(customer.id, lesson.id);
      hb.clock.now = validUntil;
      expectError(await hb.post(course.course.id, lesson.id, `Bearer ${customer.accessToken}`, { watchPosition: 20, totalWatchedSeconds: 20 }), 403, 'HEARTBEAT_NOT_ENROLLED');
      expect(await eventValues(customer.id, lesson.id)).to.deep.equal([['heartbeat', 10, 10]]);
    });

    it('refuses a revoked grant', async () => {
      const course = await createCourse();
      const lesson = course.topics[0].lessons[0];
      const customer = await createCustomer(hb.api.app.container);
      await grantAccess(customer.id, course.product.id, { revoked: true });
      expectError(await hb.post(course.course.id, lesson.id, `Bearer ${customer.accessToken}`, body), 403, 'HEARTBEAT_NOT_ENROLLED');
      await expectNothingWritten(customer.id, lesson.id);
    });

    it('refuses a customer whose grant is for a different course', async () => {
      const fx = await hb.enrolled();
      const otherCourse = await createCourse();
      const lesson = otherCourse.topics[0].lessons[0];
      expectError(await hb.post(otherCourse.course.id, lesson.id, fx.auth, body), 403, 'HEARTBEAT_NOT_ENROLLED');
      await expectNothingWritten(fx.customer.id, lesson.id);
    });

    it("does not let one customer's grant serve another", async () => {
      const fx = await hb.enrolled();
      const other = await createCustomer(hb.api.app.container);
      expectError(await hb.post(fx.courseId, fx.lesson.id, `Bearer ${other.accessToken}`, body), 403, 'HEARTBEAT_NOT_ENROLLED');
    });

    for (const courseId of [String(MAX_INT), '0', '-1', 'abc', '1e3', '99999999999', '1.5']) {
      it(`refuses an unknown or malformed courseId (${courseId}), even with the id of a lesson the customer can watch`, async () => {
        const fx = await hb.enrolled();
        expectError(await hb.post(courseId, fx.lesson.id, fx.auth, body), 403, 'HEARTBEAT_NOT_ENROLLED');
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }
  });

  describe('lesson: 404 HEARTBEAT_LESSON_NOT_FOUND', () => {
    const body = { watchPosition: 10, totalWatchedSeconds: 10 };

    for (const lessonId of [String(MAX_INT), '0', 'abc', '-1', '12345678901', '1.5']) {
      it(`refuses a missing or malformed lessonId (${lessonId}) in a course the customer can access`, async () => {
        const fx = await hb.enrolled();
        expectError(await hb.post(fx.courseId, lessonId, fx.auth, body), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
        expect(await WatchEventModel.count({ where: { userId: fx.customer.id } })).to.equal(0);
        expect(await CourseProgressModel.count({ where: { userId: fx.customer.id } })).to.equal(0);
      });
    }

    for (const prefix of PREFIXES) {
      it(`refuses a disabled lesson on ${prefix}, writing nothing`, async () => {
        const fx = await hb.enrolled();
        await fx.lesson.update({ isEnabled: false });
        expectError(await hb.post(fx.courseId, fx.lesson.id, fx.auth, body, prefix), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
        await expectNothingWritten(fx.customer.id, fx.lesson.id);
      });
    }

    it('refuses a lesson of another course, even one the customer can access, and accepts it under its own course', async () => {
      const fx = await hb.enrolled();
      const second = await createCourse();
      await grantAccess(fx.customer.id, second.product.id);
      const foreign = second.topics[0].lessons[0];
      expectError(await hb.post(fx.courseId, foreign.id, fx.auth, body), 404, 'HEARTBEAT_LESSON_NOT_FOUND');
      await expectNothingWritten(fx.customer.id, foreign.id);
      await hb.resetLimit(fx.customer.id, foreign.id);
      await hb.post(second.course.id, foreign.id, fx.auth, body).expect(200);
      expect((await storedRow(fx.customer.id, foreign.id)).courseId).to.equal(second.course.id);
    });
  });
});
