import { expect } from 'chai';
import { TrainingEnrollmentModel } from '@platform/db';
import { adminToken, AdminRoute, buildTestApp, createCustomer, createEnrollment, createTraining, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Training_READ', 'Training_CREATE', 'Training_UPDATE', 'Training_DELETE'];
const ROUTES: AdminRoute[] = [
  ['get', '/api/admin/training/enrollments', 'Training_READ'],
  ['get', '/api/admin/training/enrollments/1', 'Training_READ'],
  ['patch', '/api/admin/training/enrollments/1/status', 'Training_UPDATE'],
];

describe('Admin training enrollments: list and detail (admin-api)', () => {
  let api: TestApp;
  let admin: string;
  const get = (path: string) => api.http.get(path).set('Authorization', admin);
  const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((row) => row.id);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Training_READ'])}`;
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: (path) => path.replace('/enrollments/1', '/enrollments/{id}'),
    soleHolder: { path: (path) => path.replace('/enrollments/1', '/enrollments/999999999'), statuses: [200, 400, 404] },
  });

  it('filters by status, productId, userId and cohortId, combined', async () => {
    const training = await createTraining({ cohorts: [{}, {}] });
    const customer = await createCustomer(api.app.container);
    const pending = await createEnrollment(api.app.container, { training, customer });
    const enrolled = await createEnrollment(api.app.container, { training, status: 'enrolled' });
    const cancelled = await createEnrollment(api.app.container, { training, status: 'cancelled' });
    await TrainingEnrollmentModel.update({ cohortId: training.cohorts[1].id }, { where: { id: cancelled.enrollment.id } });
    const base = `/api/admin/training/enrollments?productId=${training.product.id}&sort=id&order=asc`;
    expect(ids(await get(base).expect(200))).to.deep.equal([pending.enrollment.id, enrolled.enrollment.id, cancelled.enrollment.id]);
    expect(ids(await get(`${base}&status=enrolled`).expect(200))).to.deep.equal([enrolled.enrollment.id]);
    expect(ids(await get(`/api/admin/training/enrollments?userId=${customer.id}`).expect(200))).to.deep.equal([pending.enrollment.id]);
    expect(ids(await get(`${base}&cohortId=${training.cohorts[1].id}`).expect(200))).to.deep.equal([cancelled.enrollment.id]);
    expect(ids(await get(`${base}&cohortId=${training.cohorts[1].id}&status=pending`).expect(200))).to.deep.equal([]);
    const page = await get(`${base}&size=2&page=2`).expect(200);
    expect(page.body).to.include({ count: 3, page: 2, size: 2 });
    const row = (await get(`${base}&status=pending`).expect(200)).body.data[0];
    expect(row).to.include({ userId: customer.id, orderNumber: pending.order?.orderNumber, orderStatus: 'payment_pending', userEmail: customer.email });
    expect(row).to.include({ orderTotalPaisa: pending.order?.totalPaisa, trainingTitle: training.product.title, userName: 'Test Customer' });
  });

  it('sorts by every allowed value in both directions', async () => {
    const training = await createTraining({ cohorts: [{}, {}] });
    const rows = [
      await createEnrollment(api.app.container, { training, status: 'enrolled' }),
      await createEnrollment(api.app.container, { training, status: 'cancelled' }),
      await createEnrollment(api.app.container, { training }),
    ];
    const [a, b, c] = rows.map((row) => row.enrollment);
    await TrainingEnrollmentModel.update({ cohortId: training.cohorts[1].id }, { where: { id: a.id } });
    const byKey = <T>(key: (row: TrainingEnrollmentModel) => T) =>
      [...[a, b, c]].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : x.id - y.id)).map((row) => row.id);
    const fresh = await TrainingEnrollmentModel.findAll({ where: { id: [a.id, b.id, c.id] } });
    const find = (row: TrainingEnrollmentModel) => fresh.find((f) => f.id === row.id) as TrainingEnrollmentModel;
    const expected: Record<string, number[]> = {
      id: [a.id, b.id, c.id],
      status: byKey((row) => row.status),
      productId: [a.id, b.id, c.id],
      userId: byKey((row) => row.userId),
      cohortId: byKey((row) => find(row).cohortId),
      createdAt: [a.id, b.id, c.id],
      updatedAt: byKey((row) => find(row).updatedAt.getTime()),
    };
    for (const [sort, ascending] of Object.entries(expected)) {
      const url = `/api/admin/training/enrollments?productId=${training.product.id}&sort=${sort}`;
      expect(ids(await get(`${url}&order=asc`).expect(200)), sort).to.deep.equal(ascending);
      expect(ids(await get(url).expect(200)), sort).to.deep.equal([...ascending].reverse());
    }
  });

  it('refuses an unknown sort or a bad filter with 400 VALIDATION_ERROR', async () => {
    for (const query of ['sort=title', 'sort=relevance', 'status=active', 'userId=not-a-uuid', 'productId=abc', 'cohortId=0', 'order=up']) {
      const res = await get(`/api/admin/training/enrollments?${query}`).expect(400);
      expect(res.body.errorCode, query).to.equal('VALIDATION_ERROR');
    }
  });

  it('answers the detail with the order, the user and the history, and 404 for an unknown id', async () => {
    const fixture = await createEnrollment(api.app.container, { status: 'enrolled' });
    const res = await get(`/api/admin/training/enrollments/${fixture.enrollment.id}`).expect(200);
    expect(res.body.data).to.include({
      id: fixture.enrollment.id,
      status: 'enrolled',
      orderNumber: fixture.order?.orderNumber,
      orderTotalPaisa: fixture.order?.totalPaisa,
      orderStatus: 'paid',
      userName: 'Test Customer',
      userEmail: fixture.customer.email,
      trainingTitle: fixture.training.product.title,
    });
    expect(res.body.data.history).to.have.length(1);
    expect(res.body.data.history[0]).to.include({ fromStatus: null, toStatus: 'enrolled', actorType: 'customer', actorId: fixture.customer.id, note: null });
    for (const id of [999_999_999, 99_999_999_999]) {
      expect((await get(`/api/admin/training/enrollments/${id}`).expect(404)).body.errorCode).to.equal('TRAINING_ENROLLMENT_NOT_FOUND');
    }
  });

  it('leaves /api/admin/training/:id to trainings: "enrollments" is never taken for a training id', async () => {
    const { training } = await createTraining();
    const res = await get(`/api/admin/training/${training.id}`).expect(200);
    expect(res.body.data.id).to.equal(training.id);
    await get('/api/admin/training/enrollments').expect(200);
  });
});
