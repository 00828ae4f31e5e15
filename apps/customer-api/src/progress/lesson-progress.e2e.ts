import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { CourseProgressModel, LessonModel } from '@platform/db';
import { Clock, fixedClock, RecordHeartbeatUseCase } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createCourse,
  createCustomer,
  customerToken,
  grantAccess,
  invalidTokenCases, refusedTokenCode,
  TestApp,
  TestCourse,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { courseOwner, createProgress } from './progress.test-helper';

const DAY = 86_400_000;

/** learning-commerce.md, "Video progress and resume": GET /api/courses/:courseId/lessons/:lessonId. */
describe('Lesson content with resume position (customer-api)', () => {
  let api: TestApp;
  // Real time, movable: completedAt values are exact.
  const clock = { offsetMs: 0, get now() { return new Date(Date.now() + this.offsetMs); } };

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock(clock));
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const ownerOf = (course: TestCourse) => courseOwner(api.app.container, course);
  const progress = (customer: TestCustomer, lesson: LessonModel, fields: Partial<CourseProgressModel> = {}) =>
    createProgress(customer.id, lesson, fields);

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`GET ${prefix}/courses/:courseId/lessons/:lessonId`, () => {
      const path = (courseId: number | string, lessonId: number | string) => `${prefix}/courses/${courseId}/lessons/${lessonId}`;
      const get = (course: TestCourse, lesson: LessonModel, customer: TestCustomer) =>
        api.http.get(path(course.course.id, lesson.id)).set(bearer(customer.accessToken));

      it('answers the lesson content, its video key and URL, and no progress for a lesson never watched', async () => {
        const course = await createCourse({ lessonsPerTopic: [2] });
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[1];
        const res = await get(course, lesson, customer).expect(200);
        expect(res.body).to.deep.equal({
          message: 'Success',
          data: {
            id: lesson.id,
            courseId: course.course.id,
            topicId: course.topics[0].topic.id,
            title: 'Lesson 1.2',
            position: 1,
            videoDurationSeconds: 660,
            isFreePreview: false,
            videoKey: lesson.videoKey,
            videoUrl: `/${lesson.videoKey}`,
            videoUrlExpiresAt: null,
            lastWatchPosition: null,
            watchPercentage: null,
            totalWatchedSeconds: 0,
            isCompleted: false,
            completedAt: null,
          },
        });
      });

      it("answers the caller's resume position, watched total and percentage", async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0]; // 600 s
        await progress(customer, lesson, { watchPosition: 240, totalWatchedSeconds: 199 });
        const res = await get(course, lesson, customer).expect(200);
        expect(res.body.data).to.include({ lastWatchPosition: 240, totalWatchedSeconds: 199, watchPercentage: 33.16, isCompleted: false, completedAt: null });
      });

      it('answers a completed lesson with its first completion time and a percentage capped at 100', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        const completedAt = new Date('2024-03-01T10:00:00.000Z');
        await progress(customer, lesson, { watchPosition: 590, totalWatchedSeconds: 900, isCompleted: true, completedAt });
        const res = await get(course, lesson, customer).expect(200);
        expect(res.body.data).to.include({
          lastWatchPosition: 590,
          totalWatchedSeconds: 900,
          watchPercentage: 100,
          isCompleted: true,
          completedAt: completedAt.toISOString(),
        });
      });

      it('shows the progress a heartbeat recorded', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        await api.app.container
          .get(RecordHeartbeatUseCase)
          .execute({ kind: 'customer', id: customer.id }, String(course.course.id), String(lesson.id), { watchPosition: 30, totalWatchedSeconds: 60 });
        const res = await get(course, lesson, customer).expect(200);
        expect(res.body.data).to.include({ lastWatchPosition: 30, totalWatchedSeconds: 60, watchPercentage: 10, isCompleted: false });
      });

      it("never shows another customer's progress", async () => {
        const course = await createCourse();
        const [owner, other] = [await ownerOf(course), await ownerOf(course)];
        const lesson = course.topics[0].lessons[0];
        await progress(owner, lesson, { watchPosition: 500, totalWatchedSeconds: 580, isCompleted: true, completedAt: new Date() });
        const res = await get(course, lesson, other).expect(200);
        expect(res.body.data).to.include({ lastWatchPosition: null, totalWatchedSeconds: 0, watchPercentage: null, isCompleted: false, completedAt: null });
      });

      it('answers watchPercentage null for a lesson without a video duration, even with progress', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        await lesson.update({ videoDurationSeconds: null, videoKey: null });
        await progress(customer, lesson, { watchPosition: 40, totalWatchedSeconds: 40 });
        const res = await get(course, lesson, customer).expect(200);
        expect(res.body.data).to.include({ lastWatchPosition: 40, totalWatchedSeconds: 40, watchPercentage: null, videoKey: null, videoUrl: null });
      });

      it('opens a free-preview lesson of a course on sale to a customer without access, and no other lesson', async () => {
        const course = await createCourse();
        const [preview, paid] = course.topics[0].lessons;
        await preview.update({ isFreePreview: true });
        const stranger = await createCustomer(api.app.container);
        const res = await get(course, preview, stranger).expect(200);
        expect(res.body.data).to.include({ id: preview.id, isFreePreview: true, videoKey: preview.videoKey, lastWatchPosition: null });
        const refused = await get(course, paid, stranger).expect(403);
        expect(refused.body).to.deep.equal({ message: 'You need active access to this course to watch this lesson', errorCode: 'FORBIDDEN' });
      });

      it('hides a course that is not on sale, free previews included, from customers without access (404, as the curriculum does)', async () => {
        for (const options of [{ published: false }, { sellable: false }]) {
          const course = await createCourse(options);
          const preview = course.topics[0].lessons[0];
          await preview.update({ isFreePreview: true });
          const stranger = await createCustomer(api.app.container);
          const res = await get(course, preview, stranger).expect(404);
          expect(res.body).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
          // ... but its owners keep it.
          const owner = await ownerOf(course);
          await get(course, preview, owner).expect(200);
        }
      });

      it('opens every lesson of a withdrawn course to the customers who hold access', async () => {
        const course = await createCourse({ published: false, sellable: false });
        const owner = await ownerOf(course);
        const res = await get(course, course.topics[0].lessons[1], owner).expect(200);
        expect(res.body.data.videoKey).to.equal(course.topics[0].lessons[1].videoKey);
      });

      it('opens the lesson while time-limited access lasts, and refuses it once expired or revoked (403)', async () => {
        const course = await createCourse();
        const lesson = course.topics[0].lessons[0];
        const [current, expired, revoked] = [
          await createCustomer(api.app.container),
          await createCustomer(api.app.container),
          await createCustomer(api.app.container),
        ];
        await grantAccess(current.id, course.product.id, { validUntil: new Date(Date.now() + DAY) });
        await grantAccess(expired.id, course.product.id, { validUntil: new Date(Date.now() - 1000) });
        await grantAccess(revoked.id, course.product.id, { revoked: true });
        await progress(expired, lesson, { watchPosition: 10, totalWatchedSeconds: 10 });
        await get(course, lesson, current).expect(200);
        for (const customer of [expired, revoked]) {
          const res = await get(course, lesson, customer).expect(403);
          expect(res.body.errorCode).to.equal('FORBIDDEN');
          expect(JSON.stringify(res.body)).not.to.contain('uploads/');
        }
        // The clock decides: moved past the end of the grant, the current customer is refused too.
        clock.offsetMs = 2 * DAY;
        try {
          await get(course, lesson, current).expect(403);
        } finally {
          clock.offsetMs = 0;
        }
      });

      it("does not give one customer's access to another", async () => {
        const course = await createCourse();
        await ownerOf(course);
        const stranger = await createCustomer(api.app.container);
        await get(course, course.topics[0].lessons[0], stranger).expect(403);
      });

      it('answers 404 NOT_FOUND "Course not found" for an unknown or malformed course id, before the lesson', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lessonId = course.topics[0].lessons[0].id;
        for (const courseId of ['2147483000', '99999999999', 'abc', '0', '-1', '1.5']) {
          const res = await api.http.get(path(courseId, lessonId)).set(bearer(customer.accessToken)).expect(404);
          expect(res.body, courseId).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
        }
      });

      it('answers 404 NOT_FOUND "Lesson not found in this course" for a missing, disabled, foreign or malformed lesson, before access', async () => {
        const course = await createCourse();
        const other = await createCourse();
        const owner = await ownerOf(course);
        const stranger = await createCustomer(api.app.container);
        const disabled = course.topics[0].lessons[1];
        await disabled.update({ isEnabled: false });
        for (const lessonId of [disabled.id, other.topics[0].lessons[0].id, 2147483000, 'abc', '99999999999']) {
          for (const customer of [owner, stranger]) {
            const res = await api.http.get(path(course.course.id, lessonId)).set(bearer(customer.accessToken)).expect(404);
            expect(res.body, String(lessonId)).to.deep.equal({ message: 'Lesson not found in this course', errorCode: 'NOT_FOUND' });
          }
        }
      });

      it('refuses every bad token with 401 UNAUTHORIZED, and a token of a deleted account', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        const cases: Array<[string, string | undefined]> = [
          ...invalidTokenCases('customer', customer.id),
          ['an account that does not exist', `Bearer ${customerToken(api.app.container, randomUUID())}`],
        ];
        for (const [label, header] of cases) {
          const request = api.http.get(path(course.course.id, lesson.id));
          if (header !== undefined) request.set('Authorization', header);
          const res = await request;
          expect(res.status, label).to.equal(401);
          expect(res.body.errorCode, label).to.equal(refusedTokenCode(label));
        }
      });

      it('refuses an admin token with 403 FORBIDDEN', async () => {
        const course = await createCourse();
        const res = await api.http
          .get(path(course.course.id, course.topics[0].lessons[0].id))
          .set(bearer(adminToken(api.app.container, ['*'])))
          .expect(403);
        expect(res.body).to.deep.equal({ message: 'This route is for customers', errorCode: 'FORBIDDEN' });
      });
    });
  }
});
