import { expect } from 'chai';
import { OrderModel, OrderStatusHistoryModel, TrainingCohortModel, TrainingEnrollmentHistoryModel, TrainingEnrollmentModel } from '@platform/db';
import { buildTestApp, createCustomer, createEnrollment, EnrollmentFixture, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';

const path = (prefix: string, id: number) => `${prefix}/enrollments/${id}/request-cancellation`;

describe('Customer request-cancellation of a training enrollment (customer-api)', () => {
  let api: TestApp;
  const post = (who: TestCustomer, id: number, body: object = {}, prefix = '/api/mobile/training') =>
    api.http.post(path(prefix, id)).set('Authorization', `Bearer ${who.accessToken}`).send(body);
  const seatsTaken = async (fixture: EnrollmentFixture) => (await TrainingCohortModel.findByPk(fixture.training.cohorts[0].id, { rejectOnEmpty: true })).seatsTaken;
  const reload = (fixture: EnrollmentFixture) => TrainingEnrollmentModel.findByPk(fixture.enrollment.id, { rejectOnEmpty: true });
  const history = (fixture: EnrollmentFixture) =>
    TrainingEnrollmentHistoryModel.findAll({ where: { enrollmentId: fixture.enrollment.id }, order: [['id', 'ASC']] });

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  it('cancels a pending enrollment at once: enrollment cancelled, seat released, unpaid order cancelled, history row', async () => {
    const fixture = await createEnrollment(api.app.container);
    expect(await seatsTaken(fixture)).to.equal(1);
    const res = await post(fixture.customer, fixture.enrollment.id, { reason: '  Cannot attend  ' }).expect(200);
    expect(res.body.message).to.equal('Enrollment cancelled');
    expect(res.body.data).to.include({ enrollmentId: fixture.enrollment.id, status: 'cancelled', orderStatus: 'cancelled' });
    expect(res.body.data.cancellationRequestedAt).to.be.a('string');
    const enrollment = await reload(fixture);
    expect(enrollment).to.include({ status: 'cancelled', cancellationReason: 'Cannot attend' });
    expect(enrollment.cancelledAt).to.be.instanceOf(Date);
    expect(await seatsTaken(fixture)).to.equal(0);
    const order = await OrderModel.findByPk(fixture.order?.id ?? 0, { rejectOnEmpty: true });
    expect(order).to.include({ status: 'cancelled', cancelledByActorType: 'customer', cancellationReason: 'Cannot attend' });
    const orderHistory = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
    expect(orderHistory.map((row) => [row.status, row.actorType, row.createdByCustomerId])).to.deep.include(['cancelled', 'customer', fixture.customer.id]);
    const moves = await history(fixture);
    expect(moves.map((row) => [row.fromStatus, row.toStatus, row.actorType, row.actorId, row.note])).to.deep.equal([
      [null, 'pending', 'customer', fixture.customer.id, null],
      ['pending', 'cancelled', 'customer', fixture.customer.id, 'Cannot attend'],
    ]);
  });

  it('cancels a pending enrollment without an order and answers orderStatus null', async () => {
    const fixture = await createEnrollment(api.app.container, { orderStatus: null });
    const res = await post(fixture.customer, fixture.enrollment.id, {}, '/api/trainings').expect(200);
    expect(res.body.data).to.include({ status: 'cancelled', orderStatus: null });
    expect((await reload(fixture)).status).to.equal('cancelled');
    expect(await seatsTaken(fixture)).to.equal(0);
  });

  it('records a request for an enrolled enrollment, which stays enrolled with its seat and access', async () => {
    const fixture = await createEnrollment(api.app.container, { status: 'enrolled' });
    const res = await post(fixture.customer, fixture.enrollment.id, { reason: 'Schedule clash' }, '/api/training').expect(200);
    expect(res.body.message).to.equal('Cancellation requested');
    expect(res.body.data).to.include({ enrollmentId: fixture.enrollment.id, status: 'enrolled', orderStatus: 'paid' });
    const enrollment = await reload(fixture);
    expect(enrollment).to.include({ status: 'enrolled', cancellationReason: 'Schedule clash' });
    expect(enrollment.cancellationRequestedAt?.toISOString()).to.equal(res.body.data.cancellationRequestedAt);
    expect(await seatsTaken(fixture)).to.equal(1);
    await fixture.access?.reload();
    expect(fixture.access?.isRevoked).to.equal(false);
    expect((await OrderModel.findByPk(fixture.order?.id ?? 0, { rejectOnEmpty: true })).status).to.equal('paid');
    const last = (await history(fixture)).pop();
    expect(last).to.include({ fromStatus: 'enrolled', toStatus: 'enrolled', actorType: 'customer', note: 'Cancellation requested: Schedule clash' });
    const detail = await api.http.get(`/api/mobile/training/enrollments/${fixture.enrollment.id}`).set('Authorization', `Bearer ${fixture.customer.accessToken}`);
    expect(detail.body.data.cancellationRequestedAt).to.equal(res.body.data.cancellationRequestedAt);
  });

  it('refuses a second request while one is open, and any request on a cancelled enrollment (409)', async () => {
    const enrolled = await createEnrollment(api.app.container, { status: 'enrolled' });
    await post(enrolled.customer, enrolled.enrollment.id).expect(200);
    const twice = await post(enrolled.customer, enrolled.enrollment.id).expect(409);
    expect(twice.body.errorCode).to.equal('TRAINING_ENROLLMENT_CANCEL_NOT_ALLOWED');
    const pending = await createEnrollment(api.app.container);
    await post(pending.customer, pending.enrollment.id).expect(200);
    const again = await post(pending.customer, pending.enrollment.id).expect(409);
    expect(again.body.errorCode).to.equal('TRAINING_ENROLLMENT_CANCEL_NOT_ALLOWED');
    expect(await seatsTaken(pending)).to.equal(0);
  });

  it('releases one seat when the same pending enrollment is cancelled twice at once', async () => {
    const fixture = await createEnrollment(api.app.container);
    // A second enrollment in the cohort: a double release would show as 0 seats instead of 1.
    await createEnrollment(api.app.container, { training: fixture.training });
    expect(await seatsTaken(fixture)).to.equal(2);
    const results = await Promise.all([1, 2, 3].map(() => post(fixture.customer, fixture.enrollment.id)));
    expect(results.map((res) => res.status).sort()).to.deep.equal([200, 409, 409]);
    expect(await seatsTaken(fixture)).to.equal(1);
    const cancels = (await history(fixture)).filter((row) => row.toStatus === 'cancelled');
    expect(cancels).to.have.length(1);
    const orderHistory = await OrderStatusHistoryModel.findAll({ where: { orderId: fixture.order?.id, status: 'cancelled' } });
    expect(orderHistory).to.have.length(1);
  });

  it("answers 404 TRAINING_ENROLLMENT_NOT_FOUND for another user's or an unknown enrollment, changing nothing", async () => {
    const fixture = await createEnrollment(api.app.container);
    const stranger = await createCustomer(api.app.container);
    for (const id of [fixture.enrollment.id, 999_999_999]) {
      expect((await post(stranger, id).expect(404)).body.errorCode).to.equal('TRAINING_ENROLLMENT_NOT_FOUND');
    }
    expect((await reload(fixture)).status).to.equal('pending');
    expect(await seatsTaken(fixture)).to.equal(1);
  });

  it('refuses a reason over 500 characters or not text (400), and answers 401 without a token', async () => {
    const fixture = await createEnrollment(api.app.container);
    for (const body of [{ reason: 'x'.repeat(501) }, { reason: 42 }, { reason: null }, { reason: 'bad\u0000text' }]) {
      expect((await post(fixture.customer, fixture.enrollment.id, body).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    }
    await api.http.post(path('/api/mobile/training', fixture.enrollment.id)).send({}).expect(401);
    expect((await reload(fixture)).status).to.equal('pending');
  });

  it('allows 5 requests per minute per customer, all prefixes together (429 RATE_LIMIT_EXCEEDED)', async () => {
    const customer = await createCustomer(api.app.container);
    const prefixes = ['/api/mobile/training', '/api/training', '/api/trainings', '/api/mobile/training', '/api/training'];
    for (const prefix of prefixes) await post(customer, 999_999_999, {}, prefix).expect(404);
    expect((await post(customer, 999_999_999, {}, '/api/trainings').expect(429)).body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
  });
});
