import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ProductModel, TrainingCohortModel, TrainingEnrollmentModel, TrainingModel, TrainingSessionModel } from '@platform/db';
import { TrainingCatalogWrites } from '@platform/domain';
import { adminToken, buildTestApp, createCustomer, createOrder, createTraining, grantAccess, mp4Bytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** DELETE /api/admin/training/:id (removed or archived), and the customer cache after every admin write. */
describe('Admin trainings: delete and cache invalidation (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const remove = (id: number) => api.http.delete(`/api/admin/training/${id}`).set('Authorization', all);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['Training_READ', 'Training_CREATE', 'Training_UPDATE', 'Training_DELETE'])}`;
  });

  it('deletes a training nobody enrolled in, with its product, sessions and cohorts', async () => {
    const { training, product } = await createTraining({ sessions: [{}, {}], cohorts: [{}] });
    const res = await remove(training.id).expect(200);
    expect(res.body).to.deep.equal({ message: 'Training deleted successfully', data: { id: training.id, outcome: 'deleted', status: null } });
    expect(await TrainingModel.findByPk(training.id)).to.equal(null);
    expect(await ProductModel.findByPk(product.id)).to.equal(null);
    expect(await TrainingSessionModel.count({ where: { trainingId: training.id } })).to.equal(0);
    expect(await TrainingCohortModel.count({ where: { trainingId: training.id } })).to.equal(0);
    expect((await remove(training.id).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
  });

  it('archives a training with an enrollment instead: status archived, product unpublished, rows kept', async () => {
    const { training, product, cohorts } = await createTraining();
    const customer = await createCustomer(api.app.container);
    await TrainingEnrollmentModel.create({ userId: customer.id, productId: product.id, trainingId: training.id, cohortId: cohorts[0].id });
    const res = await remove(training.id).expect(200);
    expect(res.body.data).to.deep.equal({ id: training.id, outcome: 'archived', status: 'archived' });
    expect((await TrainingModel.findByPk(training.id))?.status).to.equal('archived');
    expect((await ProductModel.findByPk(product.id))?.isPublished).to.equal(false);
    expect(await TrainingCohortModel.count({ where: { trainingId: training.id } })).to.equal(1);
  });

  it('archives a training whose product was granted (the product delete is refused), without failing the request', async () => {
    const { training, product } = await createTraining();
    const customer = await createCustomer(api.app.container);
    await grantAccess(customer.id, product.id);
    const res = await remove(training.id).expect(200);
    expect(res.body.data).to.deep.equal({ id: training.id, outcome: 'archived', status: 'archived' });
    expect(await ProductModel.findByPk(product.id)).to.not.equal(null);
  });

  it('archives a training whose product an order names (the foreign key refuses the delete inside a savepoint)', async () => {
    const { training, product } = await createTraining();
    const customer = await createCustomer(api.app.container);
    await createOrder(customer.id, [product]);
    const res = await remove(training.id).expect(200);
    expect(res.body.data).to.deep.equal({ id: training.id, outcome: 'archived', status: 'archived' });
    expect((await ProductModel.findByPk(product.id))?.isPublished).to.equal(false);
  });

  it('answers 404 TRAINING_NOT_FOUND for an unknown id', async () => {
    expect((await remove(2_000_000_000).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
  });

  describe('customer cache', () => {
    const writes: Array<[string, (trainingId: number) => Promise<unknown>]> = [
      ['POST /api/admin/training', async () =>
        api.http.post('/api/admin/training').set('Authorization', all)
          .send({ title: `Cache ${randomBytes(3).toString('hex')}`, mrpPaisa: 100, spPaisa: 100, accessType: 'lifetime' }).expect(201)],
      ['PATCH /api/admin/training/:id', async (id) =>
        api.http.patch(`/api/admin/training/${id}`).set('Authorization', all).send({ isFeatured: true }).expect(200)],
      ['DELETE /api/admin/training/:id', async (id) => remove(id).expect(200)],
      ['POST /api/admin/training/:id/trailer', async (id) =>
        api.http.post(`/api/admin/training/${id}/trailer`).set('Authorization', all)
          .attach('file', mp4Bytes(), { filename: 't.mp4', contentType: 'video/mp4' }).expect(200)],
      ['DELETE /api/admin/training/:id/trailer', async (id) =>
        api.http.delete(`/api/admin/training/${id}/trailer`).set('Authorization', all).expect(200)],
    ];

    for (const [route, write] of writes) {
      it(`${route} makes cached customer training views load again`, async () => {
        const catalog = api.app.container.get(TrainingCatalogWrites);
        const view = `probe-${randomBytes(4).toString('hex')}`;
        let loads = 0;
        const load = async () => ++loads;
        await catalog.read(view, load);
        await catalog.read(view, load);
        expect(loads, 'the second read is served from the cache').to.equal(1);
        const { training } = await createTraining();
        await write(training.id);
        expect(await catalog.read(view, load)).to.equal(2);
      });
    }

    it('a refused write (400) leaves the cache as it was', async () => {
      const catalog = api.app.container.get(TrainingCatalogWrites);
      const view = `probe-${randomBytes(4).toString('hex')}`;
      let loads = 0;
      const load = async () => ++loads;
      await catalog.read(view, load);
      const { training } = await createTraining({ published: false, sessions: [], cohorts: [] });
      await api.http.patch(`/api/admin/training/${training.id}`).set('Authorization', all).send({ status: 'published' }).expect(400);
      expect(await catalog.read(view, load)).to.equal(1);
    });
  });
});
