import { expect } from 'chai';
import { NotificationEventModel, TrainingCohortModel, TrainingEnrollmentModel, TrainingWaitlistEntryModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, createTraining, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = '01900000-0000-7000-8000-00000000b020';
const HOUR = 3_600_000;
const FULL = { capacity: 2, seatsTaken: 2, status: 'full' as const };

/** learning-commerce.md "Training admin": POST .../waitlist/:waitlistId/promote (Training_Cohort_UPDATE); issue 20, Waitlist. */
describe('Admin training waitlist promote (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Training_Cohort_UPDATE'], ADMIN_ID)}`;
  });

  const promotePath = (trainingId: number, cohortId: number, waitlistId: number) =>
    `/api/admin/training/${trainingId}/cohorts/${cohortId}/waitlist/${waitlistId}/promote`;
  const promote = (trainingId: number, cohortId: number, waitlistId: number) => api.http.post(promotePath(trainingId, cohortId, waitlistId)).set('Authorization', admin).send();
  const waiting = async (cohortId: number) => TrainingWaitlistEntryModel.create({ cohortId, userId: (await createCustomer(api.app.container)).id });
  const cohortOf = async (id: number) => {
    const cohort = await TrainingCohortModel.findByPk(id);
    if (!cohort) throw new Error(`cohort ${id} is gone`);
    return cohort;
  };
  const notifications = async (waitlistId: number) =>
    (await NotificationEventModel.findAll({ where: { event: 'TRAINING_WAITLIST_PROMOTED' } })).filter((row) => row.payload['waitlistId'] === waitlistId);

  it('promotes a waiting entry of a full cohort: a seat held past capacity for the hold time, the cohort still full', async () => {
    const { training, product, cohorts } = await createTraining({ cohorts: [{ ...FULL, name: 'Batch 7' }] });
    const entry = await waiting(cohorts[0].id);
    const before = Date.now();
    const res = await promote(training.id, cohorts[0].id, entry.id).expect(200);
    expect(res.body.message).to.equal('Waitlist entry promoted');
    expect(res.body.data).to.include({ id: entry.id, cohortId: cohorts[0].id, userId: entry.userId, status: 'promoted', promotedBy: ADMIN_ID, enrollmentId: null });
    expect(res.body.data.cohort).to.deep.equal({ id: cohorts[0].id, status: 'full', capacity: 2, seatsTaken: 3, extraSeats: 1, seatsLeft: 0 });
    const holdExpiresAt = new Date(res.body.data.holdExpiresAt).getTime();
    expect(holdExpiresAt).to.be.within(before + 48 * HOUR - 60_000, Date.now() + 48 * HOUR + 60_000);
    expect(await cohortOf(cohorts[0].id)).to.include({ seatsTaken: 3, extraSeats: 1, status: 'full' });
    const row = await TrainingWaitlistEntryModel.findByPk(entry.id);
    expect(row).to.include({ status: 'promoted', promotedBy: ADMIN_ID });
    expect(row?.holdExpiresAt?.toISOString()).to.equal(res.body.data.holdExpiresAt);

    const [event] = await notifications(entry.id);
    expect(event).to.include({ audience: 'customer', userId: entry.userId, dedupeKey: `TRAINING_WAITLIST_PROMOTED:waitlist:${entry.id}` });
    expect(event.payload).to.deep.equal({
      userId: entry.userId, trainingId: training.id, cohortId: cohorts[0].id, waitlistId: entry.id,
      holdExpiresAt: res.body.data.holdExpiresAt, trainingTitle: product.title, cohortName: 'Batch 7',
    });
  });

  it('takes a normal free seat in a cohort that is not full, filling it when it was the last', async () => {
    const { training, cohorts } = await createTraining({ cohorts: [{ capacity: 5, seatsTaken: 2 }, { capacity: 3, seatsTaken: 2 }] });
    const [roomy, last] = [await waiting(cohorts[0].id), await waiting(cohorts[1].id)];
    expect((await promote(training.id, cohorts[0].id, roomy.id).expect(200)).body.data.cohort).to.include({ seatsTaken: 3, extraSeats: 0, status: 'open', seatsLeft: 2 });
    expect((await promote(training.id, cohorts[1].id, last.id).expect(200)).body.data.cohort).to.include({ seatsTaken: 3, extraSeats: 0, status: 'full' });
  });

  it('answers a repeated promote with the same entry and takes no second seat, notifying once', async () => {
    const { training, cohorts } = await createTraining({ cohorts: [FULL] });
    const entry = await waiting(cohorts[0].id);
    const first = await promote(training.id, cohorts[0].id, entry.id).expect(200);
    const again = await promote(training.id, cohorts[0].id, entry.id).expect(200);
    const { cohort: _first, ...entryFirst } = first.body.data;
    const { cohort: _again, ...entryAgain } = again.body.data;
    expect(entryAgain).to.deep.equal(entryFirst);
    expect(again.body.data.cohort).to.include({ seatsTaken: 3, extraSeats: 1 });
    expect(await cohortOf(cohorts[0].id)).to.include({ seatsTaken: 3, extraSeats: 1 });
    expect(await notifications(entry.id)).to.have.length(1);
  });

  it('takes one seat when two promotes of the same entry run at once', async () => {
    const { training, cohorts } = await createTraining({ cohorts: [FULL] });
    const entry = await waiting(cohorts[0].id);
    const answers = await Promise.all([1, 2, 3].map(() => promote(training.id, cohorts[0].id, entry.id)));
    expect(answers.map((res) => res.status)).to.deep.equal([200, 200, 200]);
    expect(new Set(answers.map((res) => res.body.data.holdExpiresAt)).size).to.equal(1);
    expect(await cohortOf(cohorts[0].id)).to.include({ seatsTaken: 3, extraSeats: 1, status: 'full' });
    expect(await notifications(entry.id)).to.have.length(1);
  });

  it('takes one seat each for two different entries promoted at once', async () => {
    const { training, cohorts } = await createTraining({ cohorts: [FULL] });
    const entries = [await waiting(cohorts[0].id), await waiting(cohorts[0].id)];
    await Promise.all(entries.map((entry) => promote(training.id, cohorts[0].id, entry.id).expect(200)));
    expect(await cohortOf(cohorts[0].id)).to.include({ seatsTaken: 4, extraSeats: 2, status: 'full' });
  });

  it('refuses an expired or cancelled entry with 409 TRAINING_WAITLIST_NOT_PROMOTABLE, taking no seat', async () => {
    const { training, cohorts } = await createTraining({ cohorts: [FULL] });
    const cancelled = await waiting(cohorts[0].id);
    await cancelled.update({ status: 'cancelled', cancelledAt: new Date() });
    const expired = await waiting(cohorts[0].id);
    const past = new Date(Date.now() - HOUR);
    await expired.update({ status: 'expired', promotedAt: past, holdExpiresAt: past, expiredAt: new Date() });
    for (const entry of [cancelled, expired]) {
      expect((await promote(training.id, cohorts[0].id, entry.id).expect(409)).body.errorCode).to.equal('TRAINING_WAITLIST_NOT_PROMOTABLE');
    }
    expect(await cohortOf(cohorts[0].id)).to.include({ seatsTaken: 2, extraSeats: 0 });
  });

  it('refuses a closed or cancelled cohort with its 409 code, leaving the entry waiting', async () => {
    const { training, cohorts } = await createTraining({ cohorts: [{ ...FULL, status: 'closed' }, { ...FULL, status: 'cancelled' }] });
    const [closed, cancelled] = [await waiting(cohorts[0].id), await waiting(cohorts[1].id)];
    expect((await promote(training.id, cohorts[0].id, closed.id).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_CLOSED');
    expect((await promote(training.id, cohorts[1].id, cancelled.id).expect(409)).body.errorCode).to.equal('TRAINING_COHORT_CANCELLED');
    expect((await TrainingWaitlistEntryModel.findByPk(closed.id))?.status).to.equal('waiting');
    expect(await cohortOf(cohorts[0].id)).to.include({ seatsTaken: 2, extraSeats: 0 });
    expect(await notifications(closed.id)).to.have.length(0);
  });

  it('refuses 409 TRAINING_ALREADY_ENROLLED when the user meanwhile has an enrollment in the training', async () => {
    const fixture = await createTraining({ cohorts: [FULL, { capacity: 5 }] });
    const entry = await waiting(fixture.cohorts[0].id);
    await TrainingEnrollmentModel.create({
      userId: entry.userId, productId: fixture.product.id, trainingId: fixture.training.id, cohortId: fixture.cohorts[1].id, status: 'pending',
    });
    expect((await promote(fixture.training.id, fixture.cohorts[0].id, entry.id).expect(409)).body.errorCode).to.equal('TRAINING_ALREADY_ENROLLED');
    expect(await cohortOf(fixture.cohorts[0].id)).to.include({ seatsTaken: 2 });
  });

  it('answers 404 for an entry of another cohort, a cohort of another training, or unknown ids', async () => {
    const { training, cohorts } = await createTraining({ cohorts: [FULL, FULL] });
    const other = await createTraining({ cohorts: [FULL] });
    const entry = await waiting(cohorts[0].id);
    const code = async (path: string) => (await api.http.post(path).set('Authorization', admin).send().expect(404)).body.errorCode;
    expect(await code(promotePath(training.id, cohorts[1].id, entry.id))).to.equal('TRAINING_WAITLIST_NOT_FOUND');
    expect(await code(promotePath(training.id, cohorts[0].id, 999_999_999))).to.equal('TRAINING_WAITLIST_NOT_FOUND');
    expect(await code(promotePath(other.training.id, cohorts[0].id, entry.id))).to.equal('TRAINING_COHORT_NOT_FOUND');
    expect(await code(promotePath(999_999_999, cohorts[0].id, entry.id))).to.equal('TRAINING_NOT_FOUND');
    expect((await TrainingWaitlistEntryModel.findByPk(entry.id))?.status).to.equal('waiting');
    expect(await cohortOf(cohorts[1].id)).to.include({ seatsTaken: 2, extraSeats: 0 });
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: [['post', '/api/admin/training/1/cohorts/1/waitlist/1/promote', 'Training_Cohort_UPDATE']],
    permissions: ['Training_READ', 'Training_UPDATE', 'Training_Cohort_CREATE', 'Training_Cohort_UPDATE', 'Training_Cohort_DELETE'],
    documentedPath: () => '/api/admin/training/{trainingId}/cohorts/{cohortId}/waitlist/{waitlistId}/promote',
    soleHolder: { path: (path) => path.replace('/training/1', '/training/999999999'), statuses: [404] },
  });
});
