import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Database, LessonModel, ProductModel, ProductSlugHistoryModel } from '@platform/db';
import { ProductSlugs, UpdateCourseUseCase } from '@platform/domain';
import { StorageUrls } from '@platform/storage';
import { buildTestApp, createCourse, createDigitalBook, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const tag = () => `zq${randomBytes(4).toString('hex')}`;

describe('Course storefront (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  for (const prefix of ['/api', '/api/mobile']) {
    describe(`GET ${prefix}/courses`, () => {
      it('lists only courses that are both published and sellable, as cards', async () => {
        const word = tag();
        const onSale = await createCourse({ title: `Store ${word} on sale`, trailerRef: 'public/trailer/demo.mp4' });
        await createCourse({ title: `Store ${word} draft`, published: false });
        await createCourse({ title: `Store ${word} withdrawn`, sellable: false });
        await createDigitalBook({ title: `Store ${word} book` });

        const res = await api.http.get(`${prefix}/courses`).query({ search: word }).expect(200);
        expect(res.body).to.include({ count: 1, page: 1, size: 20 });
        const urls = api.app.container.get(StorageUrls);
        expect(res.body.data).to.deep.equal([
          {
            id: onSale.course.id,
            productId: onSale.product.id,
            title: onSale.product.title,
            slug: onSale.product.slug,
            mrpPaisa: 500_000,
            spPaisa: 400_000,
            thumbnailUrl: null,
            trailerRef: 'public/trailer/demo.mp4',
            trailerUrl: urls.publicUrl('public/trailer/demo.mp4'),
            lessonCount: 2,
            totalDurationSeconds: 600 + 660,
          },
        ]);
      });

      it('counts only enabled lessons in lessonCount and totalDurationSeconds', async () => {
        const word = tag();
        const { topics } = await createCourse({ title: `Count ${word}`, lessonsPerTopic: [2, 1] });
        await topics[0].lessons[1].update({ isEnabled: false });
        const res = await api.http.get(`${prefix}/courses`).query({ search: word }).expect(200);
        expect(res.body.data[0]).to.include({ lessonCount: 2, totalDurationSeconds: 600 + 600 });
      });

      it('searches titles case-insensitively, matching % and _ literally', async () => {
        const word = tag();
        await createCourse({ title: `Search ${word} 100%_off` });
        await createCourse({ title: `Search ${word} 100 percent` });
        const upper = await api.http.get(`${prefix}/courses`).query({ search: `  ${word.toUpperCase()}  ` }).expect(200);
        expect(upper.body.count).to.equal(2);
        const literal = await api.http.get(`${prefix}/courses`).query({ search: `${word} 100%_` }).expect(200);
        expect(literal.body.data.map((card: { title: string }) => card.title)).to.deep.equal([`Search ${word} 100%_off`]);
      });

      it('pages and sorts the list (most recently updated first by default)', async () => {
        const word = tag();
        const cheap = await createCourse({ title: `Page ${word} b`, mrpPaisa: 300_000, spPaisa: 100_000 });
        const dear = await createCourse({ title: `Page ${word} c`, mrpPaisa: 300_000, spPaisa: 300_000 });
        const middle = await createCourse({ title: `Page ${word} a`, mrpPaisa: 300_000, spPaisa: 200_000 });
        const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((card) => card.id);

        const latest = await api.http.get(`${prefix}/courses`).query({ search: word }).expect(200);
        expect(ids(latest)).to.deep.equal([middle.course.id, dear.course.id, cheap.course.id]);

        const first = await api.http.get(`${prefix}/courses`).query({ search: word, sort: 'spPaisa', order: 'asc', size: 2 }).expect(200);
        expect(first.body).to.include({ count: 3, page: 1, size: 2 });
        expect(ids(first)).to.deep.equal([cheap.course.id, middle.course.id]);
        const second = await api.http.get(`${prefix}/courses`).query({ search: word, sort: 'spPaisa', order: 'asc', size: 2, page: 2 }).expect(200);
        expect(ids(second)).to.deep.equal([dear.course.id]);

        const all = await api.http.get(`${prefix}/courses`).query({ search: word, pagination: false, size: 1 }).expect(200);
        expect(all.body).to.include({ count: 3, page: 1, size: 3 });

        const byTitle = await api.http.get(`${prefix}/courses`).query({ search: word, sort: 'title', order: 'asc' }).expect(200);
        expect(ids(byTitle)).to.deep.equal([middle.course.id, cheap.course.id, dear.course.id]);

        // Through the admin use case: the storefront is cached, and course writes make it stale.
        await api.app.container.get(UpdateCourseUseCase).execute(cheap.course.id, { mrpPaisa: 300_001 });
        const touched = await api.http.get(`${prefix}/courses`).query({ search: word }).expect(200);
        expect(ids(touched)[0]).to.equal(cheap.course.id);
        const oldest = await api.http.get(`${prefix}/courses`).query({ search: word, sort: 'createdAt', order: 'asc' }).expect(200);
        expect(ids(oldest)).to.deep.equal([cheap.course.id, dear.course.id, middle.course.id]);
      });

      it('rejects an unknown sort, an unknown order and a page below 1 with VALIDATION_ERROR', async () => {
        for (const query of [{ sort: 'videoKey' }, { order: 'sideways' }, { page: 0 }]) {
          const res = await api.http.get(`${prefix}/courses`).query(query).expect(400);
          expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        }
      });
    });

    describe(`GET ${prefix}/courses/:slug`, () => {
      it('answers a published, sellable course with its trailer URL, lesson totals and topic titles', async () => {
        const { course, product, topics } = await createCourse({ trailerRef: 'public/trailer/page.mp4', lessonsPerTopic: [2, 1] });
        const res = await api.http.get(`${prefix}/courses/${product.slug}`).expect(200);
        expect(res.body.data).to.include({
          id: course.id,
          productId: product.id,
          title: product.title,
          slug: product.slug,
          description: 'A course for tests',
          trailerRef: 'public/trailer/page.mp4',
          trailerUrl: api.app.container.get(StorageUrls).publicUrl('public/trailer/page.mp4'),
          isPublished: true,
          isSellable: true,
          lessonCount: 3,
          totalDurationSeconds: 600 + 660 + 600,
        });
        expect(res.body.data.topics).to.deep.equal(
          topics.map(({ topic }) => ({ id: topic.id, title: topic.title, position: topic.position })),
        );
        expect(JSON.stringify(res.body)).not.to.contain('uploads/');
      });

      it('still finds a course by its old slug after a rename, answering with the current slug', async () => {
        const { course, product } = await createCourse();
        const oldSlug = product.slug;
        const newSlug = `renamed-${tag()}`;
        await api.app.container.get(Database).transaction(async (tx) => {
          const row = (await ProductModel.findByPk(product.id, { transaction: tx })) as ProductModel;
          await api.app.container.get(ProductSlugs).rename(row, newSlug, tx);
          await row.save({ transaction: tx });
        });
        expect(await ProductSlugHistoryModel.findByPk(oldSlug)).not.to.equal(null);

        const byOld = await api.http.get(`${prefix}/courses/${oldSlug}`).expect(200);
        const byNew = await api.http.get(`${prefix}/courses/${newSlug}`).expect(200);
        expect(byOld.body.data).to.include({ id: course.id, slug: newSlug });
        expect(byNew.body.data).to.deep.equal(byOld.body.data);
      });

      it('answers 404 for an unpublished, unsellable, unknown or digital-book slug', async () => {
        const [draft, withdrawn, { product: book }] = await Promise.all([
          createCourse({ published: false }),
          createCourse({ sellable: false }),
          createDigitalBook(),
        ]);
        for (const slug of [draft.product.slug, withdrawn.product.slug, `no-such-course-${tag()}`, book.slug, 'NOT A SLUG']) {
          const res = await api.http.get(`${prefix}/courses/${encodeURIComponent(slug)}`).expect(404);
          expect(res.body).to.deep.equal({ message: 'Course not found', errorCode: 'NOT_FOUND' });
        }
      });

      it('hides a course again once it is unpublished, even by its old slug', async () => {
        const { product } = await createCourse();
        const oldSlug = product.slug;
        await ProductSlugHistoryModel.create({ slug: oldSlug, productId: product.id });
        await product.update({ slug: `moved-${tag()}`, isPublished: false });
        await api.http.get(`${prefix}/courses/${oldSlug}`).expect(404);
        await api.http.get(`${prefix}/courses/${product.slug}`).expect(404);
      });
    });
  }

  it('keeps a lesson-count total of 0 for a course without enabled lessons', async () => {
    const { product, topics } = await createCourse({ lessonsPerTopic: [1] });
    await LessonModel.update({ isEnabled: false }, { where: { id: topics[0].lessons[0].id } });
    const res = await api.http.get(`/api/courses/${product.slug}`).expect(200);
    expect(res.body.data).to.include({ lessonCount: 0, totalDurationSeconds: 0 });
  });
});
