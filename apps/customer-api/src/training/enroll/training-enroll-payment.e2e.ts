import { expect } from 'chai';
import { Database, NotificationEventModel, OrderItemModel, OrderModel, ProductAccessModel, TrainingEnrollmentHistoryModel, TrainingEnrollmentModel } from '@platform/db';
import { ORDER_COMMANDS, OrderTransitionService } from '@platform/domain';
import { createPromotion, orderEvents } from '@platform/testing';
import { EnrollApp, found, startEnrollApp } from './enroll-test-app.test-helper';

const DAY = 86_400_000;
const confirmedEvents = async (enrollmentId: number) =>
  (await NotificationEventModel.findAll({ where: { event: 'TRAINING_ENROLLMENT_CONFIRMED' } })).filter((row) => row.payload['enrollmentId'] === enrollmentId);

/**
 * Enroll through payment (learning-commerce.md "States and transitions → Training enrollment",
 * "Enrollment rules"; CONTRACT §4 and §6): the payment init answer, the pending enrollment with
 * its seat, order and payment, then payment success → enrolled with access and one event.
 */
describe('Training enroll through payment (customer-api)', () => {
  let app: EnrollApp;

  before(async () => {
    app = await startEnrollApp('training-enroll-payment-e2e');
  });
  after(() => app.close());

  for (const path of ['/api/mobile/training/enroll', '/api/training/enroll', '/api/trainings/enroll']) {
    it(`${path} answers the eSewa form_post with enrollmentId and writes a pending enrollment, a training order and a seat`, async () => {
      const customer = await app.newCustomer();
      const training = await app.training({ formFields: [{ key: 'fullName', label: 'Full name', type: 'text', required: true }] });
      const res = await app.enroll(customer, app.bodyFor(training, { formData: { fullName: 'Asha' } }), undefined, path).expect(200);
      const data = res.body.data;
      expect(data).to.include({ status: 'payment_pending', initiationType: 'form_post' });
      expect(data.gatewayPayload).to.include({ total_amount: '2500.00', product_code: 'EPAYTEST' });

      const enrollment = found(await TrainingEnrollmentModel.findByPk(data.enrollmentId));
      expect(enrollment).to.deep.include({ userId: customer.id, status: 'pending', orderId: data.orderId, cohortId: training.cohorts[0].id, sessionId: training.sessions[0].id });
      expect(enrollment.formData).to.deep.equal({ fullName: 'Asha' });
      expect(enrollment.requestHash).to.be.a('string');
      const order = found(await OrderModel.findByPk(data.orderId));
      expect(order).to.deep.include({ type: 'training', source: 'training_enroll', status: 'payment_pending', mrpTotalPaisa: 300_000, totalPaisa: 250_000 });
      const [item] = await OrderItemModel.findAll({ where: { orderId: order.id } });
      expect(item).to.deep.include({ productId: training.product.id, productType: 'training', unitSpPaisa: 250_000 });
      expect(found(await app.paymentOf(order.id)).id).to.equal(data.paymentId);
      expect((await app.cohort(training.cohorts[0].id)).seatsTaken).to.equal(1);
      const history = await TrainingEnrollmentHistoryModel.findAll({ where: { enrollmentId: enrollment.id } });
      expect(history.map((row) => [row.fromStatus, row.toStatus, row.actorType])).to.deep.equal([[null, 'pending', 'customer']]);
    });
  }

  it('starts a Khalti payment server-side and answers the redirect with enrollmentId', async () => {
    const customer = await app.newCustomer();
    const training = await app.training();
    const res = await app.enroll(customer, app.bodyFor(training, { gateway: 'khalti' })).expect(200);
    const data = res.body.data;
    expect(data).to.include({ status: 'payment_pending', initiationType: 'redirect' });
    expect(data.redirectUrl).to.equal(`https://pay.khalti.example/?pidx=${data.gatewayTransactionId}`);
    expect(found(app.khalti.received.at(-1))).to.include({ amount: 250_000, purchase_order_name: training.product.title });
    expect(found(await TrainingEnrollmentModel.findByPk(data.enrollmentId))).to.include({ status: 'pending', orderId: data.orderId });
  });

  it('enrolls on payment success: access fields, product_access for the order and one TRAINING_ENROLLMENT_CONFIRMED, even when replayed and concurrent', async () => {
    const customer = await app.newCustomer();
    const training = await app.training({ accessDurationDays: 30 });
    const { data } = (await app.enroll(customer, app.bodyFor(training)).expect(200)).body;
    const results = await Promise.all([app.settle(data.paymentId), app.settle(data.paymentId), app.settle(data.paymentId)]);
    results.push(await app.settle(data.paymentId));
    expect(results.filter((result) => result === 'paid')).to.have.length(1);

    const enrollment = found(await TrainingEnrollmentModel.findByPk(data.enrollmentId));
    expect(enrollment).to.include({ status: 'enrolled', accessType: 'time_limited' });
    const enrolledAt = found(enrollment.enrolledAt).getTime();
    expect(found(enrollment.accessValidUntil).getTime()).to.equal(enrolledAt + 30 * DAY);
    const grants = await ProductAccessModel.findAll({ where: { orderId: data.orderId } });
    expect(grants).to.have.length(1);
    expect(grants[0]).to.include({ userId: customer.id, productId: training.product.id, accessType: 'time_limited', isRevoked: false });
    const events = await confirmedEvents(enrollment.id);
    expect(events).to.have.length(1);
    expect(events[0].payload).to.deep.include({ userId: customer.id, trainingId: training.training.id, productAccessId: grants[0].id, orderId: data.orderId });
    expect((await app.cohort(training.cohorts[0].id)).seatsTaken).to.equal(1);
    expect(await orderEvents(data.orderId, 'ORDER_PAYMENT_RECEIVED_CHECKOUT')).to.have.length(1);
  });

  it('takes a paid enrollment back when its paid order is cancelled: enrollment cancelled, seat released, access revoked', async () => {
    const customer = await app.newCustomer();
    const training = await app.training({ cohorts: [{ capacity: 1 }] });
    const { data } = (await app.enroll(customer, app.bodyFor(training)).expect(200)).body;
    expect(await app.settle(data.paymentId)).to.equal('paid');
    const cancel = () =>
      app.container.get(Database).transaction((tx) =>
        app.container.get(OrderTransitionService).apply(
          { orderId: data.orderId, ...ORDER_COMMANDS.cancel, actor: { type: 'system' }, changes: { cancelledAt: new Date(), cancellationReason: 'test', cancelledByActorType: 'system' } },
          tx,
        ),
      );
    await Promise.all([cancel(), cancel()]);
    expect(found(await TrainingEnrollmentModel.findByPk(data.enrollmentId)).status).to.equal('cancelled');
    expect(await app.cohort(training.cohorts[0].id)).to.include({ seatsTaken: 0, status: 'open' });
    expect(await ProductAccessModel.count({ where: { orderId: data.orderId, isRevoked: false } })).to.equal(0);
  });

  it('enrolls a free training at once: no payment, no gateway, access and the event', async () => {
    const customer = await app.newCustomer();
    const training = await app.training({ isFree: true });
    const res = await app.enroll(customer, app.bodyFor(training, { gateway: 'khalti' })).expect(200);
    const data = res.body.data;
    expect(data).to.deep.include({ status: 'enrolled', initiationType: 'none', paymentId: null, redirectUrl: null, gatewayPayload: {} });
    expect(await app.paymentOf(data.orderId)).to.equal(null);
    expect(found(await OrderModel.findByPk(data.orderId))).to.include({ status: 'paid', totalPaisa: 0 });
    expect(found(await TrainingEnrollmentModel.findByPk(data.enrollmentId))).to.include({ status: 'enrolled', accessType: 'lifetime' });
    expect(await ProductAccessModel.count({ where: { orderId: data.orderId, isRevoked: false } })).to.equal(1);
    expect(await confirmedEvents(data.enrollmentId)).to.have.length(1);
    expect(app.khalti.received.filter((sent) => sent['purchase_order_name'] === training.product.title)).to.have.length(0);
  });

  it('enrolls at once with a 100% code, the code redeemed once', async () => {
    const customer = await app.newCustomer();
    const training = await app.training();
    const promotion = await createPromotion({ percent: 100, productId: training.product.id });
    const res = await app.enroll(customer, app.bodyFor(training, { promoCode: promotion.code })).expect(200);
    expect(res.body.data).to.include({ status: 'enrolled', initiationType: 'none' });
    expect(found(await OrderModel.findByPk(res.body.data.orderId))).to.include({ status: 'paid', discountPaisa: 250_000, totalPaisa: 0 });
    await promotion.reload();
    expect(promotion.timesUsed).to.equal(1);
    expect(await ProductAccessModel.count({ where: { orderId: res.body.data.orderId } })).to.equal(1);
  });

  it('sends the payer to the result page with reference_type=training_enrollment', async () => {
    const customer = await app.newCustomer();
    const training = await app.training();
    const { data } = (await app.enroll(customer, app.bodyFor(training)).expect(200)).body;
    const res = await app.api.http.get(`/api/payments/redirect/${data.paymentId}/failure`).expect(302);
    const location = new URL(res.headers['location'], 'https://api.example.com');
    expect(location.pathname).to.equal('/api/payments/result');
    expect(location.searchParams.get('reference_type')).to.equal('training_enrollment');
    expect(location.searchParams.get('reference_id')).to.equal(String(data.enrollmentId));
    expect(location.searchParams.get('payment_id')).to.equal(String(data.paymentId));
  });
});
