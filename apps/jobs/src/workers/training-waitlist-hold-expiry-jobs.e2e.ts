import { expect } from 'chai';
import { TrainingCohortModel, TrainingEnrollmentModel, TrainingWaitlistEntryModel } from '@platform/db';
import { ExpireWaitlistHoldsUseCase } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCustomer,
  createTraining,
  createWaitlistHold,
  eventually,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
} from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

const HOUR = 3_600_000;
const FULL = { capacity: 2, seatsTaken: 2, status: 'full' as const };

/** Issue 20, Waitlist: an unused hold expires by a job (entry expired, seat released); training queue, every minute. */
describe('training waitlist hold expiry job (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;

  before(async function () {
    this.timeout(20_000);
    // Queues of their own, so these workers and schedules do not meet other files' workers.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:waitlist-hold-jobs` });
    infra = await isolatedInfrastructure('waitlist-hold-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  const userId = async () => (await createCustomer(jobs.app.container)).id;
  const past = () => new Date(Date.now() - HOUR);
  const runJob = async () => {
    const job = await infra.queues.add('training.waitlist_hold_expiry', {});
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
  };
  const expire = () => jobs.app.container.get(ExpireWaitlistHoldsUseCase).execute();

  it('is scheduled every minute on the training queue', async () => {
    const schedules = await infra.queues.queue('training').getRepeatableJobs();
    const expiry = schedules.filter((schedule) => schedule.name === 'training.waitlist_hold_expiry');
    expect(expiry).to.have.length(1);
    expect(expiry[0].key).to.match(/:60000$/);
  });

  it('expires a hold past its time and gives the extra seat back first: free seats do not grow', async function () {
    this.timeout(20_000);
    const { cohorts } = await createTraining({ cohorts: [FULL] });
    const hold = await createWaitlistHold(jobs.app.container, cohorts[0], await userId(), { holdExpiresAt: past() });
    expect(cohorts[0]).to.include({ seatsTaken: 3, extraSeats: 1, status: 'full' });
    await runJob();
    const row = await TrainingWaitlistEntryModel.findByPk(hold.id);
    expect(row?.status).to.equal('expired');
    expect(row?.expiredAt).to.be.instanceOf(Date);
    expect(row?.promotedAt).to.be.instanceOf(Date);
    await cohorts[0].reload();
    expect(cohorts[0]).to.include({ seatsTaken: 2, extraSeats: 0, status: 'full' });
  });

  it('frees a seat held within capacity: the cohort opens again', async () => {
    const { cohorts } = await createTraining({ cohorts: [{ capacity: 2, seatsTaken: 1 }] });
    await createWaitlistHold(jobs.app.container, cohorts[0], await userId(), { holdExpiresAt: past() });
    expect(cohorts[0].status).to.equal('full');
    await expire();
    await cohorts[0].reload();
    expect(cohorts[0]).to.include({ seatsTaken: 1, extraSeats: 0, status: 'open' });
  });

  it('leaves a hold still in time, and a past hold an enrollment used, untouched', async () => {
    const fixture = await createTraining({ cohorts: [FULL] });
    const [cohort] = fixture.cohorts;
    const buyer = await userId();
    const enrollment = await TrainingEnrollmentModel.create({
      userId: buyer, productId: fixture.product.id, trainingId: fixture.training.id, cohortId: cohort.id, status: 'pending',
    });
    const used = await createWaitlistHold(jobs.app.container, cohort, buyer, { holdExpiresAt: past(), enrollmentId: enrollment.id });
    const inTime = await createWaitlistHold(jobs.app.container, cohort, await userId());
    await expire();
    expect((await TrainingWaitlistEntryModel.findByPk(used.id))?.status).to.equal('promoted');
    expect((await TrainingWaitlistEntryModel.findByPk(inTime.id))?.status).to.equal('promoted');
    expect(await TrainingCohortModel.findByPk(cohort.id)).to.include({ seatsTaken: 4, extraSeats: 2 });
  });

  it('expires each hold once and releases one seat each when two runs meet', async () => {
    const { cohorts } = await createTraining({ cohorts: [FULL] });
    const holds = [];
    for (let i = 0; i < 4; i += 1) holds.push(await createWaitlistHold(jobs.app.container, cohorts[0], await userId(), { holdExpiresAt: past() }));
    expect(cohorts[0]).to.include({ seatsTaken: 6, extraSeats: 4 });
    const runs = await Promise.all([expire(), expire(), expire()]);
    const ours = await TrainingWaitlistEntryModel.findAll({ where: { id: holds.map((hold) => hold.id) } });
    expect(ours.map((entry) => entry.status)).to.deep.equal(['expired', 'expired', 'expired', 'expired']);
    // Other files' holds may be due too: at least ours were counted, and each once.
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).to.be.at.least(4);
    await cohorts[0].reload();
    expect(cohorts[0]).to.include({ seatsTaken: 2, extraSeats: 0, status: 'full' });
    expect((await expire()).expired).to.equal(0);
  });
});
