import type { Job } from 'bull';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ChannelPostModel, Database, NotificationDeliveryModel, NotificationEventModel, NotificationModel, Transaction } from '@platform/db';
import {
  ChannelBroadcastPushService,
  channelBroadcastDedupeKey,
  PushMessage,
  PushProvider,
  PushProviders,
  PushSender,
  PushTokensResult,
  renderNotification,
} from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createChannel, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createJobsApp } from '../jobs-app';
import { notificationDeliverProcessor } from './notification-delivery.processor';

/** Records every push instead of sending it. */
class RecordingPushProvider implements PushProvider {
  readonly name = 'recording';
  readonly calls: Array<{ tokens?: string[]; topic?: string; message: PushMessage }> = [];

  async sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult> {
    this.calls.push({ tokens: [...tokens], message });
    return { delivered: tokens.length, invalidTokens: [], errors: [] };
  }

  async sendToTopic(topic: string, message: PushMessage): Promise<void> {
    this.calls.push({ topic, message });
  }
}

/**
 * community-content-uploads.md "Events": a new post's broadcast push, recorded in the post's
 * transaction (CHANNEL_BROADCAST_POST, audience channel_members) and delivered by notification.deliver.
 * Memberships come with part 2: until then the members resolve to none.
 */
describe('channel broadcast push (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let container: ContainerInstance;
  let db: Database;
  const push = new RecordingPushProvider();

  before(async function () {
    this.timeout(20_000);
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:channel-broadcast-jobs` });
    infra = await isolatedInfrastructure('channel-broadcast-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    container = jobs.app.container;
    container.get(PushProviders).use(push);
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

  it('delivers a broadcast to no one while channels have no members: processed, no deliveries, no push, not the admins', async () => {
    const channel = await createChannel();
    const postId = await publish(channel);
    const [event] = await eventsOf(postId);

    const report = await notificationDeliverProcessor.process({ data: { eventId: event.id } } as Job<{ eventId: string }>, container);

    expect(report).to.deep.equal({ eventId: event.id, outcome: 'processed', sent: 0, skipped: 0 });
    expect(await NotificationDeliveryModel.count({ where: { eventId: event.id } })).to.equal(0);
    expect(await NotificationModel.count({ where: { eventId: event.id } })).to.equal(0);
    expect(push.calls.filter((call) => call.message.data['eventId'] === event.id)).to.have.length(0);
    await event.reload();
    expect(event.processedAt).to.be.instanceOf(Date);
  });

  it('pushes the spec content: title = channel title, body "New update available", data channelId, postId, notificationType', async () => {
    const channel = await createChannel({ title: 'Daily Briefing' });
    const postId = await publish(channel);
    const [event] = await eventsOf(postId);
    const token = `token-${postId}`;
    const content = renderNotification('CHANNEL_BROADCAST_POST', event.payload as { channelId: number; postId: number; channelTitle: string });

    // The member query is part 2's: here the push itself is sent as a member's delivery would be.
    expect(await container.get(PushSender).send({ tokens: [token] }, { event, deliveryId: '1', content })).to.deep.equal({ status: 'sent' });

    const [sent] = push.calls.filter((call) => call.tokens?.includes(token));
    expect(sent.message).to.deep.include({ title: 'Daily Briefing', body: 'New update available' });
    expect(sent.message.data).to.include({
      channelId: String(channel.id),
      postId,
      notificationType: 'channel_broadcast_post',
      type: 'CHANNEL_BROADCAST_POST',
      eventId: event.id,
    });
  });
});
