import { expect } from 'chai';
import { CourseProgressModel, Database, LessonModel } from '@platform/db';
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
import { courseOwner, createProgress } from './progress.test-helper';

const DAY = 86_400_000;

/** learning-commerce.md, "Video progress and resume": GET /api/courses/:courseId/progress. */
describe('Course progress (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const ownerOf = (course: TestCourse) => courseOwner(api.app.container, course);
  const progress = (customer: TestCustomer, lesson: LessonModel, fields: Partial<CourseProgressModel> = {}) =>
    createProgress(customer.id, lesson, fields);
  /** Sets a row's updated_at (sequelize would stamp "now" on every save). */
  const touch = (customer: TestCustomer, lesson: LessonModel, updatedAt: Date) =>
    api.app.container.get(Database).sequelize.query('UPDATE course_progress SET updated_at = :updatedAt WHERE user_id = :userId AND lesson_id = :lessonId', {
      replacements: { updatedAt, userId: customer.id, lessonId: lesson.id },
    });
  const untouched = (lesson: LessonModel) => ({
    id: lesson.id,
    title: lesson.title,
    position: lesson.position,
    videoDurationSeconds: lesson.videoDurationSeconds,
    isFreePreview: lesson.isFreePreview,
    watchPosition: null,
    totalWatchedSeconds: 0,
    isCompleted: false,
    completedAt: null,
    watchPercentage: null,
  });

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`GET ${prefix}/courses/:courseId/progress`, () => {
      const path = (courseId: number | string) => `${prefix}/courses/${courseId}/progress`;
      const get = (course: TestCourse, customer: TestCustomer) => api.http.get(path(course.course.id)).set(bearer(customer.accessToken));

      it('answers every enabled lesson by topic with the caller\'s progress, the totals and the last watched lesson', async () => {
        const course = await createCourse({ lessonsPerTopic: [2, 1] });
        const customer = await ownerOf(course);
        const [[a, b], [c]] = course.topics.map((topic) => topic.lessons); // 600 s, 660 s, 600 s
        const completedAt = new Date('2024-05-02T08:00:00.000Z');
        await progress(customer, a, { watchPosition: 600, totalWatchedSeconds: 560, isCompleted: true, completedAt });
        await progress(customer, c, { watchPosition: 125, totalWatchedSeconds: 130 });
        await touch(customer, a, new Date('2024-05-02T08:00:00.000Z'));
        await touch(customer, c, new Date('2024-05-03T09:30:00.000Z'));

        const res = await get(course, customer).expect(200);
        expect(res.body).to.deep.equal({
          message: 'Success',
          data: {
            courseId: course.course.id,
            hasAccess: true,
            totalLessons: 3,
            completedLessons: 1,
            completionPercentage: 33.33,
            lastWatched: { lessonId: c.id, watchPosition: 125, updatedAt: '2024-05-03T09:30:00.000Z' },
            topics: [
              {
                id: course.topics[0].topic.id,
                title: 'Topic 1',
                position: 0,
                lessons: [
                  { ...untouched(a), watchPosition: 600, totalWatchedSeconds: 560, isCompleted: true, completedAt: completedAt.toISOString(), watchPercentage: 93.33 },
                  untouched(b),
                ],
              },
              {
                id: course.topics[1].topic.id,
                title: 'Topic 2',
                position: 1,
                lessons: [{ ...untouched(c), watchPosition: 125, totalWatchedSeconds: 130, watchPercentage: 21.66 }],
              },
            ],
          },
        });
      });

      it('answers no progress, 0 % and lastWatched null for a customer who never watched', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        const res = await get(course, customer).expect(200);
        expect(res.body.data).to.deep.include({ totalLessons: 2, completedLessons: 0, completionPercentage: 0, lastWatched: null });
        expect(res.body.data.topics[0].lessons).to.deep.equal(course.topics[0].lessons.map(untouched));
      });

      it('answers 0 % for a course without lessons, and keeps its empty topics', async () => {
        const course = await createCourse({ lessonsPerTopic: [0] });
        const customer = await ownerOf(course);
        const res = await get(course, customer).expect(200);
        expect(res.body.data).to.deep.include({ totalLessons: 0, completedLessons: 0, completionPercentage: 0, lastWatched: null });
        expect(res.body.data.topics).to.deep.equal([{ id: course.topics[0].topic.id, title: 'Topic 1', position: 0, lessons: [] }]);
      });

      it('counts a fully completed course as 100 %', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        for (const lesson of course.topics[0].lessons) await progress(customer, lesson, { isCompleted: true, completedAt: new Date() });
        const res = await get(course, customer).expect(200);
        expect(res.body.data).to.include({ totalLessons: 2, completedLessons: 2, completionPercentage: 100 });
      });

      it('leaves disabled lessons and their progress out of the lessons, the totals and lastWatched', async () => {
        const course = await createCourse({ lessonsPerTopic: [3] });
        const customer = await ownerOf(course);
        const [a, disabled, c] = course.topics[0].lessons;
        await progress(customer, a, { watchPosition: 50, totalWatchedSeconds: 50 });
        await progress(customer, disabled, { watchPosition: 600, totalWatchedSeconds: 600, isCompleted: true, completedAt: new Date() });
        // The disabled lesson's row is the more recent one: it must still not be lastWatched.
        await touch(customer, a, new Date('2024-01-01T00:00:00.000Z'));
        await disabled.update({ isEnabled: false });
        const res = await get(course, customer).expect(200);
        expect(res.body.data).to.deep.include({
          totalLessons: 2,
          completedLessons: 0,
          completionPercentage: 0,
          lastWatched: { lessonId: a.id, watchPosition: 50, updatedAt: '2024-01-01T00:00:00.000Z' },
        });
        expect(res.body.data.topics[0].lessons.map((lesson: { id: number }) => lesson.id)).to.deep.equal([a.id, c.id]);
      });

      it("never shows or counts another customer's progress", async () => {
        const course = await createCourse();
        const [owner, other] = [await ownerOf(course), await ownerOf(course)];
        for (const lesson of course.topics[0].lessons) {
          await progress(owner, lesson, { watchPosition: 300, totalWatchedSeconds: 600, isCompleted: true, completedAt: new Date() });
        }
        const res = await get(course, other).expect(200);
        expect(res.body.data).to.deep.include({ completedLessons: 0, completionPercentage: 0, lastWatched: null });
        expect(res.body.data.topics[0].lessons).to.deep.equal(course.topics[0].lessons.map(untouched));
      });

      it('shows a course on sale to a customer without access (hasAccess false), with their earlier progress', async () => {
        const course = await createCourse();
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id, { revoked: true });
        await progress(customer, course.topics[0].lessons[0], { watchPosition: 60, totalWatchedSeconds: 60 });
        const res = await get(course, customer).expect(200);
        expect(res.body.data).to.deep.include({ hasAccess: false, totalLessons: 2 });
        expect(res.body.data.topics[0].lessons[0]).to.include({ watchPosition: 60, watchPercentage: 10 });
      });

      it('shows a course that is not on sale only to the customers holding active access (404 otherwise)', async () => {
        for (const options of [{ published: false }, { sellable: false }]) {
          const course = await createCourse(options);
          const owner = await ownerOf(course);
          const res = await get(course, owner).expect(200);
          expect(res.body.data.hasAccess).to.equal(true);

          const [stranger, expired, revoked] = [
            await createCustomer(api.app.container),
            await createCustomer(api.app.container),
            await createCustomer(api.app.container),
          ];
          await grantAccess(expired.id, course.product.id, { validUntil: new Date(Date.now() - 1000) });
          await grantAccess(revoked.id, course.product.id, { revoked: true });
          for (const customer of [stranger, expired, revoked]) {
            const refused = await get(course, customer).expect(404);
            expect(refused.body).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
          }
        }
      });

      it('gives time-limited access while it lasts', async () => {
        const course = await createCourse({ published: false });
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id, { validUntil: new Date(Date.now() + DAY) });
        const res = await get(course, customer).expect(200);
        expect(res.body.data.hasAccess).to.equal(true);
      });

      it('answers 404 NOT_FOUND for an unknown or malformed course id', async () => {
        const customer = await createCustomer(api.app.container);
        for (const courseId of ['2147483000', '99999999999', 'abc', '0']) {
          const res = await api.http.get(path(courseId)).set(bearer(customer.accessToken)).expect(404);
          expect(res.body, courseId).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
        }
      });

      it('reads the same few queries for 2 lessons as for 30 (no query per lesson)', async () => {
        const small = await createCourse({ lessonsPerTopic: [2] });
        const large = await createCourse({ lessonsPerTopic: [10, 10, 10] });
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, small.product.id);
        await grantAccess(customer.id, large.product.id);
        for (const lesson of large.topics.flatMap((topic) => topic.lessons)) await progress(customer, lesson, { watchPosition: 5, totalWatchedSeconds: 5 });
        const { sequelize } = api.app.container.get(Database);
        const counted = async (course: TestCourse) => {
          const statements: string[] = [];
          sequelize.addHook('afterQuery', 'count-progress-queries', (_options, query) => {
            statements.push(String((query as unknown as { sql?: string }).sql ?? ''));
          });
          try {
            await get(course, customer).expect(200);
          } finally {
            sequelize.removeHook('afterQuery', 'count-progress-queries');
          }
          return statements;
        };
        const forSmall = await counted(small);
        const forLarge = await counted(large);
        // The token's account lookup, the course gate, the outline with the progress rows.
        expect(forLarge.length, forLarge.join('\n')).to.be.at.most(3);
        expect(forLarge.length).to.equal(forSmall.length);
        expect(forLarge.filter((sql) => sql.includes('course_progress'))).to.have.length(1);
      });

      it('refuses every bad token with 401 UNAUTHORIZED and an admin token with 403 FORBIDDEN', async () => {
        const course = await createCourse();
        const customer = await ownerOf(course);
        for (const [label, header] of invalidTokenCases('customer', customer.id)) {
          const request = api.http.get(path(course.course.id));
          if (header !== undefined) request.set('Authorization', header);
          const res = await request;
          expect(res.status, label).to.equal(401);
          expect(res.body.errorCode, label).to.equal(refusedTokenCode(label));
        }
        const res = await api.http.get(path(course.course.id)).set(bearer(adminToken(api.app.container, ['*']))).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    });
  }
});
