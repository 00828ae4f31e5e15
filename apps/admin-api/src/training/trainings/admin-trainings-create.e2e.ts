import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ProductModel, TrainingModel } from '@platform/db';
import { ProductSlugs } from '@platform/domain';
import { adminToken, buildTestApp, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const tag = () => randomBytes(4).toString('hex');

/** POST /api/admin/training (CONTRACT §10) and GET /api/admin/training/:id. */
describe('Admin trainings: create and detail (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const newTraining = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    title: `Swing Trading ${tag()}`,
    mrpPaisa: 900_000,
    spPaisa: 700_000,
    accessType: 'lifetime',
    ...overrides,
  });
  const post = (body: object) => api.http.post('/api/admin/training').set('Authorization', all).send(body);
  const get = (id: number | string) => api.http.get(`/api/admin/training/${id}`).set('Authorization', all);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['Training_READ', 'Training_CREATE', 'Training_UPDATE', 'Training_DELETE'])}`;
  });

  it('creates a draft training with an unpublished training product and answers 201 with the TrainingResponseDto', async () => {
    const body = newTraining({ description: 'Learn swings', categoryId: 3, tagId: 7, isFree: true, slug: `swing-${tag()}` });
    const res = await post(body).expect(201);
    expect(res.body.message).to.equal('Training created successfully');
    expect(res.body.data).to.include({
      title: body.title,
      slug: body.slug,
      description: 'Learn swings',
      status: 'draft',
      isPublished: false,
      isSellable: true,
      isFree: true,
      isFeatured: false,
      categoryId: 3,
      tagId: 7,
      mrpPaisa: 900_000,
      spPaisa: 700_000,
      accessType: 'lifetime',
      accessDurationDays: null,
      thumbnailRef: null,
      thumbnailUrl: null,
      trailerRef: null,
      trailerUrl: null,
      sessionCount: 0,
      cohortCount: 0,
    });
    const training = await TrainingModel.findByPk(res.body.data.id, { include: [ProductModel] });
    expect(training?.product?.type).to.equal('training');
    expect(training?.product?.isPublished).to.equal(false);
    expect(training?.productId).to.equal(res.body.data.productId);
  });

  it('creates time-limited access with accessDurationDays and makes the slug from the title', async () => {
    const title = `Intraday Bootcamp ${tag()}`;
    const res = await post(newTraining({ title, accessType: 'time_limited', accessDurationDays: 90 })).expect(201);
    expect(res.body.data).to.include({ accessType: 'time_limited', accessDurationDays: 90, slug: title.toLowerCase().replace(/ /g, '-') });
    const again = await post(newTraining({ title })).expect(201);
    expect(again.body.data.slug).to.equal(`${res.body.data.slug}-2`);
  });

  for (const [rule, overrides] of [
    ['time_limited without accessDurationDays', { accessType: 'time_limited' }],
    ['time_limited with accessDurationDays 0', { accessType: 'time_limited', accessDurationDays: 0 }],
    ['lifetime with accessDurationDays', { accessType: 'lifetime', accessDurationDays: 30 }],
    ['an unknown accessType', { accessType: 'forever' }],
    ['a missing accessType', { accessType: undefined }],
    ['spPaisa above mrpPaisa', { mrpPaisa: 100, spPaisa: 101 }],
    ['a missing title', { title: undefined }],
    ['a categoryId of 0', { categoryId: 0 }],
    ['a tagId that is not an integer', { tagId: 'x' }],
    ['a description with a NUL character', { description: 'a\u0000b' }],
    ['a bad slug', { slug: 'Not A Slug' }],
  ] as const) {
    it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
      const res = await post(newTraining(overrides)).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });
  }

  it('refuses a slug another product uses now or used before with 409 CONFLICT', async () => {
    const { product } = await createTraining();
    expect((await post(newTraining({ slug: product.slug })).expect(409)).body.errorCode).to.equal('CONFLICT');
  });

  it('gives one of two concurrent creates with the same slug 201 and the other 409, never 500', async () => {
    const slug = `race-${tag()}`;
    const statuses = (await Promise.all([post(newTraining({ slug })), post(newTraining({ slug }))])).map((r) => r.status);
    expect(statuses.sort()).to.deep.equal([201, 409]);
  });

  it('answers the detail with every field, counts of sessions and cohorts, and resolved URLs', async () => {
    const { training, product } = await createTraining({
      trailerRef: 'public/trailer/2024/01/t.mp4',
      thumbnailRef: 'public/image/t.png',
      accessDurationDays: 30,
      sessions: [{}, {}],
      cohorts: [{}, {}, { status: 'cancelled' }],
    });
    const res = await get(training.id).expect(200);
    expect(res.body.data).to.include({
      id: training.id,
      productId: product.id,
      title: product.title,
      slug: product.slug,
      status: 'published',
      isPublished: true,
      accessType: 'time_limited',
      accessDurationDays: 30,
      trailerRef: 'public/trailer/2024/01/t.mp4',
      trailerUrl: '/public/trailer/2024/01/t.mp4',
      thumbnailRef: 'public/image/t.png',
      thumbnailUrl: '/public/image/t.png',
      sessionCount: 2,
      cohortCount: 3,
    });
    expect(res.body.data).to.include.keys('createdAt', 'updatedAt', 'description', 'categoryId', 'tagId', 'isFeatured', 'mrpPaisa', 'spPaisa');
  });

  it('answers 404 TRAINING_NOT_FOUND for an unknown id, and a legacy trailerRef as its own URL', async () => {
    expect((await get(2_000_000_000).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    const { training } = await createTraining({ trailerRef: 'https://videos.example.com/old.mp4' });
    expect((await get(training.id).expect(200)).body.data.trailerUrl).to.equal('https://videos.example.com/old.mp4');
  });

  it('keeps the old slug resolving after a rename, and refuses a taken one with 409 keeping the current', async () => {
    const { training, product } = await createTraining();
    const other = await createTraining();
    const newSlug = `renamed-${tag()}`;
    await api.http.patch(`/api/admin/training/${training.id}`).set('Authorization', all).send({ slug: newSlug }).expect(200);
    const slugs = api.app.container.get(ProductSlugs);
    expect((await slugs.resolve(product.slug, { type: 'training' }))?.id).to.equal(product.id);
    const res = await api.http.patch(`/api/admin/training/${training.id}`).set('Authorization', all).send({ slug: other.product.slug });
    expect(res.status).to.equal(409);
    expect((await ProductModel.findByPk(product.id))?.slug).to.equal(newSlug);
  });
});
