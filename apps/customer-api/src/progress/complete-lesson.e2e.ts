import { expect } from 'chai';
import { CourseProgressModel, LessonModel } from '@platform/db';
import { Clock, fixedClock, RecordHeartbeatUseCase } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createCourse,
  createCustomer,
  grantAccess,
  invalidTokenCases, refusedTokenCode,
  TestApp,
  TestCourse,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { courseOwner } from './progress.test-helper';

const DAY = 86_400_000;

/**
 * learning-commerce.md, "Video progress records" (`is_completed` set at the threshold or
 * manually) and "Lesson completion" (a one-way latch): POST .../lessons/:lessonId/complete.
 */
describe('Manual lesson completion (customer-api)', () => {
  let api: TestApp;
  const clock = { now: new Date('2024-06-01T12:00:00.000Z') };

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock(clock));
  });

  beforeEach(() => {
    clock.now = new Date(Date.now());
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const ownerOf = (course: TestCourse) => courseOwner(api.app.container, course);
  const rowOf = (customer: TestCustomer, lesson: LessonModel) => CourseProgressModel.findOne({ where: { userId: customer.id, lessonId: lesson.id } });

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`POST ${prefix}/courses/:courseId/lessons/:lessonId/complete`, () => {
      const path = (courseId: number | string, lessonId: number | string) => `${prefix}/courses/${courseId}/lessons/${lessonId}/complete`;
      const complete = (course: TestCourse, lesson: LessonModel, customer: TestCustomer) =>
        api.http.post(path(course.course.id, lesson.id)).set(bearer(customer.accessToken));

      it('completes a lesson never watched: a row at position 0, completed now', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        clock.now = new Date('2024-06-01T12:00:00.000Z');
        const res = await complete(course, lesson, customer).expect(200);
        expect(res.body).to.deep.equal({
          message: 'lesson completed',
          data: { watchPosition: 0, totalWatchedSeconds: 0, isCompleted: true, watchPercentage: 0 },
        });
        const row = await rowOf(customer, lesson);
        expect(row?.toJSON()).to.include({ courseId: course.course.id, watchPosition: 0, totalWatchedSeconds: 0, isCompleted: true });
        expect(row?.completedAt?.toISOString()).to.equal('2024-06-01T12:00:00.000Z');
      });

      it('completes a lesson in progress, keeping its position and watched total', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[1]; // 660 s
        await api.app.container
          .get(RecordHeartbeatUseCase)
          .execute({ kind: 'customer', id: customer.id }, String(course.course.id), String(lesson.id), { watchPosition: 200, totalWatchedSeconds: 220 });
        const res = await complete(course, lesson, customer).expect(200);
        expect(res.body.data).to.deep.equal({ watchPosition: 200, totalWatchedSeconds: 220, isCompleted: true, watchPercentage: 33.33 });
        const row = await rowOf(customer, lesson);
        expect(row?.toJSON()).to.include({ watchPosition: 200, totalWatchedSeconds: 220, isCompleted: true });
        expect(row?.completedAt?.toISOString()).to.equal(clock.now.toISOString());
      });

      it('is idempotent: a second completion answers 200 the same way and keeps the first completedAt', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        const first = new Date('2024-06-01T12:00:00.000Z');
        clock.now = first;
        const one = await complete(course, lesson, customer).expect(200);
        clock.now = new Date('2024-06-02T12:00:00.000Z');
        const two = await complete(course, lesson, customer).expect(200);
        expect(two.body).to.deep.equal(one.body);
        expect((await rowOf(customer, lesson))?.completedAt?.toISOString()).to.equal(first.toISOString());
      });

      it('keeps the completedAt of a lesson the heartbeat threshold completed', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        const completedAt = new Date('2024-02-01T00:00:00.000Z');
        await CourseProgressModel.create({
          userId: customer.id, lessonId: lesson.id, courseId: course.course.id,
          watchPosition: 580, totalWatchedSeconds: 570, isCompleted: true, completedAt,
        });
        const res = await complete(course, lesson, customer).expect(200);
        expect(res.body.data).to.deep.equal({ watchPosition: 580, totalWatchedSeconds: 570, isCompleted: true, watchPercentage: 95 });
        expect((await rowOf(customer, lesson))?.completedAt?.toISOString()).to.equal(completedAt.toISOString());
      });

      it('lets concurrent completions and heartbeats settle on one completedAt and the furthest position', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        const heartbeats = api.app.container.get(RecordHeartbeatUseCase);
        const results = await Promise.all([
          ...Array.from({ length: 6 }, () => complete(course, lesson, customer)),
          heartbeats.execute({ kind: 'customer', id: customer.id }, String(course.course.id), String(lesson.id), { watchPosition: 90, totalWatchedSeconds: 100 }),
        ]);
        for (const res of results.slice(0, 6)) {
          expect((res as { status: number }).status).to.equal(200);
          expect((res as { body: { data: { isCompleted: boolean } } }).body.data.isCompleted).to.equal(true);
        }
        const row = await rowOf(customer, lesson);
        expect(row?.toJSON()).to.include({ watchPosition: 90, totalWatchedSeconds: 100, isCompleted: true });
        expect(row?.completedAt?.toISOString()).to.equal(clock.now.toISOString());
        expect(await CourseProgressModel.count({ where: { userId: customer.id } })).to.equal(1);
      });

      it('answers watchPercentage null for a lesson without a video duration', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        await lesson.update({ videoDurationSeconds: null });
        const res = await complete(course, lesson, customer).expect(200);
        expect(res.body.data).to.deep.equal({ watchPosition: 0, totalWatchedSeconds: 0, isCompleted: true, watchPercentage: null });
      });

      it('shows the completion in the lesson and in the course progress', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[1];
        await complete(course, lesson, customer).expect(200);
        const read = await api.http.get(`${prefix}/courses/${course.course.id}/lessons/${lesson.id}`).set(bearer(customer.accessToken)).expect(200);
        expect(read.body.data).to.include({ isCompleted: true, completedAt: clock.now.toISOString(), lastWatchPosition: 0 });
        const overall = await api.http.get(`${prefix}/courses/${course.course.id}/progress`).set(bearer(customer.accessToken)).expect(200);
        expect(overall.body.data).to.deep.include({
          completedLessons: 1,
          completionPercentage: 50,
          lastWatched: { lessonId: lesson.id, watchPosition: 0, updatedAt: clock.now.toISOString() },
        });
      });

      it('refuses a customer without active access with 403 FORBIDDEN, free preview, expired or revoked access alike', async () => {
        const course = await createCourse();
        const [preview] = course.topics[0].lessons;
        await preview.update({ isFreePreview: true });
        const [stranger, expired, revoked, other] = [
          await createCustomer(api.app.container),
          await createCustomer(api.app.container),
          await createCustomer(api.app.container),
          await createCustomer(api.app.container),
        ];
        await grantAccess(expired.id, course.product.id, { validUntil: new Date(clock.now.getTime() - 1000) });
        await grantAccess(revoked.id, course.product.id, { revoked: true });
        await grantAccess(other.id, (await createCourse()).product.id);
        for (const customer of [stranger, expired, revoked, other]) {
          const res = await complete(course, preview, customer).expect(403);
          expect(res.body).to.deep.equal({ message: 'You need active access to this course to complete its lessons', errorCode: 'FORBIDDEN' });
          expect(await rowOf(customer, preview)).to.equal(null);
        }
      });

      it('completes lessons while time-limited access lasts, and not once the clock passes its end', async () => {
        const course = await createCourse();
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id, { validUntil: new Date(Date.now() + DAY) });
        const [first, second] = course.topics[0].lessons;
        await complete(course, first, customer).expect(200);
        clock.now = new Date(Date.now() + 2 * DAY);
        await complete(course, second, customer).expect(403);
      });

      it('answers 404 NOT_FOUND "Course not found" for an unknown or malformed course, before the lesson and access', async () => {
        const course = await createCourse();
        const stranger = await createCustomer(api.app.container);
        for (const courseId of ['2147483000', '99999999999', 'abc']) {
          const res = await api.http.post(path(courseId, course.topics[0].lessons[0].id)).set(bearer(stranger.accessToken)).expect(404);
          expect(res.body, courseId).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
        }
      });

      it('answers 404 NOT_FOUND "Lesson not found in this course" for a missing, disabled or foreign lesson, before access', async () => {
        const course = await createCourse();
        const other = await createCourse();
        const owner = await ownerOf(course);
        const stranger = await createCustomer(api.app.container);
        const disabled = course.topics[0].lessons[1];
        await disabled.update({ isEnabled: false });
        for (const lessonId of [disabled.id, other.topics[0].lessons[0].id, 2147483000, 'abc']) {
          for (const customer of [owner, stranger]) {
            const res = await api.http.post(path(course.course.id, lessonId)).set(bearer(customer.accessToken)).expect(404);
            expect(res.body, String(lessonId)).to.deep.equal({ message: 'Lesson not found in this course', errorCode: 'NOT_FOUND' });
          }
        }
        expect(await rowOf(owner, disabled)).to.equal(null);
      });

      it('refuses every bad token with 401 UNAUTHORIZED and an admin token with 403 FORBIDDEN', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const lesson = course.topics[0].lessons[0];
        for (const [label, header] of invalidTokenCases('customer', customer.id)) {
          const request = api.http.post(path(course.course.id, lesson.id));
          if (header !== undefined) request.set('Authorization', header);
          const res = await request;
          expect(res.status, label).to.equal(401);
          expect(res.body.errorCode, label).to.equal(refusedTokenCode(label));
        }
        const res = await api.http.post(path(course.course.id, lesson.id)).set(bearer(adminToken(api.app.container, ['*']))).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
        expect(await rowOf(customer, lesson)).to.equal(null);
      });
    });
  }
});
