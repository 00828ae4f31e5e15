import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Database, IdempotencyKeyModel } from '@platform/db';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createCustomer, eventually, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

/** Issue 17: Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_HOURS are swept hourly (maintenance queue). */
describe('idempotency keys purge job (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;

  before(async function () {
    this.timeout(20_000);
    // Queues of their own, so these workers and schedules do not meet other files' workers.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:idempotency-jobs` });
    infra = await isolatedInfrastructure('idempotency-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  it('is scheduled hourly', async () => {
    const schedules = await infra.queues.queue('maintenance').getRepeatableJobs();
    const purge = schedules.filter((schedule) => schedule.name === 'maintenance.purge_expired_idempotency_keys');
    expect(purge).to.have.length(1);
    expect(purge[0].key).to.match(/:41 \* \* \* \*$/);
  });

  it('deletes the keys older than the TTL and keeps the others', async function () {
    this.timeout(20_000);
    const { id: userId } = await createCustomer(jobs.app.container);
    const row = () => ({ actorType: 'customer', userId, scope: 'portfolio_transaction.add', key: randomUUID(), requestHash: 'h' });
    const [old, fresh] = [await IdempotencyKeyModel.create(row()), await IdempotencyKeyModel.create(row())];
    await jobs.app.container.get(Database).sequelize.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE id = :id`, {
      replacements: { id: old.id },
    });
    const job = await infra.queues.add('maintenance.purge_expired_idempotency_keys', {});
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
    expect(await IdempotencyKeyModel.findByPk(old.id)).to.equal(null);
    expect(await IdempotencyKeyModel.findByPk(fresh.id)).not.to.equal(null);
  });
});
