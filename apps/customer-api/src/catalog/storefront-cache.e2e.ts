import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { CourseModel, LessonModel, ProductModel } from '@platform/db';
import {
  ClearCourseTrailerUseCase,
  CreateCourseDto,
  CreateCourseUseCase,
  CreateLessonDto,
  CreateLessonUseCase,
  CreateTopicUseCase,
  DeleteCourseUseCase,
  DeleteLessonUseCase,
  DeleteTopicUseCase,
  SetCoursePublishedUseCase,
  UpdateCourseDto,
  UpdateCourseUseCase,
  UpdateLessonDto,
  UpdateLessonUseCase,
  UpdateTopicUseCase,
  UploadCourseTrailerUseCase,
  UploadedFileInput,
} from '@platform/domain';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createCourse, isolatedInfrastructure, mp4Bytes, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const tag = () => `zc${randomBytes(4).toString('hex')}`;

interface Card {
  id: number;
  title: string;
  slug: string;
  spPaisa: number;
  trailerRef: string | null;
  lessonCount: number;
  totalDurationSeconds: number;
}

/**
 * The storefront list and course page are cached for everyone, and every course write (the admin
 * use cases the admin routes call, run here in this app's container; admin-api's suites cover the
 * routes) makes them stale when it commits: the next read shows the write. A row changed straight
 * in the database, past the use cases, is not seen until the next course write: that is how these
 * tests know the answers come from the cache. Redis down: every read comes from the database.
 */
describe('Course storefront cache (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const use = <T>(useCase: new (...args: never[]) => T): T => api.app.container.get(useCase);
  const cards = async (word: string): Promise<Card[]> => (await api.http.get('/api/courses').query({ search: word }).expect(200)).body.data;
  /** The first page of the whole list, newest first: no search, so the cache keeps it. */
  const newest = async (): Promise<Card[]> => (await api.http.get('/api/courses').query({ size: 100 }).expect(200)).body.data;
  const page = async (slug: string) => {
    const res = await api.http.get(`/api/courses/${slug}`);
    return res.status === 200 ? res.body.data : res.status;
  };

  /** A course on sale, found by a search for `word`, with the list and its page read (and so cached). */
  const cachedCourse = async (lessonsPerTopic = [2]) => {
    const word = tag();
    const created = await createCourse({ title: `Cached ${word}`, lessonsPerTopic });
    expect(await cards(word)).to.have.length(1);
    expect(await page(created.product.slug)).to.include({ id: created.course.id });
    return { word, ...created };
  };
  const updateCourse = (id: number, input: Partial<UpdateCourseDto>) => use(UpdateCourseUseCase).execute(id, input as UpdateCourseDto);

  it('serves the list and the course page from the cache: a row changed past the use cases is not seen until a course write', async () => {
    const { word, course, product } = await cachedCourse();
    // The factory wrote past the use cases: a write through one makes any list cached before it stale.
    await updateCourse(course.id, { description: 'cached next' });
    const listed = await newest();
    expect(listed.map((card) => card.id)).to.include(course.id);
    const shown = await page(product.slug);
    await ProductModel.update({ title: `Changed in the database ${word}` }, { where: { id: product.id } });
    expect(await newest()).to.deep.equal(listed);
    expect(await page(product.slug)).to.deep.equal(shown);

    // A write to another course: one version for all views, so every one of them is stale.
    const { course: other } = await createCourse();
    await updateCourse(other.id, { description: 'another course' });
    expect((await newest()).find((card) => card.id === course.id)?.title).to.equal(`Changed in the database ${word}`);
    expect(await page(product.slug)).to.include({ id: course.id, title: `Changed in the database ${word}` });
  });

  it('never keeps a search: its text is the caller\'s, so each would be a Redis key anyone could make', async () => {
    const { word, product } = await cachedCourse();
    await ProductModel.update({ title: `Found in the database ${word}` }, { where: { id: product.id } });
    expect((await cards(word)).map((card) => card.title)).to.deep.equal([`Found in the database ${word}`]);
  });

  it('shows course edits on the next read: title, prices, slug (the old one still resolving), sellable', async () => {
    const { word, course, product } = await cachedCourse();
    const newSlug = `moved-${tag()}`;
    await updateCourse(course.id, { title: `Renamed ${word}`, spPaisa: 123_400, slug: newSlug });
    const [card] = await cards(word);
    expect(card).to.include({ id: course.id, title: `Renamed ${word}`, slug: newSlug, spPaisa: 123_400 });
    expect(await page(product.slug)).to.include({ slug: newSlug, spPaisa: 123_400 });
    expect(await page(newSlug)).to.include({ slug: newSlug, title: `Renamed ${word}` });

    await updateCourse(course.id, { isSellable: false });
    expect(await cards(word)).to.deep.equal([]);
    expect(await page(newSlug)).to.equal(404);
    await updateCourse(course.id, { isSellable: true });
    expect(await cards(word)).to.have.length(1);
    expect(await page(newSlug)).to.include({ id: course.id });
  });

  it('shows publishing and unpublishing on the next read', async () => {
    const { word, course, product } = await cachedCourse();
    await use(SetCoursePublishedUseCase).execute(course.id, false);
    expect(await cards(word)).to.deep.equal([]);
    expect(await page(product.slug)).to.equal(404);
    await use(SetCoursePublishedUseCase).execute(course.id, true);
    expect((await cards(word)).map((card) => card.id)).to.deep.equal([course.id]);
    expect(await page(product.slug)).to.include({ id: course.id });
  });

  it('shows a created course once published, and a deleted one no more', async () => {
    const word = tag();
    expect(await cards(word)).to.deep.equal([]);
    const created = await use(CreateCourseUseCase).execute({ title: `Fresh ${word}`, mrpPaisa: 1000, spPaisa: 900 } as CreateCourseDto);
    expect(await cards(word)).to.deep.equal([]); // created unpublished
    await use(SetCoursePublishedUseCase).execute(created.id, true);
    expect((await cards(word)).map((card) => card.id)).to.deep.equal([created.id]);
    expect(await page(created.slug)).to.include({ id: created.id });

    await use(DeleteCourseUseCase).execute(created.id);
    expect(await cards(word)).to.deep.equal([]);
    expect(await page(created.slug)).to.equal(404);
  });

  it('shows topic writes on the course page: create, rename, move and delete (with its lessons)', async () => {
    const { course, product, topics } = await cachedCourse([2]);
    const added = await use(CreateTopicUseCase).execute(course.id, { title: 'Added topic' });
    expect((await page(product.slug)).topics.map((topic: { title: string }) => topic.title)).to.deep.equal(['Topic 1', 'Added topic']);

    await use(UpdateTopicUseCase).execute(course.id, added.id, { title: 'Now first', position: 0 });
    await use(UpdateTopicUseCase).execute(course.id, topics[0].topic.id, { position: 1 });
    expect((await page(product.slug)).topics.map((topic: { title: string }) => topic.title)).to.deep.equal(['Now first', 'Topic 1']);

    await use(DeleteTopicUseCase).execute(course.id, topics[0].topic.id);
    expect(await page(product.slug)).to.deep.include({ topics: [{ id: added.id, title: 'Now first', position: 0 }], lessonCount: 0, totalDurationSeconds: 0 });
  });

  it('shows lesson writes in the lesson totals of the list and the course page: create, disable, duration and delete', async () => {
    const { word, course, product, topics } = await cachedCourse([1]);
    const totals = async () => {
      const [card] = await cards(word);
      const shown = await page(product.slug);
      expect([shown.lessonCount, shown.totalDurationSeconds]).to.deep.equal([card.lessonCount, card.totalDurationSeconds]);
      return [card.lessonCount, card.totalDurationSeconds];
    };
    expect(await totals()).to.deep.equal([1, 600]);

    const lesson = await use(CreateLessonUseCase).execute(course.id, topics[0].topic.id, { title: 'Added', videoDurationSeconds: 100 } as CreateLessonDto);
    expect(await totals()).to.deep.equal([2, 700]);
    await use(UpdateLessonUseCase).execute(course.id, lesson.id, { videoDurationSeconds: 250 } as UpdateLessonDto);
    expect(await totals()).to.deep.equal([2, 850]);
    await use(UpdateLessonUseCase).execute(course.id, topics[0].lessons[0].id, { isEnabled: false } as UpdateLessonDto);
    expect(await totals()).to.deep.equal([1, 250]);
    await use(DeleteLessonUseCase).execute(course.id, lesson.id);
    expect(await totals()).to.deep.equal([0, 0]);
  });

  it('shows a trailer upload and its removal on the next read', async () => {
    const { word, course, product } = await cachedCourse();
    const dir = await mkdtemp(join(tmpdir(), 'storefront-cache-'));
    const file: UploadedFileInput = { path: join(dir, 'upload'), originalName: 'trailer.mp4', mimeType: 'video/mp4', size: mp4Bytes().length };
    await writeFile(file.path, mp4Bytes());

    const uploaded = await use(UploadCourseTrailerUseCase).execute(course.id, file);
    expect((await cards(word))[0].trailerRef).to.equal(uploaded.trailerRef);
    expect(await page(product.slug)).to.include({ trailerRef: uploaded.trailerRef, trailerUrl: uploaded.trailerUrl });

    await use(ClearCourseTrailerUseCase).execute(course.id);
    expect((await cards(word))[0].trailerRef).to.equal(null);
    expect(await page(product.slug)).to.include({ trailerRef: null, trailerUrl: null });
  });

  it('keeps the cached views when a course write fails and rolls back', async () => {
    const { word, course, product } = await cachedCourse();
    const listed = await cards(word);
    await CourseModel.update({ description: 'Changed in the database' }, { where: { id: course.id } });
    const error = await updateCourse(course.id, { slug: 'NOT A SLUG' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect(await cards(word)).to.deep.equal(listed);
    expect(await page(product.slug)).to.include({ description: 'A course for tests' });
  });

  describe('with Redis down', () => {
    let infra: Infrastructure;
    let offline: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure(
        'storefront-cache-offline',
        {},
        { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'storefront-cache-offline' }, { retryStrategy: () => null }) },
      );
      offline = await buildTestApp(createCustomerApi, infra);
    });

    after(() => closeTestInfrastructure(infra));

    it('answers the list and the course page from the database, current on each read', async () => {
      const word = tag();
      const { course, product } = await createCourse({ title: `Offline ${word}` });
      const list = async () => (await offline.http.get('/api/courses').query({ search: word }).expect(200)).body.data.map((card: Card) => card.title);
      expect(await list()).to.deep.equal([`Offline ${word}`]);
      await ProductModel.update({ title: `Offline changed ${word}` }, { where: { id: product.id } });
      await LessonModel.update({ isEnabled: false }, { where: { courseId: course.id } });
      expect(await list()).to.deep.equal([`Offline changed ${word}`]);
      const res = await offline.http.get(`/api/courses/${product.slug}`).expect(200);
      expect(res.body.data).to.include({ title: `Offline changed ${word}`, lessonCount: 0 });
    });
  });
});
