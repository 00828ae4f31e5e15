import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { OrderModel, PaymentModel, ProductAccessModel, TrainingCohortModel, TrainingEnrollmentHistoryModel, TrainingEnrollmentModel } from '@platform/db';
import { ProductAccessPolicy } from '@platform/domain';
import { adminToken, createEnrollment, startOrderLifecycleApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/**
 * Issue 20 "Cancellation": an admin cancels an enrolled enrollment (seat back, access revoked, the
 * paid order refund_requested); the refund is then approved through the orders flow (POST
 * /api/admin/orders/:id/process-refund and its order.process_refund job), whose training
 * fulfilment revoke finds the enrollment cancelled already: no second seat release, access stays revoked.
 */
describe('Admin enrollment cancel then refund approval (admin-api)', () => {
  let app: Awaited<ReturnType<typeof startOrderLifecycleApp>>;

  before(async () => {
    app = await startOrderLifecycleApp(createAdminApi, 'admin-training-enrollment-refund');
  });
  after(() => app.close());

  it('approving the refund after an admin cancel releases no second seat and keeps the access revoked', async () => {
    const admin = `Bearer ${adminToken(app.api.app.container, ['Training_UPDATE', 'Orders_UPDATE'], uuidv7())}`;
    const fixture = await createEnrollment(app.api.app.container, { status: 'enrolled' });
    // Another enrolled customer in the same cohort: a second release would show in the count.
    await createEnrollment(app.api.app.container, { training: fixture.training, status: 'enrolled' });
    const order = fixture.order as OrderModel;
    await PaymentModel.create({ orderId: order.id, gateway: 'esewa', amountPaisa: order.totalPaisa, gatewayTransactionId: `refund-${uuidv7()}`, status: 'completed', completedAt: new Date() });
    const cohortId = fixture.training.cohorts[0].id;
    const seatsTaken = async () => (await TrainingCohortModel.findByPk(cohortId, { rejectOnEmpty: true })).seatsTaken;
    expect(await seatsTaken()).to.equal(2);

    await app.api.http
      .patch(`/api/admin/training/enrollments/${fixture.enrollment.id}/status`)
      .set('Authorization', admin)
      .send({ status: 'cancelled', note: 'Moved abroad' })
      .expect(200);
    expect(await seatsTaken()).to.equal(1);
    expect((await OrderModel.findByPk(order.id, { rejectOnEmpty: true })).status).to.equal('refund_requested');

    const accepted = await app.api.http.post(`/api/admin/orders/${order.id}/process-refund`).set('Authorization', admin).send({ action: 'approve' }).expect(202);
    expect(await app.runQueued(accepted.body.data.requestId)).to.equal('completed');

    expect(await OrderModel.findByPk(order.id, { rejectOnEmpty: true })).to.include({ status: 'refund_approved', refundStatus: 'approved' });
    expect((await TrainingEnrollmentModel.findByPk(fixture.enrollment.id, { rejectOnEmpty: true })).status).to.equal('cancelled');
    expect(await seatsTaken()).to.equal(1);
    const moves = await TrainingEnrollmentHistoryModel.findAll({ where: { enrollmentId: fixture.enrollment.id, toStatus: 'cancelled' } });
    expect(moves.map((row) => row.actorType)).to.deep.equal(['admin']);
    expect(await ProductAccessModel.count({ where: { orderId: order.id, isRevoked: false } })).to.equal(0);
    expect(await app.api.app.container.get(ProductAccessPolicy).hasActiveAccess(fixture.customer.id, fixture.training.product.id)).to.equal(false);
  });
});
