import { expect } from 'chai';
import { TrainingEnrollmentHistoryModel, TrainingEnrollmentModel, TrainingWaitlistEntryModel } from '@platform/db';
import { EnrollApp, found, startEnrollApp } from './enroll-test-app.test-helper';

const HOUR = 3_600_000;

/**
 * Seats never oversell (issue 20 "Seats"): a pending enrollment holds its seat, an unpaid order's
 * failure or auto-cancel gives it back with the enrollment cancelled, and a promoted waitlist
 * hold lets its user enroll in a full cohort on the seat it holds.
 */
describe('Training enroll seats (customer-api)', () => {
  let app: EnrollApp;

  before(async () => {
    app = await startEnrollApp('training-enroll-seats-e2e');
  });
  after(() => app.close());

  it('lets exactly k of N customers enrolling at once into k free seats in; the rest get 409 TRAINING_COHORT_FULL', async () => {
    const k = 3;
    const n = 8;
    const training = await app.training({ cohorts: [{ capacity: k }] });
    const customers = await Promise.all(Array.from({ length: n }, () => app.newCustomer()));
    const responses = await Promise.all(customers.map((customer) => app.enroll(customer, app.bodyFor(training))));
    expect(responses.filter((res) => res.status === 200)).to.have.length(k);
    for (const res of responses.filter((r) => r.status !== 200)) expect([res.status, res.body.errorCode]).to.deep.equal([409, 'TRAINING_COHORT_FULL']);
    expect(await TrainingEnrollmentModel.count({ where: { cohortId: training.cohorts[0].id, status: 'pending' } })).to.equal(k);
    const cohort = await app.cohort(training.cohorts[0].id);
    expect(cohort).to.include({ seatsTaken: k, status: 'full' });
  });

  for (const to of ['payment_failed', 'cancelled'] as const) {
    it(`cancels the enrollment and gives its seat back when the unpaid order becomes ${to} (cohort open again)`, async () => {
      const training = await app.training({ cohorts: [{ capacity: 1 }] });
      const customer = await app.newCustomer();
      const { data } = (await app.enroll(customer, app.bodyFor(training)).expect(200)).body;
      expect((await app.cohort(training.cohorts[0].id)).status).to.equal('full');
      await app.closeUnpaid(data.orderId, to);
      const enrollment = found(await TrainingEnrollmentModel.findByPk(data.enrollmentId));
      expect(enrollment.status).to.equal('cancelled');
      expect(enrollment.cancelledAt).to.be.instanceOf(Date);
      expect(await app.cohort(training.cohorts[0].id)).to.include({ seatsTaken: 0, status: 'open' });
      const history = await TrainingEnrollmentHistoryModel.findAll({ where: { enrollmentId: enrollment.id }, order: [['id', 'ASC']] });
      expect(history.map((row) => [row.toStatus, row.actorType])).to.deep.equal([['pending', 'customer'], ['cancelled', 'system']]);
      // The freed seat is taken by the next customer.
      await app.enroll(await app.newCustomer(), app.bodyFor(training)).expect(200);
    });
  }

  it('cancels the enrollment and gives the seat back when Khalti refuses to start the payment', async () => {
    const training = await app.training({ cohorts: [{ capacity: 2 }] });
    const customer = await app.newCustomer();
    app.khalti.refuseNext(503, { detail: 'down' });
    const res = await app.enroll(customer, app.bodyFor(training, { gateway: 'khalti' })).expect(409);
    expect(res.body.errorCode).to.equal('ORDER_PAYMENT_FAILED');
    expect((await app.enrollmentsOf(customer)).map((row) => row.status)).to.deep.equal(['cancelled']);
    expect(await app.cohort(training.cohorts[0].id)).to.include({ seatsTaken: 0, status: 'open' });
  });

  it('lets a user with a promoted hold enroll in a full cohort on the held seat, taking no second seat', async () => {
    const training = await app.training({ cohorts: [{ capacity: 1, seatsTaken: 1, status: 'full' }] });
    const cohortId = training.cohorts[0].id;
    const [holder, other] = [await app.newCustomer(), await app.newCustomer()];
    const now = Date.now();
    // The hold's seat: the cohort's one seat counts it (as a promotion past capacity would).
    const hold = await TrainingWaitlistEntryModel.create({
      cohortId, userId: holder.id, status: 'promoted', promotedAt: new Date(now), holdExpiresAt: new Date(now + 48 * HOUR), promotedBy: 'admin-1',
    });
    const refused = await app.enroll(other, app.bodyFor(training)).expect(409);
    expect(refused.body.errorCode).to.equal('TRAINING_COHORT_FULL');

    const { data } = (await app.enroll(holder, app.bodyFor(training)).expect(200)).body;
    expect(await app.cohort(cohortId)).to.include({ seatsTaken: 1, status: 'full' });
    await hold.reload();
    expect(hold.enrollmentId).to.equal(data.enrollmentId);
  });

  it('does not use an expired hold: the full cohort refuses its user', async () => {
    const training = await app.training({ cohorts: [{ capacity: 1, seatsTaken: 1, status: 'full' }] });
    const holder = await app.newCustomer();
    await TrainingWaitlistEntryModel.create({
      cohortId: training.cohorts[0].id, userId: holder.id, status: 'promoted', promotedAt: new Date(Date.now() - 50 * HOUR), holdExpiresAt: new Date(Date.now() - HOUR),
    });
    const res = await app.enroll(holder, app.bodyFor(training)).expect(409);
    expect(res.body.errorCode).to.equal('TRAINING_COHORT_FULL');
  });
});
