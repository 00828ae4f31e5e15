import { expect } from 'chai';
import { TrainingEnrollmentModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createEnrollment, createTraining, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';

const PREFIXES = ['/api/mobile/training', '/api/training', '/api/trainings'];
const FIELDS = [
  'id', 'status', 'userId', 'productId', 'orderId', 'cohortId', 'sessionId', 'accessType', 'accessValidUntil', 'formData',
  'enrolledAt', 'createdAt', 'updatedAt', 'trainingTitle', 'cancellationRequestedAt',
];

describe('Customer training enrollments: list, detail and the pending payment note (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;
  const auth = (who: TestCustomer) => `Bearer ${who.accessToken}`;
  const get = (path: string, who = customer) => api.http.get(path).set('Authorization', auth(who));

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  beforeEach(async () => {
    customer = await createCustomer(api.app.container);
  });

  it('lists only the caller\'s own enrollments, newest first, under every prefix', async () => {
    const first = await createEnrollment(api.app.container, { customer, status: 'enrolled' });
    const second = await createEnrollment(api.app.container, { customer });
    await createEnrollment(api.app.container); // another user's
    await TrainingEnrollmentModel.update({ createdAt: new Date(Date.now() - 60_000) }, { where: { id: first.enrollment.id } });
    for (const prefix of PREFIXES) {
      const res = await get(`${prefix}/enrollments`).expect(200);
      expect(res.body).to.include({ count: 2, page: 1, size: 20 });
      expect(res.body.data.map((e: { id: number }) => e.id)).to.deep.equal([second.enrollment.id, first.enrollment.id]);
      expect(res.body.data[0]).to.have.all.keys(...FIELDS);
    }
    const [pending] = (await get('/api/mobile/training/enrollments').expect(200)).body.data;
    expect(pending).to.deep.include({
      status: 'pending',
      userId: customer.id,
      productId: second.training.product.id,
      orderId: second.order?.id,
      cohortId: second.training.cohorts[0].id,
      sessionId: second.training.sessions[0].id,
      accessType: null,
      accessValidUntil: null,
      formData: { note: 'fixture' },
      enrolledAt: null,
      trainingTitle: second.training.product.title,
      cancellationRequestedAt: null,
    });
  });

  it('sorts by every allowed value in both directions, and refuses any other sort with 400', async () => {
    const rows = [];
    for (let i = 0; i < 3; i += 1) rows.push((await createEnrollment(api.app.container, { customer })).enrollment);
    await TrainingEnrollmentModel.update({ formData: { touched: true } }, { where: { id: rows[0].id } });
    const ids = rows.map((row) => row.id);
    const expected: Record<string, number[]> = { id: ids, createdAt: ids, updatedAt: [ids[1], ids[2], ids[0]] };
    for (const [sort, ascending] of Object.entries(expected)) {
      const asc = await get(`/api/training/enrollments?sort=${sort}&order=asc`).expect(200);
      expect(asc.body.data.map((e: { id: number }) => e.id), sort).to.deep.equal(ascending);
      const desc = await get(`/api/training/enrollments?sort=${sort}`).expect(200);
      expect(desc.body.data.map((e: { id: number }) => e.id), sort).to.deep.equal([...ascending].reverse());
    }
    for (const bad of ['status', 'title', 'id;drop']) {
      expect((await get(`/api/training/enrollments?sort=${bad}`).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    }
  });

  it('pages the list and searches the training title', async () => {
    const titled = await createEnrollment(api.app.container, { customer, training: await createTraining({ title: 'Options Trading Basics' }) });
    await createEnrollment(api.app.container, { customer });
    const page = await get('/api/mobile/training/enrollments?size=1&page=2&order=asc').expect(200);
    expect(page.body).to.include({ count: 2, page: 2, size: 1 });
    expect(page.body.data).to.have.length(1);
    const found = await get('/api/mobile/training/enrollments?search=options%20trading').expect(200);
    expect(found.body.data.map((e: { id: number }) => e.id)).to.deep.equal([titled.enrollment.id]);
  });

  it('answers one\'s own enrollment; another user\'s or an unknown one is 404 TRAINING_ENROLLMENT_NOT_FOUND, a non-integer id 400', async () => {
    const own = await createEnrollment(api.app.container, { customer, status: 'enrolled' });
    const foreign = await createEnrollment(api.app.container);
    for (const prefix of PREFIXES) {
      const res = await get(`${prefix}/enrollments/${own.enrollment.id}`).expect(200);
      expect(res.body.data).to.include({ id: own.enrollment.id, status: 'enrolled', accessType: 'lifetime' });
      expect(res.body.data.enrolledAt).to.be.a('string');
      for (const id of [foreign.enrollment.id, 999_999_999, 99_999_999_999]) {
        expect((await get(`${prefix}/enrollments/${id}`).expect(404)).body.errorCode).to.equal('TRAINING_ENROLLMENT_NOT_FOUND');
      }
    }
    expect((await get('/api/mobile/training/enrollments/abc').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
  });

  it('answers 401 without a token and 403 to an admin token', async () => {
    const { enrollment } = await createEnrollment(api.app.container, { customer });
    const admin = `Bearer ${adminToken(api.app.container, ['*'])}`;
    for (const path of ['/api/mobile/training/enrollments', `/api/training/enrollments/${enrollment.id}`]) {
      expect((await api.http.get(path).expect(401)).body.errorCode).to.equal('UNAUTHORIZED');
      expect((await api.http.get(path).set('Authorization', admin).expect(403)).body.errorCode).to.equal('FORBIDDEN');
    }
  });

  describe('paymentStatusNote on the session list', () => {
    it('is present only for a caller whose enrollment of that training is pending, never cached for others', async () => {
      const pending = await createEnrollment(api.app.container, { customer });
      const path = `/api/mobile/training/${pending.training.training.id}/sessions`;
      const other = await createCustomer(api.app.container);
      const before = await get(path, other).expect(200); // warms the shared cache without a note
      expect(before.body.data[0]).not.to.have.property('paymentStatusNote');
      const mine = await get(path).expect(200);
      expect(mine.body.data[0].paymentStatusNote).to.equal('Payment pending: complete payment to unlock this session');
      const again = await get(`/api/trainings/${pending.training.training.id}/sessions`, other).expect(200);
      expect(again.body.data[0]).not.to.have.property('paymentStatusNote');
    });

    it('is absent for an enrolled or cancelled enrollment and for a pending one of another training', async () => {
      const enrolled = await createEnrollment(api.app.container, { customer, status: 'enrolled' });
      const cancelled = await createEnrollment(api.app.container, { customer, status: 'cancelled' });
      await createEnrollment(api.app.container, { customer });
      for (const fixture of [enrolled, cancelled]) {
        const res = await get(`/api/training/${fixture.training.training.id}/sessions`).expect(200);
        expect(res.body.data[0]).not.to.have.property('paymentStatusNote');
      }
    });
  });
});
