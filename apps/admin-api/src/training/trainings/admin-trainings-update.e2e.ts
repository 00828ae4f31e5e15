import { expect } from 'chai';
import { ProductModel, TrainingModel } from '@platform/db';
import { adminToken, buildTestApp, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** PATCH /api/admin/training/:id (CONTRACT §10): fields, merged checks, access type and publication. */
describe('Admin trainings: update and publication (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const patch = (id: number, body: object) => api.http.patch(`/api/admin/training/${id}`).set('Authorization', all).send(body);
  const productOf = async (trainingId: number) => ProductModel.findByPk((await TrainingModel.findByPk(trainingId))?.productId);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['Training_READ', 'Training_UPDATE'])}`;
  });

  it('updates training and product fields and answers the TrainingResponseDto', async () => {
    const { training } = await createTraining({ published: false });
    const body = {
      title: 'Renamed training',
      description: 'New text',
      categoryId: 11,
      tagId: 12,
      isFree: true,
      isFeatured: true,
      isSellable: false,
      mrpPaisa: 5000,
      spPaisa: 4000,
      thumbnailRef: 'public/image/new.png',
    };
    const res = await patch(training.id, body).expect(200);
    expect(res.body.message).to.equal('Training updated successfully');
    expect(res.body.data).to.include({ ...body, thumbnailUrl: '/public/image/new.png', status: 'draft', isPublished: false });
    expect(new Date(res.body.data.updatedAt).getTime()).to.be.greaterThan(training.updatedAt.getTime());
  });

  it('clears the nullable fields with null', async () => {
    const { training } = await createTraining({ categoryId: 1, tagId: 2, thumbnailRef: 'public/image/x.png', trailerRef: 'videos/x.mp4' });
    const res = await patch(training.id, { description: null, categoryId: null, tagId: null, thumbnailRef: null, trailerRef: null }).expect(200);
    expect(res.body.data).to.include({ description: null, categoryId: null, tagId: null, thumbnailRef: null, trailerRef: null, trailerUrl: null });
  });

  for (const [rule, body] of [
    ['an empty body', {}],
    ['a null title', { title: null }],
    ['a null status', { status: null }],
    ['an unknown status', { status: 'live' }],
    ['a null accessType', { accessType: null }],
    ['a non-boolean isFeatured', { isFeatured: 'yes' }],
    ['a private thumbnailRef', { thumbnailRef: 'uploads/image/x.png' }],
    ['a trailerRef with a control character', { trailerRef: 'public/trailer/a\nb.mp4' }],
    ['an empty trailerRef', { trailerRef: '' }],
    ['a trailerRef over 1024 characters', { trailerRef: `public/trailer/${'a'.repeat(1020)}.mp4` }],
    ['a non-string trailerRef', { trailerRef: 42 }],
    // With the local driver a leading / would make a protocol-relative (off-site) trailerUrl.
    ['a trailerRef starting with /', { trailerRef: '/evil.com/x.mp4' }],
    ['a trailerRef starting with //', { trailerRef: '//evil.com/x.mp4' }],
    ['a trailerRef with a .. segment', { trailerRef: 'public/trailer/../../uploads/video/x.mp4' }],
    ['a trailerRef that is a lone ..', { trailerRef: '..' }],
    ['a trailerRef with a backslash', { trailerRef: 'public\\trailer\\a.mp4' }],
    ['a URL trailerRef with a backslash', { trailerRef: 'https:\\\\evil.com\\x.mp4' }],
  ] as const) {
    it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
      const { training } = await createTraining();
      expect((await patch(training.id, body).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  }

  it('checks prices after merging with the stored ones', async () => {
    const { training } = await createTraining({ mrpPaisa: 1000, spPaisa: 800 });
    expect((await patch(training.id, { mrpPaisa: 700 }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    await patch(training.id, { spPaisa: 500 }).expect(200);
    await patch(training.id, { mrpPaisa: 600 }).expect(200);
  });

  it('switches access: time_limited needs accessDurationDays, lifetime clears it, a duration alone needs time_limited', async () => {
    const { training } = await createTraining();
    expect((await patch(training.id, { accessType: 'time_limited' }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    expect((await patch(training.id, { accessDurationDays: 30 }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    const limited = await patch(training.id, { accessType: 'time_limited', accessDurationDays: 60 }).expect(200);
    expect(limited.body.data).to.include({ accessType: 'time_limited', accessDurationDays: 60 });
    expect((await patch(training.id, { accessDurationDays: 90 }).expect(200)).body.data.accessDurationDays).to.equal(90);
    expect((await patch(training.id, { accessDurationDays: null }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    const lifetime = await patch(training.id, { accessType: 'lifetime' }).expect(200);
    expect(lifetime.body.data).to.include({ accessType: 'lifetime', accessDurationDays: null });
    expect((await patch(training.id, { accessType: 'time_limited' }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
  });

  it('writes trailerRef directly, legacy values included, without deleting anything', async () => {
    const { training } = await createTraining({ trailerRef: 'public/trailer/2024/01/managed.mp4' });
    const res = await patch(training.id, { trailerRef: 'legacy/trailers/intro.mp4' }).expect(200);
    expect(res.body.data).to.include({ trailerRef: 'legacy/trailers/intro.mp4', trailerUrl: '/legacy/trailers/intro.mp4' });
    const url = await patch(training.id, { trailerRef: 'https://cdn.example.com/t.mp4' }).expect(200);
    expect(url.body.data.trailerUrl).to.equal('https://cdn.example.com/t.mp4');
    const key = await patch(training.id, { trailerRef: 'public/trailer/2024/02/other.mp4' }).expect(200);
    expect(key.body.data).to.include({ trailerRef: 'public/trailer/2024/02/other.mp4', trailerUrl: '/public/trailer/2024/02/other.mp4' });
    const dotted = await patch(training.id, { trailerRef: 'videos/trailers/v1..final.mp4' }).expect(200);
    expect(dotted.body.data.trailerUrl).to.equal('/videos/trailers/v1..final.mp4');
  });

  describe('status and publication', () => {
    it('refuses to publish without a session or a cohort with 400 TRAINING_NOT_PUBLISHABLE naming what is missing', async () => {
      const { training } = await createTraining({ published: false, sessions: [], cohorts: [] });
      const res = await patch(training.id, { status: 'published' }).expect(400);
      expect(res.body.errorCode).to.equal('TRAINING_NOT_PUBLISHABLE');
      expect(res.body.message).to.match(/: add a session and a cohort \(not cancelled\) first$/);
      expect((await productOf(training.id))?.isPublished).to.equal(false);
      expect((await TrainingModel.findByPk(training.id))?.status).to.equal('draft');
    });

    it('does not count cancelled cohorts or sessions towards publishing', async () => {
      const { training } = await createTraining({ published: false, cohorts: [{ status: 'cancelled' }] });
      const res = await patch(training.id, { status: 'published' }).expect(400);
      expect(res.body.message).to.match(/: add a cohort \(not cancelled\) first$/);
      const sessionless = await createTraining({ published: false, sessions: [{ status: 'cancelled' }] });
      const other = await patch(sessionless.training.id, { status: 'published' }).expect(400);
      expect(other.body.message).to.match(/: add a session first$/);
    });

    it('publishes with a session and a cohort: the product is published in the same write', async () => {
      const { training } = await createTraining({ published: false, cohorts: [{ status: 'full' }] });
      const res = await patch(training.id, { status: 'published' }).expect(200);
      expect(res.body.data).to.include({ status: 'published', isPublished: true });
      expect((await productOf(training.id))?.isPublished).to.equal(true);
    });

    for (const status of ['draft', 'hidden', 'archived'] as const) {
      it(`unpublishes the product when the status becomes ${status}`, async () => {
        const { training } = await createTraining();
        const res = await patch(training.id, { status }).expect(200);
        expect(res.body.data).to.include({ status, isPublished: false });
        expect((await productOf(training.id))?.isPublished).to.equal(false);
      });
    }

    it('keeps a published training published through other edits, and re-publishing is not checked again', async () => {
      const { training } = await createTraining();
      expect((await patch(training.id, { title: 'Still published' }).expect(200)).body.data.isPublished).to.equal(true);
      await patch(training.id, { status: 'published' }).expect(200);
    });
  });

  it('answers 404 TRAINING_NOT_FOUND for an unknown id', async () => {
    expect((await patch(2_000_000_000, { title: 'x' }).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
  });
});
