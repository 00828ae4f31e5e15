import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { OrderModel, TrainingEnrollmentModel } from '@platform/db';
import { EnrollApp, startEnrollApp } from './enroll-test-app.test-helper';

/**
 * learning-commerce.md "Enrollment rules" 2 (repeating the same enroll request is idempotent) and
 * the shared Idempotency-Key semantics; five identical requests at once make one enrollment.
 */
describe('Training enroll idempotency (customer-api)', () => {
  let app: EnrollApp;

  before(async () => {
    app = await startEnrollApp('training-enroll-idempotency-e2e');
  });
  after(() => app.close());

  const counts = async (userId: string) => ({
    enrollments: await TrainingEnrollmentModel.count({ where: { userId } }),
    orders: await OrderModel.count({ where: { userId } }),
  });

  it('answers the same request again (no header) with the first result and creates nothing', async () => {
    const customer = await app.newCustomer();
    const training = await app.training();
    const first = await app.enroll(customer, app.bodyFor(training)).expect(200);
    const again = await app.enroll(customer, app.bodyFor(training)).expect(200);
    expect(again.body.data).to.deep.equal(first.body.data);
    expect(await counts(customer.id)).to.deep.equal({ enrollments: 1, orders: 1 });
    expect((await app.cohort(training.cohorts[0].id)).seatsTaken).to.equal(1);
  });

  it('answers the same request sent with a key and then without one (or another key) with the first result', async () => {
    const customer = await app.newCustomer();
    const training = await app.training();
    const first = await app.enroll(customer, app.bodyFor(training), randomUUID()).expect(200);
    expect((await app.enroll(customer, app.bodyFor(training))).body.data).to.deep.equal(first.body.data);
    expect((await app.enroll(customer, app.bodyFor(training), randomUUID())).body.data).to.deep.equal(first.body.data);
    expect(await counts(customer.id)).to.deep.equal({ enrollments: 1, orders: 1 });
  });

  it('refuses the same Idempotency-Key with another body: 409 ORDER_IDEMPOTENCY_MISMATCH', async () => {
    const customer = await app.newCustomer();
    const training = await app.training({ sessions: [{}, {}] });
    const key = randomUUID();
    await app.enroll(customer, app.bodyFor(training), key).expect(200);
    const res = await app.enroll(customer, app.bodyFor(training, { sessionId: training.sessions[1].id }), key).expect(409);
    expect(res.body.errorCode).to.equal('ORDER_IDEMPOTENCY_MISMATCH');
    expect(await counts(customer.id)).to.deep.equal({ enrollments: 1, orders: 1 });
  });

  it('treats formData in another key order as the same request', async () => {
    const customer = await app.newCustomer();
    const training = await app.training({
      formFields: [
        { key: 'a', label: 'A', type: 'text', required: true },
        { key: 'b', label: 'B', type: 'text', required: true },
      ],
    });
    const first = await app.enroll(customer, app.bodyFor(training, { formData: { a: '1', b: '2' } })).expect(200);
    const again = await app.enroll(customer, app.bodyFor(training, { formData: { b: '2', a: '1' } })).expect(200);
    expect(again.body.data.enrollmentId).to.equal(first.body.data.enrollmentId);
  });

  for (const withKey of [false, true]) {
    it(`makes one enrollment and one order of five identical requests at once (${withKey ? 'one Idempotency-Key' : 'no header'})`, async () => {
      const customer = await app.newCustomer();
      const training = await app.training();
      const key = withKey ? randomUUID() : undefined;
      const responses = await Promise.all(Array.from({ length: 5 }, () => app.enroll(customer, app.bodyFor(training), key)));
      const ok = responses.filter((res) => res.status === 200);
      expect(ok.length).to.be.greaterThan(0);
      // Every 200 is the first result itself; the only refusal allowed is the key's "still being
      // processed" 409 (TRAINING_ALREADY_ENROLLED would mean the requests did not share one key).
      for (const res of ok) expect(res.body.data).to.deep.equal(ok[0].body.data);
      for (const res of responses.filter((r) => r.status !== 200)) {
        expect([res.status, res.body.errorCode]).to.deep.equal([409, 'ORDER_IDEMPOTENCY_MISMATCH']);
        expect(res.body.message).to.match(/still being processed/);
      }
      const [enrollment] = await TrainingEnrollmentModel.findAll({ where: { userId: customer.id } });
      expect(enrollment.id).to.equal(ok[0].body.data.enrollmentId);
      expect(enrollment.orderId).to.equal(ok[0].body.data.orderId);
      expect(await counts(customer.id)).to.deep.equal({ enrollments: 1, orders: 1 });
      expect((await app.cohort(training.cohorts[0].id)).seatsTaken).to.equal(1);
    });
  }

  it('makes a new enrollment for the same request after the first one was cancelled', async () => {
    const customer = await app.newCustomer();
    const training = await app.training();
    const first = await app.enroll(customer, app.bodyFor(training)).expect(200);
    await app.closeUnpaid(first.body.data.orderId, 'payment_failed');
    const again = await app.enroll(customer, app.bodyFor(training)).expect(200);
    expect(again.body.data.enrollmentId).not.to.equal(first.body.data.enrollmentId);
    expect(again.body.data.orderId).not.to.equal(first.body.data.orderId);
    expect((await app.enrollmentsOf(customer)).map((row) => row.status)).to.deep.equal(['cancelled', 'pending']);
    expect((await app.cohort(training.cohorts[0].id)).seatsTaken).to.equal(1);
  });
});
