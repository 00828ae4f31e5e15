import { expect } from 'chai';
import { Database, TrainingEnrollmentModel, TrainingWaitlistEntryModel } from '@platform/db';
import { ExpireWaitlistHoldsUseCase } from '@platform/domain';
import { createWaitlistHold, TestCustomer } from '@platform/testing';
import { EnrollApp, found, startEnrollApp } from './enroll-test-app.test-helper';

/** A cohort of one seat, taken: a hold in it is a seat past capacity (extra_seats 1). */
const FULL = { capacity: 1, seatsTaken: 1, status: 'full' as const };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Enrolling on a waitlist hold (issue 20 "Seats", "Waitlist"): the cohort row is locked before the
 * hold, so an admin's close, a leave or the hold expiry racing the enroll is seen; enrolling uses
 * the hold up and gives back the seats of the user's other holds in the training.
 */
describe('Training enroll on a waitlist hold (customer-api)', () => {
  let app: EnrollApp;

  before(async () => {
    app = await startEnrollApp('training-enroll-waitlist-e2e');
  });
  after(() => app.close());

  const holdFor = async (customer: TestCustomer, options: Parameters<typeof createWaitlistHold>[3] = {}) => {
    const training = await app.training({ cohorts: [FULL] });
    const hold = await createWaitlistHold(app.container, training.cohorts[0], customer.id, options);
    return { training, hold, cohortId: training.cohorts[0].id };
  };
  const leave = (customer: TestCustomer, cohortId: number) =>
    app.api.http.delete(`/api/mobile/training/cohorts/${cohortId}/waitlist`).set('Authorization', `Bearer ${customer.accessToken}`).send();
  const activeEnrollments = (cohortId: number) => TrainingEnrollmentModel.count({ where: { cohortId, status: ['pending', 'enrolled'] } });

  it('refuses a hold-holder with 409 TRAINING_COHORT_CLOSED when an admin closes the cohort while the enroll runs; hold and seats unchanged', async () => {
    const holder = await app.newCustomer();
    const { training, hold, cohortId } = await holdFor(holder);
    // The admin's close, not yet committed: it holds the cohort row.
    const adminTx = await app.container.get(Database).sequelize.transaction();
    await app.container.get(Database).sequelize.query(`UPDATE training_cohorts SET status = 'closed' WHERE id = :cohortId`, { replacements: { cohortId }, transaction: adminTx });
    let answered = false;
    const enrolling = app.enroll(holder, app.bodyFor(training)).then((res) => ((answered = true), res));
    try {
      await sleep(500);
      // The enroll waits for the cohort row instead of committing on what it read before the close.
      expect(answered, 'the enroll waited for the cohort lock').to.equal(false);
    } finally {
      await adminTx.commit();
    }
    const res = await enrolling;
    expect([res.status, res.body.errorCode]).to.deep.equal([409, 'TRAINING_COHORT_CLOSED']);
    expect(await app.cohort(cohortId)).to.include({ seatsTaken: 2, extraSeats: 1, status: 'closed' });
    await hold.reload();
    expect(hold).to.include({ status: 'promoted', enrollmentId: null });
    expect(await app.enrollmentsOf(holder)).to.have.length(0);
  });

  it('refuses a hold-holder in a cancelled cohort with 409 TRAINING_COHORT_CANCELLED', async () => {
    const holder = await app.newCustomer();
    const { training, hold, cohortId } = await holdFor(holder);
    await app.cohort(cohortId).then((cohort) => cohort.update({ status: 'cancelled' }));
    expect((await app.enroll(holder, app.bodyFor(training)).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_CANCELLED');
    await hold.reload();
    expect(hold).to.include({ status: 'promoted', enrollmentId: null });
  });

  it("enrolling in another cohort of the training cancels the user's live entries there and gives each unused hold's seat back", async () => {
    const customer = await app.newCustomer();
    const training = await app.training({ cohorts: [FULL, FULL, { capacity: 5 }] });
    const [heldCohort, waitingCohort, target] = training.cohorts;
    const hold = await createWaitlistHold(app.container, heldCohort, customer.id);
    const waiting = await TrainingWaitlistEntryModel.create({ cohortId: waitingCohort.id, userId: customer.id, status: 'waiting' });
    const other = await app.newCustomer();
    const othersHold = await createWaitlistHold(app.container, waitingCohort, other.id);

    await app.enroll(customer, app.bodyFor(training, { cohortId: target.id })).expect(200);
    await Promise.all([hold.reload(), waiting.reload(), othersHold.reload()]);
    expect(hold).to.include({ status: 'cancelled', enrollmentId: null });
    expect(hold.cancelledAt).to.be.instanceOf(Date);
    expect(waiting.status).to.equal('cancelled');
    expect(othersHold.status).to.equal('promoted');
    // The held extra seat went back: capacity again, still full.
    expect(await app.cohort(heldCohort.id)).to.include({ seatsTaken: 1, extraSeats: 0, status: 'full' });
    expect(await app.cohort(waitingCohort.id)).to.include({ seatsTaken: 2, extraSeats: 1 });
    expect((await app.cohort(target.id)).seatsTaken).to.equal(1);
  });

  it('payment failure after enrolling on a hold cancels the enrollment and releases the seat once; the used hold stays promoted with its enrollment', async () => {
    const holder = await app.newCustomer();
    const { training, hold, cohortId } = await holdFor(holder);
    const { data } = (await app.enroll(holder, app.bodyFor(training)).expect(200)).body;
    expect(await app.cohort(cohortId)).to.include({ seatsTaken: 2, extraSeats: 1 });
    await app.closeUnpaid(data.orderId, 'payment_failed');
    expect(found(await TrainingEnrollmentModel.findByPk(data.enrollmentId)).status).to.equal('cancelled');
    expect(await app.cohort(cohortId)).to.include({ seatsTaken: 1, extraSeats: 0, status: 'full' });
    // The hold was used up: its seat became the enrollment's and went back with it. The entry is
    // left as the record of that (promoted, enrollment_id set): neither the expiry nor a leave
    // touches it again, so the seat is not released twice.
    await hold.reload();
    expect(hold).to.include({ status: 'promoted', enrollmentId: data.enrollmentId });
    await leave(holder, cohortId).expect(200);
    await app.container.get(ExpireWaitlistHoldsUseCase).execute();
    expect(await app.cohort(cohortId)).to.include({ seatsTaken: 1, extraSeats: 0 });
    // Without a hold the full cohort refuses the user like anyone else.
    expect((await app.enroll(holder, app.bodyFor(training)).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_FULL');
  });

  for (let round = 1; round <= 3; round += 1) {
    it(`gives the held seat to exactly one of a leave and an enroll on the same hold at once (round ${round})`, async () => {
      const holder = await app.newCustomer();
      const { training, hold, cohortId } = await holdFor(holder);
      const [enrolled, left] = await Promise.all([app.enroll(holder, app.bodyFor(training)), leave(holder, cohortId)]);
      expect(left.status).to.equal(200);
      await hold.reload();
      if (enrolled.status === 200) {
        expect(hold).to.include({ status: 'promoted', enrollmentId: enrolled.body.data.enrollmentId });
        expect(await app.cohort(cohortId)).to.include({ seatsTaken: 2, extraSeats: 1 });
      } else {
        expect([enrolled.status, enrolled.body.errorCode]).to.deep.equal([409, 'TRAINING_COHORT_FULL']);
        expect(hold.status).to.equal('cancelled');
        expect(await app.cohort(cohortId)).to.include({ seatsTaken: 1, extraSeats: 0 });
      }
      expect((await app.cohort(cohortId)).seatsTaken).to.equal(1 + (await activeEnrollments(cohortId)));
    });

    it(`gives the held seat to exactly one of the hold expiry and an enroll on the same hold at once (round ${round})`, async () => {
      const holder = await app.newCustomer();
      const { training, hold, cohortId } = await holdFor(holder, { holdExpiresAt: new Date(Date.now() + 150 * round) });
      await sleep(150 * round - 50);
      const [enrolled] = await Promise.all([app.enroll(holder, app.bodyFor(training)), sleep(60).then(() => app.container.get(ExpireWaitlistHoldsUseCase).execute())]);
      await app.container.get(ExpireWaitlistHoldsUseCase).execute();
      await hold.reload();
      if (enrolled.status === 200) {
        expect(hold).to.include({ status: 'promoted', enrollmentId: enrolled.body.data.enrollmentId });
        expect(await app.cohort(cohortId)).to.include({ seatsTaken: 2, extraSeats: 1 });
      } else {
        expect([enrolled.status, enrolled.body.errorCode]).to.deep.equal([409, 'TRAINING_COHORT_FULL']);
        expect(hold.status).to.equal('expired');
        expect(await app.cohort(cohortId)).to.include({ seatsTaken: 1, extraSeats: 0 });
      }
      expect((await app.cohort(cohortId)).seatsTaken).to.equal(1 + (await activeEnrollments(cohortId)));
    });
  }
});
