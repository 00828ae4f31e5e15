import { expect } from 'chai';
import { CourseProgressModel, Database, LessonModel } from '@platform/db';
import { GrantProductAccessUseCase } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createCourse,
  createCustomer,
  createOrder,
  grantAccess,
  invalidTokenCases,
  TestApp,
  TestCourse,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const DAY = 86_400_000;

interface LessonBody {
  id: number;
  title: string;
  position: number;
  videoDurationSeconds: number | null;
  isFreePreview: boolean;
  videoKey?: string | null;
  watchPercentage: number | null;
}

const lessonsOf = (body: { data: { topics: Array<{ lessons: LessonBody[] }> } }) => body.data.topics.flatMap((topic) => topic.lessons);

describe('Course curriculum (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const progress = (customer: TestCustomer, lesson: LessonModel, totalWatchedSeconds: number) =>
    CourseProgressModel.create({
      userId: customer.id,
      lessonId: lesson.id,
      courseId: lesson.courseId,
      watchPosition: totalWatchedSeconds,
      totalWatchedSeconds,
      isCompleted: false,
      completedAt: null,
    });

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`GET ${prefix}/courses/:courseId/curriculum`, () => {
      const path = (course: TestCourse) => `${prefix}/courses/${course.course.id}/curriculum`;

      it('shows an anonymous caller topics and enabled lessons in order, with no video keys', async () => {
        const course = await createCourse({ lessonsPerTopic: [2, 1] });
        const res = await api.http.get(path(course)).expect(200);
        expect(res.body.data).to.deep.equal({
          courseId: course.course.id,
          hasAccess: false,
          topics: course.topics.map(({ topic, lessons }) => ({
            id: topic.id,
            title: topic.title,
            position: topic.position,
            lessons: lessons.map((lesson) => ({
              id: lesson.id,
              title: lesson.title,
              position: lesson.position,
              videoDurationSeconds: lesson.videoDurationSeconds,
              isFreePreview: false,
              watchPercentage: null,
            })),
          })),
        });
        expect(JSON.stringify(res.body)).not.to.contain('uploads/');
      });

      it('gives anyone the video key of a free-preview lesson, and only of that lesson', async () => {
        const course = await createCourse();
        const [preview, paid] = course.topics[0].lessons;
        await preview.update({ isFreePreview: true });
        const res = await api.http.get(path(course)).expect(200);
        const [first, second] = lessonsOf(res.body);
        expect(first).to.include({ id: preview.id, isFreePreview: true, videoKey: preview.videoKey });
        expect(second).to.include({ id: paid.id }).and.not.to.have.property('videoKey');
        expect(JSON.stringify(res.body)).not.to.contain(paid.videoKey as string);
      });

      it('gives a customer without access no video keys', async () => {
        const course = await createCourse();
        const customer = await createCustomer(api.app.container);
        const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
        expect(res.body.data.hasAccess).to.equal(false);
        expect(JSON.stringify(res.body)).not.to.contain('uploads/');
      });

      it('gives a customer with active access every video key', async () => {
        const course = await createCourse();
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id);
        const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
        expect(res.body.data.hasAccess).to.equal(true);
        expect(lessonsOf(res.body).map((lesson) => lesson.videoKey)).to.deep.equal(course.topics[0].lessons.map((lesson) => lesson.videoKey));
      });

      it('gives access through a paid order grant while it lasts', async () => {
        const course = await createCourse();
        const customer = await createCustomer(api.app.container);
        const order = await createOrder(customer.id, [course.product], { status: 'paid' });
        await api.app.container
          .get(GrantProductAccessUseCase)
          .execute({ userId: customer.id, productId: course.product.id, orderId: order.id, accessType: 'time_limited', durationDays: 30 });
        const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
        expect(res.body.data.hasAccess).to.equal(true);
      });

      it('gives no video keys once access has expired or been revoked', async () => {
        const course = await createCourse();
        const [expired, revoked] = await Promise.all([createCustomer(api.app.container), createCustomer(api.app.container)]);
        await grantAccess(expired.id, course.product.id, { validUntil: new Date(Date.now() - DAY) });
        await grantAccess(revoked.id, course.product.id, { revoked: true });
        for (const customer of [expired, revoked]) {
          const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
          expect(res.body.data.hasAccess).to.equal(false);
          expect(JSON.stringify(res.body)).not.to.contain('uploads/');
        }
      });

      it("does not give one customer's access to another", async () => {
        const course = await createCourse();
        const [owner, other] = await Promise.all([createCustomer(api.app.container), createCustomer(api.app.container)]);
        await grantAccess(owner.id, course.product.id);
        const res = await api.http.get(path(course)).set(bearer(other.accessToken)).expect(200);
        expect(res.body.data.hasAccess).to.equal(false);
        expect(JSON.stringify(res.body)).not.to.contain('uploads/');
      });

      it('treats an admin token as anonymous: no video keys', async () => {
        const course = await createCourse();
        const res = await api.http.get(path(course)).set(bearer(adminToken(api.app.container, ['*']))).expect(200);
        expect(res.body.data.hasAccess).to.equal(false);
        expect(JSON.stringify(res.body)).not.to.contain('uploads/');
      });

      it('hides disabled lessons, even from a customer with access, and orders by position', async () => {
        const course = await createCourse({ lessonsPerTopic: [3] });
        const [a, b, c] = course.topics[0].lessons;
        await b.update({ isEnabled: false });
        await a.update({ position: 5 });
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id);
        const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
        expect(lessonsOf(res.body).map((lesson) => lesson.id)).to.deep.equal([c.id, a.id]);
        expect(JSON.stringify(res.body)).not.to.contain(b.videoKey as string);
      });

      it('shows the curriculum of a published course that is no longer sellable (to its owners)', async () => {
        const course = await createCourse({ sellable: false });
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id);
        const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
        expect(res.body.data.hasAccess).to.equal(true);
      });

      it('keeps an unpublished course open to the customers who hold access', async () => {
        const course = await createCourse({ published: false });
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id);
        const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
        expect(res.body.data.hasAccess).to.equal(true);
        expect(res.body.data.topics[0].lessons[0]).to.have.property('videoKey');
      });

      it('answers 404 for a course that is not on sale to anyone without access, and for an unknown id', async () => {
        const unpublished = await createCourse({ published: false });
        const unsellable = await createCourse({ sellable: false });
        const stranger = await createCustomer(api.app.container);
        for (const request of [
          api.http.get(path(unpublished)),
          api.http.get(path(unpublished)).set(bearer(stranger.accessToken)),
          api.http.get(path(unsellable)),
          api.http.get(path(unsellable)).set(bearer(stranger.accessToken)),
          api.http.get(`${prefix}/courses/2147483000/curriculum`),
          api.http.get(`${prefix}/courses/99999999999/curriculum`),
        ]) {
          const res = await request.expect(404);
          expect(res.body).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
        }
      });

      it('answers 400 VALIDATION_ERROR for a course id that is not a number', async () => {
        const res = await api.http.get(`${prefix}/courses/abc/curriculum`).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors).to.deep.equal([{ field: 'courseId', code: 'isInt', message: 'courseId must be a positive integer' }]);
      });

      it("gives a customer each lesson's watchPercentage from their own progress (null without progress or duration)", async () => {
        const course = await createCourse({ lessonsPerTopic: [3, 1] });
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id);
        const [[a, b, c], [d]] = course.topics.map((topic) => topic.lessons); // 600 s, 660 s, 720 s, 600 s
        await progress(customer, a, 150);
        await progress(customer, c, 900);
        await progress(customer, d, 77);
        await d.update({ videoDurationSeconds: null });
        const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
        expect(lessonsOf(res.body).map((lesson) => [lesson.id, lesson.watchPercentage])).to.deep.equal([
          [a.id, 25],
          [b.id, null],
          [c.id, 100],
          [d.id, null],
        ]);
      });

      it("gives a customer without access their own earlier progress, and never another customer's", async () => {
        const course = await createCourse();
        const [owner, former, stranger] = [
          await createCustomer(api.app.container),
          await createCustomer(api.app.container),
          await createCustomer(api.app.container),
        ];
        await grantAccess(owner.id, course.product.id);
        await grantAccess(former.id, course.product.id, { revoked: true });
        const [first, second] = course.topics[0].lessons;
        await progress(owner, first, 300);
        await progress(owner, second, 330);
        await progress(former, second, 66);
        const percentages = async (token?: string) => {
          const request = api.http.get(path(course));
          if (token) request.set(bearer(token));
          return lessonsOf((await request.expect(200)).body).map((lesson) => lesson.watchPercentage);
        };
        expect(await percentages(owner.accessToken)).to.deep.equal([50, 50]);
        expect(await percentages(former.accessToken)).to.deep.equal([null, 10]);
        expect(await percentages(stranger.accessToken)).to.deep.equal([null, null]);
        expect(await percentages()).to.deep.equal([null, null]);
        expect(await percentages(adminToken(api.app.container, ['*']))).to.deep.equal([null, null]);
      });

      it("reads the caller's progress in one query, whatever the lesson count", async () => {
        const course = await createCourse({ lessonsPerTopic: [10, 10] });
        const customer = await createCustomer(api.app.container);
        await grantAccess(customer.id, course.product.id);
        for (const lesson of course.topics.flatMap((topic) => topic.lessons)) await progress(customer, lesson, 60);
        const { sequelize } = api.app.container.get(Database);
        const statements: string[] = [];
        sequelize.addHook('afterQuery', 'count-curriculum-queries', (_options, query) => {
          statements.push(String((query as unknown as { sql?: string }).sql ?? ''));
        });
        try {
          const res = await api.http.get(path(course)).set(bearer(customer.accessToken)).expect(200);
          expect(lessonsOf(res.body).every((lesson) => lesson.watchPercentage !== null)).to.equal(true);
        } finally {
          sequelize.removeHook('afterQuery', 'count-curriculum-queries');
        }
        expect(statements.filter((sql) => sql.includes('course_progress')), statements.join('\n')).to.have.length(1);
      });

      it('refuses a bad token with 401 instead of answering anonymously', async () => {
        const course = await createCourse();
        const customer = await createCustomer(api.app.container);
        for (const [label, header] of invalidTokenCases('customer', customer.id)) {
          if (header === undefined) continue; // no header at all is an anonymous caller
          const res = await api.http.get(path(course)).set('Authorization', header);
          expect(res.status, label).to.equal(401);
        }
      });
    });
  }
});
