import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import {
  ChannelAccessPolicyModel,
  ChannelDiscussionModel,
  ChannelModel,
  ChannelPostAttachmentModel,
  ChannelPostModel,
  ChannelStatus,
  Database,
} from '@platform/db';
import { PurgeSoftDeletedChannelsUseCase } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { StorageUnavailableError } from '@platform/storage';
import { buildTestApp, closeTestInfrastructure, createChannel, eventually, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

const HOUR = 3_600_000;

/**
 * Issue 21, Channel status: the purge job removes soft-deleted channels whose purge_after has
 * passed, with their posts, attachments and stored objects (a key another channel still uses
 * stays), in batches, safe to re-run; channels queue, hourly.
 */
describe('channel purge job (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let container: ContainerInstance;

  before(async function () {
    this.timeout(20_000);
    // Queues of their own, so these workers and schedules do not meet other files' workers.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:channel-purge-jobs` });
    infra = await isolatedInfrastructure('channel-purge-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    container = jobs.app.container;
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  const purge = (batchSize?: number) => container.get(PurgeSoftDeletedChannelsUseCase).execute(batchSize);
  const storedKey = () => `uploads/image/2030/01/${randomUUID()}.png`;
  const store = async (key: string) => {
    await infra.storage.put(key, Readable.from([Buffer.from('png bytes')]), { contentType: 'image/png' });
    return key;
  };

  /** A channel in `status` (purge_after only with soft_deleted) with a TEXT post and, given `keys`, an IMAGE post holding them. */
  async function channelWithPosts(status: ChannelStatus, purgeAfter: Date | null, keys: string[]) {
    const channel = await createChannel({ status, purgeAfter });
    const posts = await container.get(Database).transaction(async (transaction) => {
      const base = { channelId: channel.id, publishedAt: new Date(), createdByAdminId: 'test-admin' };
      const text = await ChannelPostModel.create({ ...base, type: 'TEXT', bodyText: 'Hello' }, { transaction });
      if (keys.length === 0) return [text];
      const image = await ChannelPostModel.create({ ...base, type: 'IMAGE', attachmentCount: keys.length }, { transaction });
      for (const [displayOrder, storageKey] of keys.entries()) {
        await ChannelPostAttachmentModel.create(
          { postId: image.id, storageKey, fileName: `chart-${displayOrder}.png`, mimeType: 'image/png', sizeBytes: 9, displayOrder },
          { transaction },
        );
      }
      return [text, image];
    });
    return { channel, posts };
  }

  async function dueChannel(keys: string[] = []) {
    return channelWithPosts('soft_deleted', new Date(Date.now() - HOUR), keys);
  }

  async function expectGone({ channel, posts }: { channel: ChannelModel; posts: ChannelPostModel[] }) {
    expect(await ChannelModel.findByPk(channel.id), `channel ${channel.id}`).to.equal(null);
    expect(await ChannelPostModel.count({ where: { channelId: channel.id } })).to.equal(0);
    expect(await ChannelPostAttachmentModel.count({ where: { postId: posts.map((post) => post.id) } })).to.equal(0);
    expect(await ChannelAccessPolicyModel.count({ where: { channelId: channel.id } })).to.equal(0);
    expect(await ChannelDiscussionModel.count({ where: { channelId: channel.id } })).to.equal(0);
  }

  async function expectKept({ channel, posts }: { channel: ChannelModel; posts: ChannelPostModel[] }) {
    expect(await ChannelModel.findByPk(channel.id), `channel ${channel.id}`).not.to.equal(null);
    expect(await ChannelPostModel.count({ where: { channelId: channel.id } })).to.equal(posts.length);
    expect(await ChannelDiscussionModel.count({ where: { channelId: channel.id } })).to.equal(1);
  }

  it('is scheduled hourly on the channels queue', async () => {
    const schedules = await infra.queues.queue('channels').getRepeatableJobs();
    const job = schedules.filter((schedule) => schedule.name === 'channels.purge_soft_deleted');
    expect(job).to.have.length(1);
    expect(job[0].key).to.match(/:29 \* \* \* \*$/);
  });

  it('the job deletes a channel past purge_after with its posts, attachments, policy, discussion and stored objects', async function () {
    this.timeout(20_000);
    const keys = [await store(storedKey()), await store(storedKey())];
    const due = await dueChannel(keys);
    const job = await infra.queues.add('channels.purge_soft_deleted', {});
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
    await expectGone(due);
    for (const key of keys) expect(await infra.storage.exists(key), key).to.equal(false);
  });

  it('keeps soft-deleted channels with a future or no purge_after, and active and archived ones, with their objects', async () => {
    const kept = [
      await channelWithPosts('soft_deleted', new Date(Date.now() + HOUR), [await store(storedKey())]),
      await channelWithPosts('soft_deleted', null, [await store(storedKey())]),
      await channelWithPosts('active', null, [await store(storedKey())]),
      await channelWithPosts('archived', null, [await store(storedKey())]),
    ];
    const due = await dueChannel();
    await purge();
    await expectGone(due);
    for (const fixture of kept) {
      await expectKept(fixture);
      const [attachment] = await ChannelPostAttachmentModel.findAll({ where: { postId: fixture.posts[1].id } });
      expect(await infra.storage.exists(attachment.storageKey)).to.equal(true);
    }
  });

  it('keeps a stored object another channel still uses, and deletes it once its last user is purged', async () => {
    const [shared, own] = [await store(storedKey()), await store(storedKey())];
    const due = await dueChannel([shared, own]);
    const live = await channelWithPosts('active', null, [shared]);
    const later = await channelWithPosts('soft_deleted', new Date(Date.now() + HOUR), [shared]);

    const report = await purge();
    await expectGone(due);
    expect(await infra.storage.exists(own)).to.equal(false);
    expect(await infra.storage.exists(shared)).to.equal(true);
    expect(report.objectsShared).to.be.at.least(1);

    await live.channel.update({ status: 'soft_deleted', deletedAt: new Date(), deletedByAdminId: 'test-admin', purgeAfter: new Date(Date.now() - HOUR) });
    await later.channel.update({ purgeAfter: new Date(Date.now() - HOUR) });
    await purge();
    await expectGone(live);
    await expectGone(later);
    expect(await infra.storage.exists(shared)).to.equal(false);
  });

  it('is harmless to re-run, also after the objects went but the rows stayed', async () => {
    const key = await store(storedKey());
    const due = await dueChannel([key]);
    await infra.storage.delete(key); // as if a run deleted the objects and then failed to commit
    const first = await purge();
    expect(first.failedChannelIds).not.to.include(due.channel.id);
    await expectGone(due);
    const second = await purge();
    expect(second).to.deep.include({ channels: 0, posts: 0, attachments: 0, objectsDeleted: 0, failedChannelIds: [] });
  });

  it('purges every due channel when there are more than one batch holds', async () => {
    const due = [];
    for (let i = 0; i < 7; i += 1) due.push(await dueChannel([await store(storedKey())]));
    const report = await purge(3);
    for (const fixture of due) await expectGone(fixture);
    expect(report.channels).to.be.at.least(7);
    expect(report.posts).to.be.at.least(14); // a TEXT and an IMAGE post each
    expect(report.attachments).to.be.at.least(7);
    expect(report.objectsDeleted).to.be.at.least(7);
  });

  it('leaves a channel whose stored object cannot be deleted for the next run, and purges the others', async () => {
    const [broken, fine] = [await store(storedKey()), await store(storedKey())];
    const stuck = await dueChannel([broken]);
    const other = await dueChannel([fine]);
    const storage = infra.storage;
    const original = storage.delete.bind(storage);
    storage.delete = (key: string) => (key === broken ? Promise.reject(new StorageUnavailableError('delete')) : original(key));
    try {
      const report = await purge();
      expect(report.failedChannelIds).to.deep.equal([stuck.channel.id]);
      await expectKept(stuck);
      await expectGone(other);
      expect(await storage.exists(broken)).to.equal(true);
      expect(await storage.exists(fine)).to.equal(false);
    } finally {
      storage.delete = original;
    }
    expect((await purge()).failedChannelIds).to.deep.equal([]);
    await expectGone(stuck);
    expect(await storage.exists(broken)).to.equal(false);
  });

  it('two runs at once purge each channel once', async () => {
    const due = [];
    for (let i = 0; i < 6; i += 1) due.push(await dueChannel([await store(storedKey())]));
    const runs = await Promise.all([purge(2), purge(2), purge(2)]);
    for (const fixture of due) await expectGone(fixture);
    expect(runs.reduce((sum, run) => sum + run.channels, 0)).to.be.at.least(6);
    expect(runs.flatMap((run) => run.failedChannelIds)).to.deep.equal([]);
  });
});
