import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { CourseModel, CourseTopicModel, ProductModel } from '@platform/db';
import { ProductSlugs } from '@platform/domain';
import { adminToken, buildTestApp, createCourse, createCustomer, grantAccess, testContainer, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');

describe('Admin courses (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const newCourse = (overrides: Record<string, unknown> = {}) => ({
    title: `Options Trading ${tag()}`,
    mrpPaisa: 500_000,
    spPaisa: 400_000,
    ...overrides,
  });
  const post = (body: object) => api.http.post('/api/admin/courses').set('Authorization', all).send(body);
  const patch = (id: number, body: object) => api.http.patch(`/api/admin/courses/${id}`).set('Authorization', all).send(body);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['COURSES_READ', 'COURSES_CREATE', 'COURSES_UPDATE', 'COURSES_DELETE'])}`;
  });

  describe('POST /api/admin/courses', () => {
    it('creates an unpublished course with its product and answers 201 with the CourseResponseDto', async () => {
      const body = { ...newCourse(), slug: `options-${tag()}`, description: 'Learn options', thumbnailRef: 'public/image/thumb.jpg' };
      const res = await post(body).expect(201);
      expect(res.body.message).to.equal('Course created successfully');
      expect(res.body.data).to.include({
        title: body.title,
        slug: body.slug,
        mrpPaisa: 500_000,
        spPaisa: 400_000,
        isPublished: false,
        isSellable: true,
        description: 'Learn options',
        thumbnailRef: 'public/image/thumb.jpg',
        thumbnailUrl: '/public/image/thumb.jpg',
        trailerRef: null,
        trailerUrl: null,
      });
      const course = await CourseModel.findByPk(res.body.data.id, { include: [ProductModel] });
      expect(course?.product?.type).to.equal('course');
      expect(course?.productId).to.equal(res.body.data.productId);
    });

    it('makes the slug from the title, with a suffix when it is taken', async () => {
      const title = `Technical Analysis ${tag()}`;
      const first = await post(newCourse({ title })).expect(201);
      const second = await post(newCourse({ title })).expect(201);
      expect(first.body.data.slug).to.equal(title.toLowerCase().replace(/ /g, '-'));
      expect(second.body.data.slug).to.equal(`${first.body.data.slug}-2`);
    });

    it('refuses spPaisa above mrpPaisa with 400 VALIDATION_ERROR', async () => {
      const res = await post(newCourse({ mrpPaisa: 100, spPaisa: 101 })).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      expect(res.body.errors[0].field).to.equal('spPaisa');
    });

    for (const [rule, body] of [
      ['a negative price', { mrpPaisa: -1 }],
      ['a fractional price', { spPaisa: 10.5 }],
      ['a slug that is not lower-case words joined by hyphens', { slug: 'Bad Slug' }],
      ['a slug with a double hyphen', { slug: 'bad--slug' }],
      ['a blank title', { title: '   ' }],
      ['a missing price', { mrpPaisa: undefined }],
      ['a thumbnailRef that climbs out of storage', { thumbnailRef: 'public/../../etc/passwd' }],
      ['a protocol-relative thumbnailRef (an off-site URL once resolved)', { thumbnailRef: '//evil.example/x.png' }],
      ['a private uploads/ key as a thumbnail (it would be published)', { thumbnailRef: 'uploads/image/secret.png' }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await post(newCourse(body)).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    it('refuses a slug another product uses with 409 CONFLICT', async () => {
      const { product } = await createCourse();
      const res = await post(newCourse({ slug: product.slug })).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
    });

    it('gives one of two concurrent creates with the same slug 201 and the other 409, never 500', async () => {
      const slug = `race-${tag()}`;
      const statuses = await Promise.all([post(newCourse({ slug })), post(newCourse({ slug }))]).then((all) => all.map((r) => r.status));
      expect(statuses.sort()).to.deep.equal([201, 409]);
    });
  });

  describe('GET /api/admin/courses/:id', () => {
    it('answers the CourseResponseDto with trailerRef and the resolved trailerUrl, published or not', async () => {
      const { course, product } = await createCourse({ published: false, trailerRef: 'public/trailer/abc.mp4' });
      const res = await api.http.get(`/api/admin/courses/${course.id}`).set('Authorization', all).expect(200);
      expect(res.body.data).to.include({
        id: course.id,
        productId: product.id,
        title: product.title,
        slug: product.slug,
        isPublished: false,
        trailerRef: 'public/trailer/abc.mp4',
        trailerUrl: '/public/trailer/abc.mp4',
      });
    });

    for (const id of ['999999999', '99999999999', '0']) {
      it(`answers 404 NOT_FOUND for course id ${id}`, async () => {
        const res = await api.http.get(`/api/admin/courses/${id}`).set('Authorization', all).expect(404);
        expect(res.body).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
      });
    }

    it('answers 400 VALIDATION_ERROR for a course id that is not a number', async () => {
      const res = await api.http.get('/api/admin/courses/abc').set('Authorization', all).expect(400);
      expect(res.body).to.deep.equal({
        message: 'id must be a positive integer',
        errorCode: 'VALIDATION_ERROR',
        errors: [{ field: 'id', code: 'isInt', message: 'id must be a positive integer' }],
      });
    });
  });

  describe('PATCH /api/admin/courses/:id', () => {
    it('updates product and course fields and clears nullable ones with null', async () => {
      const { course } = await createCourse({ mrpPaisa: 1000, spPaisa: 800 });
      const res = await patch(course.id, { title: 'Renamed course', spPaisa: 900, isSellable: false, description: null }).expect(200);
      expect(res.body.message).to.equal('Course updated successfully');
      expect(res.body.data).to.include({ title: 'Renamed course', mrpPaisa: 1000, spPaisa: 900, isSellable: false, description: null });
      expect(new Date(res.body.data.updatedAt).getTime()).to.be.greaterThan(course.updatedAt.getTime());
    });

    it('refuses a PATCH that only lowers mrpPaisa below the stored spPaisa, changing nothing', async () => {
      const { course, product } = await createCourse({ mrpPaisa: 1000, spPaisa: 800 });
      const res = await patch(course.id, { mrpPaisa: 700 }).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      await product.reload();
      expect(product.mrpPaisa).to.equal(1000);
    });

    for (const [rule, body] of [
      ['an empty body', {}],
      ['a body of unknown fields only', { colour: 'red' }],
      ['a null title', { title: null }],
      ['a null slug', { slug: null }],
      ['a null price', { mrpPaisa: null }],
      ['a negative price', { spPaisa: -5 }],
      ['a bad slug format', { slug: 'Not_A_Slug' }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const { course } = await createCourse();
        const res = await patch(course.id, body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    it('keeps the old slug resolving to the course after a rename (product_slug_history)', async () => {
      const { course, product } = await createCourse();
      const oldSlug = product.slug;
      const newSlug = `renamed-${tag()}`;
      const res = await patch(course.id, { slug: newSlug }).expect(200);
      expect(res.body.data.slug).to.equal(newSlug);
      const slugs = (await testContainer('admin-courses-e2e')).get(ProductSlugs);
      expect((await slugs.resolve(oldSlug, { type: 'course' }))?.id).to.equal(product.id);
      expect((await slugs.resolve(newSlug, { type: 'course' }))?.id).to.equal(product.id);
    });

    it('lets a course take back its own former slug', async () => {
      const { course, product } = await createCourse();
      await patch(course.id, { slug: `interim-${tag()}` }).expect(200);
      const res = await patch(course.id, { slug: product.slug }).expect(200);
      expect(res.body.data.slug).to.equal(product.slug);
    });

    it('refuses with 409 CONFLICT a slug another course uses now or used before renaming', async () => {
      const { course: renamed, product } = await createCourse();
      const formerSlug = product.slug;
      const currentSlug = `moved-${tag()}`;
      await patch(renamed.id, { slug: currentSlug }).expect(200);
      const { course: other } = await createCourse();
      for (const slug of [formerSlug, currentSlug]) {
        const res = await patch(other.id, { slug }).expect(409);
        expect(res.body).to.deep.equal({ message: `The slug "${slug}" is already in use`, errorCode: 'CONFLICT' });
        const created = await post(newCourse({ slug })).expect(409);
        expect(created.body.errorCode).to.equal('CONFLICT');
      }
    });

    it('answers 404 NOT_FOUND for an unknown course', async () => {
      const res = await patch(999_999_999, { title: 'x' }).expect(404);
      expect(res.body.errorCode).to.equal('NOT_FOUND');
    });
  });

  describe('publish and unpublish', () => {
    it('publishes and unpublishes a course, answering the CourseResponseDto', async () => {
      const { course } = await createCourse({ published: false });
      const published = await api.http.post(`/api/admin/courses/${course.id}/publish`).set('Authorization', all).expect(200);
      expect(published.body).to.include({ message: 'Course published successfully' });
      expect(published.body.data).to.include({ id: course.id, isPublished: true });
      const again = await api.http.post(`/api/admin/courses/${course.id}/publish`).set('Authorization', all).expect(200);
      expect(again.body.data.isPublished).to.equal(true);
      const unpublished = await api.http.post(`/api/admin/courses/${course.id}/unpublish`).set('Authorization', all).expect(200);
      expect(unpublished.body.data).to.include({ id: course.id, isPublished: false });
      expect((await ProductModel.findByPk(course.productId))?.isPublished).to.equal(false);
    });

    it('answers 404 NOT_FOUND for an unknown course', async () => {
      await api.http.post('/api/admin/courses/999999999/publish').set('Authorization', all).expect(404);
      await api.http.post('/api/admin/courses/999999999/unpublish').set('Authorization', all).expect(404);
    });
  });

  describe('DELETE /api/admin/courses/:id', () => {
    it('deletes the course, its product, topics and lessons', async () => {
      const { course, product, topics } = await createCourse({ lessonsPerTopic: [2, 1] });
      const res = await api.http.delete(`/api/admin/courses/${course.id}`).set('Authorization', all).expect(200);
      expect(res.body).to.deep.equal({ message: 'Course deleted successfully', data: { id: course.id } });
      expect(await CourseModel.findByPk(course.id)).to.equal(null);
      expect(await ProductModel.findByPk(product.id)).to.equal(null);
      expect(await CourseTopicModel.count({ where: { id: topics.map((t) => t.topic.id) } })).to.equal(0);
      await api.http.get(`/api/admin/courses/${course.id}`).set('Authorization', all).expect(404);
    });

    it('refuses with 409 CONFLICT once the product was granted to someone, keeping the course', async () => {
      const { course, product } = await createCourse();
      const customer = await createCustomer(api.app.container);
      await grantAccess(customer.id, product.id);
      const res = await api.http.delete(`/api/admin/courses/${course.id}`).set('Authorization', all).expect(409);
      expect(res.body.errorCode).to.equal('CONFLICT');
      expect(await CourseModel.findByPk(course.id)).to.not.equal(null);
    });

    it('answers 404 NOT_FOUND for an unknown course', async () => {
      await api.http.delete('/api/admin/courses/999999999').set('Authorization', all).expect(404);
    });
  });
});
