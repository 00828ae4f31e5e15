import { expect } from 'chai';
import { OrderModel, ProductAccessModel, TrainingCohortModel, TrainingEnrollmentHistoryModel, TrainingEnrollmentModel } from '@platform/db';
import { adminToken, buildTestApp, createEnrollment, createTraining, EnrollmentFixture, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = '01900000-0000-7000-8000-00000000a042';

describe('Admin enrollment status change: allowed moves only (admin-api)', () => {
  let api: TestApp;
  let admin: string;
  const patch = (fixture: EnrollmentFixture, body: object) =>
    api.http.patch(`/api/admin/training/enrollments/${fixture.enrollment.id}/status`).set('Authorization', admin).send(body);
  const seatsTaken = async (fixture: EnrollmentFixture) => (await TrainingCohortModel.findByPk(fixture.training.cohorts[0].id, { rejectOnEmpty: true })).seatsTaken;
  const enrollment = (fixture: EnrollmentFixture) => TrainingEnrollmentModel.findByPk(fixture.enrollment.id, { rejectOnEmpty: true });
  const order = (fixture: EnrollmentFixture) => OrderModel.findByPk(fixture.order?.id ?? 0, { rejectOnEmpty: true });
  const lastMove = async (fixture: EnrollmentFixture) =>
    (await TrainingEnrollmentHistoryModel.findAll({ where: { enrollmentId: fixture.enrollment.id }, order: [['id', 'ASC']] })).pop();

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Training_UPDATE'], ADMIN_ID)}`;
  });

  it('enrolled → cancelled releases the seat, revokes the order\'s access and moves the paid order to refund_requested', async () => {
    const fixture = await createEnrollment(api.app.container, { status: 'enrolled' });
    const res = await patch(fixture, { status: 'cancelled', note: 'Customer moved abroad' }).expect(200);
    expect(res.body.data).to.include({ status: 'cancelled', orderStatus: 'refund_requested' });
    expect(res.body.data.history.pop()).to.include({ fromStatus: 'enrolled', toStatus: 'cancelled', actorType: 'admin', actorId: ADMIN_ID, note: 'Customer moved abroad' });
    expect(await seatsTaken(fixture)).to.equal(0);
    const access = await ProductAccessModel.findByPk(fixture.access?.id ?? 0, { rejectOnEmpty: true });
    expect(access.isRevoked).to.equal(true);
    expect(await order(fixture)).to.include({ status: 'refund_requested', refundStatus: 'requested', refundReason: 'Customer moved abroad' });
  });

  it('enrolled → cancelled with an open request cancels it; a free paid order stays paid', async () => {
    const training = await createTraining({ mrpPaisa: 0, spPaisa: 0, isFree: true });
    const fixture = await createEnrollment(api.app.container, { training, status: 'enrolled', cancellationRequested: true });
    await patch(fixture, { status: 'cancelled' }).expect(200);
    expect(await enrollment(fixture)).to.include({ status: 'cancelled' });
    expect((await order(fixture)).status).to.equal('paid');
    expect((await ProductAccessModel.findByPk(fixture.access?.id ?? 0, { rejectOnEmpty: true })).isRevoked).to.equal(true);
    expect(await lastMove(fixture)).to.include({ note: 'Cancelled by an admin', actorId: ADMIN_ID });
  });

  it('pending → cancelled releases the seat and cancels the unpaid order with an admin actor', async () => {
    const fixture = await createEnrollment(api.app.container);
    const res = await patch(fixture, { status: 'cancelled', note: 'Duplicate' }).expect(200);
    expect(res.body.data).to.include({ status: 'cancelled', orderStatus: 'cancelled' });
    expect(await seatsTaken(fixture)).to.equal(0);
    expect(await order(fixture)).to.include({ status: 'cancelled', cancelledByActorType: 'admin' });
    expect(await lastMove(fixture)).to.include({ fromStatus: 'pending', toStatus: 'cancelled', actorType: 'admin', note: 'Duplicate' });
  });

  it('pending → enrolled for a paid order grants access and keeps the seat', async () => {
    const fixture = await createEnrollment(api.app.container, { orderStatus: 'paid' });
    const res = await patch(fixture, { status: 'enrolled', note: 'Paid at the desk' }).expect(200);
    expect(res.body.data).to.include({ status: 'enrolled', accessType: 'lifetime', orderStatus: 'paid' });
    expect(res.body.data.enrolledAt).to.be.a('string');
    expect(await seatsTaken(fixture)).to.equal(1);
    const access = await ProductAccessModel.findAll({ where: { orderId: fixture.order?.id, isRevoked: false } });
    expect(access).to.have.length(1);
    expect(await lastMove(fixture)).to.include({ fromStatus: 'pending', toStatus: 'enrolled', actorType: 'admin', note: 'Paid at the desk' });
  });

  it('pending → enrolled for a free order awaiting payment enrolls and moves the order to paid', async () => {
    const training = await createTraining({ mrpPaisa: 0, spPaisa: 0, isFree: true });
    const fixture = await createEnrollment(api.app.container, { training });
    await patch(fixture, { status: 'enrolled' }).expect(200);
    expect((await enrollment(fixture)).status).to.equal('enrolled');
    expect((await order(fixture)).status).to.equal('paid');
    expect(await ProductAccessModel.count({ where: { orderId: fixture.order?.id, isRevoked: false } })).to.equal(1);
  });

  it('refuses pending → enrolled while the order is unpaid (409), changing nothing', async () => {
    const fixture = await createEnrollment(api.app.container);
    const res = await patch(fixture, { status: 'enrolled' }).expect(409);
    expect(res.body.errorCode).to.equal('TRAINING_ENROLLMENT_TRANSITION_NOT_ALLOWED');
    expect((await enrollment(fixture)).status).to.equal('pending');
    expect((await order(fixture)).status).to.equal('payment_pending');
  });

  it('declines an open cancellation request with { status: enrolled }, recording the note', async () => {
    const fixture = await createEnrollment(api.app.container, { status: 'enrolled', cancellationRequested: true });
    const res = await patch(fixture, { status: 'enrolled', note: 'Course already started' }).expect(200);
    expect(res.body.data).to.include({ status: 'enrolled', cancellationRequestedAt: null, cancellationReason: null });
    expect(await lastMove(fixture)).to.include({ fromStatus: 'enrolled', toStatus: 'enrolled', note: 'Cancellation request declined: Course already started' });
    expect(await seatsTaken(fixture)).to.equal(1);
  });

  it('refuses every other move with 409 TRAINING_ENROLLMENT_TRANSITION_NOT_ALLOWED', async () => {
    const cases: Array<[EnrollmentFixture, string]> = [
      [await createEnrollment(api.app.container, { status: 'enrolled' }), 'enrolled'],
      [await createEnrollment(api.app.container, { status: 'enrolled' }), 'pending'],
      [await createEnrollment(api.app.container), 'pending'],
      [await createEnrollment(api.app.container, { status: 'cancelled', orderStatus: 'cancelled' }), 'enrolled'],
      [await createEnrollment(api.app.container, { status: 'cancelled', orderStatus: 'cancelled' }), 'cancelled'],
      [await createEnrollment(api.app.container, { status: 'cancelled', orderStatus: 'cancelled' }), 'pending'],
    ];
    for (const [fixture, status] of cases) {
      const before = (await enrollment(fixture)).status;
      const res = await patch(fixture, { status }).expect(409);
      expect(res.body.errorCode, `${before} → ${status}`).to.equal('TRAINING_ENROLLMENT_TRANSITION_NOT_ALLOWED');
      expect((await enrollment(fixture)).status).to.equal(before);
    }
  });

  it('refuses a bad body with 400 and an unknown enrollment with 404', async () => {
    const fixture = await createEnrollment(api.app.container);
    for (const body of [{}, { status: 'active' }, { status: 'cancelled', note: 'x'.repeat(501) }, { status: 'cancelled', note: 5 }]) {
      expect((await patch(fixture, body).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    }
    const unknown = await api.http.patch('/api/admin/training/enrollments/999999999/status').set('Authorization', admin).send({ status: 'cancelled' });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.errorCode).to.equal('TRAINING_ENROLLMENT_NOT_FOUND');
  });

  it('cancels once when two admins cancel the same enrolled enrollment at once', async () => {
    const fixture = await createEnrollment(api.app.container, { status: 'enrolled' });
    await createEnrollment(api.app.container, { training: fixture.training, status: 'enrolled' });
    const results = await Promise.all([1, 2].map(() => patch(fixture, { status: 'cancelled' })));
    expect(results.map((res) => res.status).sort()).to.deep.equal([200, 409]);
    expect(await seatsTaken(fixture)).to.equal(1);
    expect((await order(fixture)).status).to.equal('refund_requested');
  });
});
