import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ContentItemModel, ContentSeriesModel, Database } from '@platform/db';
import {
  AdminActor,
  ArchiveContentItemUseCase,
  Clock,
  fixedClock,
  PublishDueContentItemsUseCase,
  UnpublishContentItemUseCase,
} from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createContentItem,
  createContentSeries,
  eventually,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
} from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

const MINUTE = 60_000;
const ADMIN: AdminActor = { kind: 'admin', id: 'test-admin', permissions: ['*'] };

/**
 * Issue 24, scheduling: an item with a future scheduledAt is `scheduled`, and the content.publish_due
 * job (content queue, every minute) publishes it when due, once, even with two job runners.
 */
describe('content publish_due job (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let container: ContainerInstance;
  let series: ContentSeriesModel;
  // The app Clock, near the wall clock (other files' scheduled items lie an hour or more ahead).
  const clock = { now: new Date() };

  before(async function () {
    this.timeout(20_000);
    // Queues of their own, so these workers and schedules do not meet other files' workers.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:content-publish-due-jobs` });
    infra = await isolatedInfrastructure('content-publish-due-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    container = jobs.app.container;
    container.set(Clock, fixedClock(clock));
    await startJobWorkers(jobs.app, infra);
    series = await createContentSeries();
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  const publishDue = () => container.get(PublishDueContentItemsUseCase).execute();
  const scheduled = (scheduledAt: Date) => createContentItem(series, { status: 'scheduled', scheduledAt });
  const ago = (ms: number) => new Date(clock.now.getTime() - ms);

  it('is scheduled every minute on the content queue', async () => {
    const schedules = await infra.queues.queue('content').getRepeatableJobs();
    const job = schedules.filter((schedule) => schedule.name === 'content.publish_due');
    expect(job).to.have.length(1);
    expect(job[0].key).to.match(/:60000$/);
  });

  it('the job publishes a due item, with publishedAt = its scheduledAt', async function () {
    this.timeout(20_000);
    const scheduledAt = ago(MINUTE);
    const item = await scheduled(scheduledAt);
    const job = await infra.queues.add('content.publish_due', {});
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
    await item.reload();
    expect(item.status).to.equal('published');
    expect(item.publishedAt?.toISOString()).to.equal(scheduledAt.toISOString());
    expect(item.scheduledAt?.toISOString()).to.equal(scheduledAt.toISOString());
  });

  describe('the use case, called directly', () => {
    // This runner's schedule stops here, so no background run takes items these tests count.
    before(async () => {
      await infra.queues.queue('content').pause(true);
    });

    it('publishes an item due exactly now and keeps one due a millisecond later scheduled', async () => {
      const now = await scheduled(clock.now);
      const later = await scheduled(new Date(clock.now.getTime() + 1));
      const report = await publishDue();
      expect(report.publishedIds).to.include(now.id).and.not.include(later.id);
      await Promise.all([now.reload(), later.reload()]);
      expect(now.status).to.equal('published');
      expect(later).to.include({ status: 'scheduled', publishedAt: null });
      clock.now = new Date(clock.now.getTime() + 1);
      expect((await publishDue()).publishedIds).to.include(later.id);
      await later.reload();
      expect(later.status).to.equal('published');
    });

    it('two runs at once publish each due item exactly once: disjoint RETURNING sets covering all of them', async () => {
      const due = [];
      for (let i = 0; i < 8; i += 1) due.push(await scheduled(ago(MINUTE + i)));
      const dueIds = due.map((item) => item.id);
      // Hold one due row locked so both runs start and block on it, then let them go: they overlap for sure.
      const db = container.get(Database);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = db.transaction(async (tx) => {
        await ContentItemModel.findByPk(dueIds[3], { transaction: tx, lock: tx.LOCK.UPDATE });
        locked();
        await released;
      });
      await isLocked;
      const runs = [publishDue(), publishDue()];
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await holder;
      const [first, second] = await Promise.all(runs);
      const mine = (ids: number[]) => ids.filter((id) => dueIds.includes(id));
      expect(first.publishedIds.filter((id) => second.publishedIds.includes(id)), 'published by both').to.deep.equal([]);
      expect([...mine(first.publishedIds), ...mine(second.publishedIds)].sort((a, b) => a - b)).to.deep.equal([...dueIds].sort((a, b) => a - b));
      const rows = await ContentItemModel.findAll({ where: { id: dueIds } });
      for (const row of rows) expect(row.status, `item ${row.id}`).to.equal('published');
      // A third run finds nothing of these left.
      expect(mine((await publishDue()).publishedIds)).to.deep.equal([]);
    });

    it('leaves an item unpublished or archived before its time came (and a draft with a past scheduledAt) as it is', async () => {
      const unpublished = await scheduled(new Date(clock.now.getTime() + MINUTE));
      const archived = await scheduled(new Date(clock.now.getTime() + MINUTE));
      await container.get(UnpublishContentItemUseCase).execute(ADMIN, unpublished.id);
      await container.get(ArchiveContentItemUseCase).execute(ADMIN, archived.id);
      const draft = await createContentItem(series, { status: 'draft', scheduledAt: ago(MINUTE) });
      clock.now = new Date(clock.now.getTime() + 2 * MINUTE);
      const report = await publishDue();
      expect(report.publishedIds).to.not.include(unpublished.id);
      expect(report.publishedIds).to.not.include(archived.id);
      expect(report.publishedIds).to.not.include(draft.id);
      await Promise.all([unpublished.reload(), archived.reload(), draft.reload()]);
      expect(unpublished).to.include({ status: 'draft', publishedAt: null });
      expect(archived).to.include({ status: 'archived', publishedAt: null });
      expect(draft).to.include({ status: 'draft', publishedAt: null });
    });
  });
});
