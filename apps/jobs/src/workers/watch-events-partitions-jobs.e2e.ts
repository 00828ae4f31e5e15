import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import type { WatchEventPartitionsOutcome } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, eventually, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

/** Issue 8 (video progress): the daily maintenance.watch_events_partitions job on the maintenance queue. */
describe('watch_events partitions job (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;

  before(async function () {
    this.timeout(20_000);
    // Queues of their own, so these workers and schedules do not meet other files' workers.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:watch-events-jobs` });
    infra = await isolatedInfrastructure('watch-events-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  it('is scheduled daily', async () => {
    const schedules = await infra.queues.queue('maintenance').getRepeatableJobs();
    const maintenance = schedules.filter((schedule) => schedule.name === 'maintenance.watch_events_partitions');
    expect(maintenance).to.have.length(1);
    // The repeat key ends with the cron (bull's parsed `cron` field is shifted by the ':' in the schedule's jobId).
    expect(maintenance[0].key).to.match(/:23 4 \* \* \*$/);
    expect(maintenance[0].next - Date.now()).to.be.within(0, 86_400_000);
  });

  it('keeps the coming months ready and drops a partition past retention', async function () {
    this.timeout(20_000);
    const db = jobs.app.container.get(Database);
    // A partition of this file's own, far in the past (partitions are global to the run's database).
    await db.sequelize.query(
      "CREATE TABLE watch_events_2019_03 PARTITION OF watch_events FOR VALUES FROM ('2019-03-01Z') TO ('2019-04-01Z')",
    );

    const job = await infra.queues.add('maintenance.watch_events_partitions', {});
    await eventually(async () => (await job.getState()) === 'completed', 15_000);

    const outcome = (await infra.queues.queue('maintenance').getJob(job.id!))?.returnvalue as WatchEventPartitionsOutcome;
    expect(outcome.dropped).to.include('watch_events_2019_03');
    expect(outcome.created).to.be.an('array');
    const [row] = await db.sequelize.query<{ old: boolean; current: boolean }>(
      `SELECT to_regclass('watch_events_2019_03') IS NOT NULL AS old,
              to_regclass('watch_events_' || to_char(now() AT TIME ZONE 'UTC', 'YYYY_MM')) IS NOT NULL AS current`,
      { type: QueryTypes.SELECT },
    );
    expect(row).to.deep.equal({ old: false, current: true });
  });
});
