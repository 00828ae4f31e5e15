import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ChannelPostModel, Database, NotificationEventModel, Transaction } from '@platform/db';
import { ChannelBroadcastPushService, channelBroadcastDedupeKey } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createChannel, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createJobsApp } from '../jobs-app';

/**
 * community-content-uploads.md "Events": a new post's broadcast push, recorded in the post's
 * transaction (CHANNEL_BROADCAST_POST, audience channel_members), one per post. Its delivery to the
 * members: channel-broadcast-fan-out-jobs.e2e.ts.
 */
describe('channel broadcast push (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let container: ContainerInstance;
  let db: Database;

  before(async function () {
    this.timeout(20_000);
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:channel-broadcast-jobs` });
    infra = await isolatedInfrastructure('channel-broadcast-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    container = jobs.app.container;
    db = container.get(Database);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  const textPost = (channelId: number, tx: Transaction) =>
    ChannelPostModel.create({ channelId, type: 'TEXT', bodyText: 'Markets open higher', publishedAt: new Date(), createdByAdminId: 'test-admin' }, { transaction: tx });
  const eventsOf = (postId: string) => NotificationEventModel.findAll({ where: { dedupeKey: channelBroadcastDedupeKey(postId) } });

  /** A post and its broadcast in one transaction, as the post create does. */
  async function publish(channel: { id: number; title: string }): Promise<string> {
    return db.transaction(async (tx) => {
      const post = await textPost(channel.id, tx);
      await container.get(ChannelBroadcastPushService).queue(channel, post.id, tx);
      return post.id;
    });
  }

  it('records one CHANNEL_BROADCAST_POST for the channel members in the post transaction, keyed by the post', async () => {
    const channel = await createChannel({ title: 'Broadcast test channel' });
    const postId = await publish(channel);
    const [event, ...more] = await eventsOf(postId);
    expect(more).to.have.length(0);
    expect(event).to.include({ event: 'CHANNEL_BROADCAST_POST', audience: 'channel_members', channelId: channel.id, userId: null });
    expect(event.dedupeKey).to.equal(`CHANNEL_BROADCAST_POST:post:${postId}`);
    expect(event.payload).to.deep.equal({ channelId: channel.id, postId: Number(postId), channelTitle: 'Broadcast test channel' });
  });

  it('records the broadcast of a post once, however often it is queued', async () => {
    const channel = await createChannel();
    const postId = await publish(channel);
    await db.transaction((tx) => container.get(ChannelBroadcastPushService).queue(channel, postId, tx));
    await db.transaction((tx) => container.get(ChannelBroadcastPushService).queue({ id: channel.id, title: 'Renamed meanwhile' }, Number(postId), tx));
    const events = await eventsOf(postId);
    expect(events).to.have.length(1);
    expect(events[0].payload['channelTitle']).to.equal(channel.title);
  });

  it('records nothing when the post transaction rolls back', async () => {
    const channel = await createChannel();
    let postId = '';
    const failure = await db
      .transaction(async (tx) => {
        postId = (await textPost(channel.id, tx)).id;
        await container.get(ChannelBroadcastPushService).queue(channel, postId, tx);
        throw new Error('the post write failed after queueing');
      })
      .catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(Error);
    expect(postId).to.match(/^\d+$/);
    expect(await eventsOf(postId)).to.have.length(0);
    expect(await ChannelPostModel.findByPk(postId)).to.equal(null);
  });
});
