import { randomUUID } from 'node:crypto';
import type { Job } from 'bull';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { ChannelMembershipModel, ChannelPostModel, Database, NotificationDeliveryModel, NotificationEventModel } from '@platform/db';
import {
  ChannelBroadcastPushService,
  ChannelPushAudienceService,
  DeliveryReport,
  channelBroadcastDedupeKey,
  Clock,
  fixedClock,
  FAN_OUT_MAX_ATTEMPTS,
  textArrayLiteral,
  NotificationDeliveryIncomplete,
  PushMessage,
  PushProvider,
  PushProviders,
  PushTokensResult,
} from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  ChannelOptions,
  closeTestInfrastructure,
  createChannel,
  createChannelMembership,
  createSubscription,
  createSubscriptionCatalog,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createJobsApp } from '../jobs-app';
import { notificationDeliverProcessor } from './notification-delivery.processor';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * A push provider under the test's control: records each request; tokens in `invalid` are
 * reported unregistered, tokens in `failing` refused for a retry, tokens in `unanswered` got no
 * answer (a timeout); with `hangFrom` set, the request of that number (1-based) and later ones
 * never answer (a worker stuck or killed mid-request).
 */
class ScriptedPushProvider implements PushProvider {
  readonly name = 'scripted';
  readonly requests: string[][] = [];
  readonly messages: PushMessage[] = [];
  readonly invalid = new Set<string>();
  readonly failing = new Set<string>();
  readonly unanswered = new Set<string>();
  hangFrom: number | null = null;

  async sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult> {
    this.requests.push([...tokens]);
    this.messages.push(message);
    if (this.hangFrom !== null && this.requests.length >= this.hangFrom) return new Promise<never>(() => undefined);
    const invalidTokens = tokens.filter((token) => this.invalid.has(token));
    const failedTokens = tokens.filter((token) => this.failing.has(token));
    const unansweredTokens = tokens.filter((token) => this.unanswered.has(token));
    const delivered = tokens.length - invalidTokens.length - failedTokens.length - unansweredTokens.length;
    const errors = [...failedTokens.map(() => 'messaging/server-unavailable'), ...unansweredTokens.map(() => 'FCM did not answer within 10000 ms')];
    return { delivered, invalidTokens, failedTokens, unansweredTokens, errors };
  }

  async sendToTopic(): Promise<void> {
    throw new Error('a channel broadcast never goes to a topic');
  }

  /** How many requests carried each token. */
  timesPushed(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const token of this.requests.flat()) counts.set(token, (counts.get(token) ?? 0) + 1);
    return counts;
  }
}

/**
 * Issue 22, "Broadcast push": a post's CHANNEL_BROADCAST_POST goes to the joined members who get
 * it by the channel access function, page by page, in provider batches of up to 500 tokens, at
 * most once per member however the job is retried or stopped.
 */
describe('channel broadcast push fan-out (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let container: ContainerInstance;
  let db: Database;
  let catalog: TestSubscriptionCatalog;
  let push: ScriptedPushProvider;
  // The app's clock, 400 days from the real one: a fan-out that read any other clock would judge the grace wrongly.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 400 * DAY);
  const clock = { now };
  const at = (ms: number) => new Date(now.getTime() + ms);

  before(async function () {
    this.timeout(30_000);
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:channel-fan-out-jobs` });
    infra = await isolatedInfrastructure('channel-fan-out-jobs', {}, { queues });
    jobs = await buildTestApp(createJobsApp, infra);
    container = jobs.app.container;
    container.set(Clock, fixedClock(clock));
    db = container.get(Database);
    catalog = await createSubscriptionCatalog();
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  beforeEach(() => {
    clock.now = now;
    push = new ScriptedPushProvider();
    container.get(PushProviders).use(push);
  });

  /** `count` customers, each with `devices` push tokens (`<prefix>-<n>-<d>`), inserted in one statement each. */
  async function users(count: number, devices = 1): Promise<Array<{ id: string; tokens: string[] }>> {
    const run = randomUUID().slice(0, 8);
    const rows = await db.sequelize.query<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, full_name)
       SELECT gen_random_uuid(), 'fan-out-' || :run || '-' || n || '@example.com', 'x', 'Fan-out member ' || n
       FROM generate_series(1, :count) AS n ORDER BY n RETURNING id`,
      { replacements: { run, count }, type: QueryTypes.SELECT },
    );
    const created = rows.map((row, index) => ({ id: row.id, tokens: Array.from({ length: devices }, (_, d) => `tok-${run}-${index}-${d}`) }));
    const pairs = created.flatMap((user) => user.tokens.map((token) => ({ userId: user.id, token })));
    if (pairs.length > 0) {
      await db.sequelize.query(
        `INSERT INTO push_devices (user_id, token, platform)
         SELECT t.user_id, t.token, 'android' FROM unnest(CAST(:userIds AS uuid[]), CAST(:tokens AS text[])) AS t(user_id, token)`,
        { replacements: { userIds: textArrayLiteral(pairs.map((pair) => pair.userId)), tokens: textArrayLiteral(pairs.map((pair) => pair.token)) } },
      );
    }
    return created;
  }

  async function joinAll(channelId: number, members: ReadonlyArray<{ id: string }>): Promise<void> {
    await db.sequelize.query(
      `INSERT INTO channel_memberships (channel_id, user_id, is_joined, joined_at)
       SELECT :channelId, u, true, now() FROM unnest(CAST(:userIds AS uuid[])) AS u`,
      { replacements: { channelId, userIds: textArrayLiteral(members.map((member) => member.id)) } },
    );
  }

  const gatedChannel = (options: ChannelOptions = {}) => createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey, ...options });
  const subscribe = (userId: string, from: number, to: number) =>
    createSubscription(userId, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: at(from), endsAt: at(to) });

  /** A post and its broadcast event, as the admin post create writes them; answers the event. */
  async function publish(channel: { id: number; title: string }): Promise<NotificationEventModel> {
    const postId = await db.transaction(async (tx) => {
      const post = await ChannelPostModel.create(
        { channelId: channel.id, type: 'TEXT', bodyText: 'NEPSE closes higher', publishedAt: now, createdByAdminId: 'test-admin' },
        { transaction: tx },
      );
      await container.get(ChannelBroadcastPushService).queue(channel, post.id, tx);
      return post.id;
    });
    const event = await NotificationEventModel.findOne({ where: { dedupeKey: channelBroadcastDedupeKey(postId) } });
    return event as NotificationEventModel;
  }

  const deliver = (event: NotificationEventModel) =>
    notificationDeliverProcessor.process({ data: { eventId: event.id } } as Job<{ eventId: string }>, container) as Promise<DeliveryReport>;

  const deliveriesOf = async (event: NotificationEventModel) => {
    const rows = await NotificationDeliveryModel.findAll({ where: { eventId: event.id }, order: [['id', 'ASC']] });
    return new Map(rows.map((row) => [row.recipient, { status: row.status, reason: row.lastError }]));
  };

  it('pushes the joined members of an OPEN broadcast channel once, with the spec content; not those who left, not non-members', async () => {
    const channel = await createChannel({ title: 'Fan-out test updates' });
    const [member, secondDevice, left, outsider] = await users(4);
    const [twoDevices] = await users(1, 2);
    const [noDevice] = await users(1, 0);
    await joinAll(channel.id, [member, secondDevice, twoDevices, noDevice]);
    await createChannelMembership(channel.id, left.id, { joined: false });
    const event = await publish(channel);

    const report = await deliver(event);

    expect(report).to.deep.equal({ eventId: event.id, outcome: 'processed', sent: 3, skipped: 1 });
    expect([...push.timesPushed()].sort()).to.deep.equal(
      [...member.tokens, ...secondDevice.tokens, ...twoDevices.tokens].map((token) => [token, 1]).sort(),
    );
    expect(push.requests).to.have.length(1);
    expect(push.messages[0]).to.deep.equal({
      title: 'Fan-out test updates',
      body: 'New update available',
      data: {
        channelId: String(channel.id),
        postId: String(event.payload['postId']),
        channelTitle: 'Fan-out test updates',
        notificationType: 'channel_broadcast_post',
        type: 'CHANNEL_BROADCAST_POST',
        eventId: event.id,
      },
    });
    const rows = await deliveriesOf(event);
    expect(rows.get(noDevice.id)).to.deep.equal({ status: 'skipped', reason: 'no registered device' });
    expect(rows.has(left.id)).to.equal(false);
    expect(rows.has(outsider.id)).to.equal(false);
    expect([member, secondDevice, twoDevices].map((user) => rows.get(user.id)?.status)).to.deep.equal(['sent', 'sent', 'sent']);
    expect((await event.reload()).processedAt).to.be.instanceOf(Date);

    // The job again (a retry, a duplicate): the event is processed, nobody is pushed a second time.
    expect((await deliver(event)).outcome).to.equal('already_processed');
    expect(push.requests).to.have.length(1);
  });

  it('a gated channel: holders and members within 7 days of losing the key (6 d 23 h: yes; 7 d 1 h: no); never the unentitled', async () => {
    const channel = await gatedChannel();
    const [holder, lapsedInGrace, lapsedPastGrace, never, futureOnly, holderNotJoined] = await users(6);
    await subscribe(holder.id, -10 * DAY, 10 * DAY);
    await subscribe(lapsedInGrace.id, -30 * DAY, -(6 * DAY + 23 * HOUR));
    await subscribe(lapsedPastGrace.id, -30 * DAY, -(7 * DAY + HOUR));
    await subscribe(futureOnly.id, DAY, 30 * DAY);
    await subscribe(holderNotJoined.id, -10 * DAY, 10 * DAY);
    await joinAll(channel.id, [holder, lapsedInGrace, lapsedPastGrace, never, futureOnly]);
    const event = await publish(channel);

    await deliver(event);

    expect([...push.timesPushed().keys()].sort()).to.deep.equal([...holder.tokens, ...lapsedInGrace.tokens].sort());
    expect([...(await deliveriesOf(event)).keys()].sort()).to.deep.equal([holder.id, lapsedInGrace.id].sort());
  });

  it('pushes nobody for a PREMIUM_VIEW_ONLY channel, a soft-deleted channel, or a channel without members, and still settles the event', async () => {
    for (const options of [{ kind: 'PREMIUM_VIEW_ONLY' }, { status: 'soft_deleted' }, {}] as ChannelOptions[]) {
      const channel = await createChannel(options);
      if (options.kind || options.status) await joinAll(channel.id, await users(2));
      const event = await publish(channel);
      expect(await deliver(event)).to.deep.equal({ eventId: event.id, outcome: 'processed', sent: 0, skipped: 0 });
    }
    expect(push.requests).to.have.length(0);
  });

  it('reads members in pages and sends provider batches of at most 500 tokens, a member\'s devices in one batch', async function () {
    this.timeout(60_000);
    const channel = await createChannel();
    const single = await users(1_499);
    const [pair] = await users(1, 2);
    const members = [...single, pair];
    await joinAll(channel.id, members);
    const event = await publish(channel);
    const audience = container.get(ChannelPushAudienceService);
    const pages: Array<{ limit: number; recipients: number }> = [];
    const page = audience.page.bind(audience);
    audience.page = async (...args) => {
      const answer = await page(...args);
      pages.push({ limit: args[2], recipients: answer.userIds.length });
      return answer;
    };

    const report = await deliver(event).finally(() => {
      audience.page = page;
    });

    expect(pages).to.deep.equal([
      { limit: 1_000, recipients: 1_000 },
      { limit: 1_000, recipients: 500 },
    ]);
    expect(report.sent).to.equal(1_500);
    expect(push.requests.every((request) => request.length <= 500)).to.equal(true);
    expect(push.requests.reduce((sum, request) => sum + request.length, 0)).to.equal(1_501);
    expect(push.requests.filter((request) => pair.tokens.every((token) => request.includes(token)))).to.have.length(1);
    expect([...push.timesPushed().values()].every((times) => times === 1)).to.equal(true);
    // The page holding the pair has 1 token more than 500 per request fits: one request more than the other page.
    expect(push.requests).to.have.length(4);
  });

  it('forgets the tokens the provider reports invalid: a member with only dead tokens is skipped, one with a live device is sent', async () => {
    const channel = await createChannel();
    const [dead] = await users(1);
    const [mixed] = await users(1, 2);
    await joinAll(channel.id, [dead, mixed]);
    push.invalid.add(dead.tokens[0]).add(mixed.tokens[0]);
    const event = await publish(channel);

    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 1, skipped: 1 });

    const rows = await deliveriesOf(event);
    expect(rows.get(dead.id)).to.deep.equal({ status: 'skipped', reason: 'every device token was invalid (removed)' });
    expect(rows.get(mixed.id)?.status).to.equal('sent');
    const left = await db.sequelize.query<{ token: string }>('SELECT token FROM push_devices WHERE user_id IN (:ids) ORDER BY token', {
      replacements: { ids: [dead.id, mixed.id] },
      type: QueryTypes.SELECT,
    });
    expect(left.map((row) => row.token)).to.deep.equal([mixed.tokens[1]]);
  });

  it('retries only the members the provider failed, and skips one who left before the retry', async () => {
    const channel = await createChannel();
    const [reached, retried, leaver] = await users(3);
    await joinAll(channel.id, [reached, retried, leaver]);
    push.failing.add(retried.tokens[0]).add(leaver.tokens[0]);
    const event = await publish(channel);

    const failure = await deliver(event).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(NotificationDeliveryIncomplete);
    expect((await deliveriesOf(event)).get(retried.id)?.status).to.equal('failed');

    push.failing.clear();
    await ChannelMembershipModel.update({ isJoined: false, leftAt: new Date() }, { where: { channelId: channel.id, userId: leaver.id } });
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 1, skipped: 1 });

    const counts = push.timesPushed();
    expect(counts.get(reached.tokens[0])).to.equal(1); // not again on the retry
    expect(counts.get(retried.tokens[0])).to.equal(2); // failed once, then reached
    expect(counts.get(leaver.tokens[0])).to.equal(1); // the failed attempt only
    const rows = await deliveriesOf(event);
    expect(rows.get(retried.id)?.status).to.equal('sent');
    expect(rows.get(leaver.id)).to.deep.equal({ status: 'skipped', reason: 'no longer a recipient' });
  });

  it('after a worker stops mid-fan-out: a retry inside its lease waits (sending the rest), one after it skips the batch in flight; nobody pushed twice', async function () {
    this.timeout(60_000);
    const channel = await createChannel();
    const members = await users(1_200);
    await joinAll(channel.id, members);
    const event = await publish(channel);

    // The first attempt: its first request is answered, its second never is (the worker is stuck, then gone).
    push.hangFrom = 2;
    void deliver(event).catch(() => undefined);
    const deadline = Date.now() + 20_000;
    while (push.requests.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const firstAttempt = push.requests.map((request) => [...request]);
    expect(await statusCounts(event)).to.deep.equal({ sent: 500, sending: 500 });

    // A retry while the claim is live (bull's stalled-job re-run comes within ~30 s): the batch in flight is busy, the rest is sent.
    push = new ScriptedPushProvider();
    container.get(PushProviders).use(push);
    const busy = await deliver(event).catch((error: unknown) => error);
    expect(busy).to.be.instanceOf(NotificationDeliveryIncomplete).and.to.include({ busy: 500, failed: 0 });
    expect(push.requests.flat()).to.have.length(200);
    expect(await statusCounts(event)).to.deep.equal({ sent: 700, sending: 500 });

    // The lease runs out (the worker died): the next retry settles the batch in flight as skipped, sending nothing.
    await db.sequelize.query(`UPDATE notification_deliveries SET locked_until = now() - interval '1 second' WHERE event_id = :eventId AND status = 'sending'`, {
      replacements: { eventId: event.id },
    });
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0, skipped: 500 });

    const everyPush = [...firstAttempt[0], ...push.requests.flat()];
    expect(new Set(everyPush).size).to.equal(everyPush.length); // no token twice, across every attempt
    expect(everyPush.some((token) => firstAttempt[1].includes(token))).to.equal(false);
    const rows = [...(await deliveriesOf(event)).values()];
    expect(rows.filter((row) => row.status === 'sent')).to.have.length(700);
    expect(rows.filter((row) => row.status === 'skipped').every((row) => /stopped before recording/.test(row.reason ?? ''))).to.equal(true);
  });

  it('two runs of one event at once push each member once', async function () {
    this.timeout(60_000);
    const channel = await createChannel();
    const members = await users(1_100);
    await joinAll(channel.id, members);
    const event = await publish(channel);

    const runs = await Promise.allSettled([deliver(event), deliver(event)]);

    expect(runs.some((run) => run.status === 'fulfilled')).to.equal(true);
    const tokens = push.requests.flat();
    expect(tokens).to.have.length(1_100);
    expect(new Set(tokens).size).to.equal(1_100);
    // A run that found deliveries held by the other throws (busy); its job's retry settles nothing new.
    if (!(await event.reload()).processedAt) expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0 });
    expect((await event.reload()).processedAt).to.be.instanceOf(Date);
    expect(push.requests.flat()).to.have.length(1_100);
  });

  it('a request that got no answer is not sent again: the member is skipped, the event processed', async () => {
    const channel = await createChannel();
    const [timedOut, reached] = await users(2);
    await joinAll(channel.id, [timedOut, reached]);
    push.unanswered.add(timedOut.tokens[0]);
    const event = await publish(channel);

    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 1, skipped: 1 });
    const rows = await deliveriesOf(event);
    expect(rows.get(timedOut.id)).to.deep.equal({ status: 'skipped', reason: 'not sent again: no answer (FCM did not answer within 10000 ms)' });
    expect(push.timesPushed().get(timedOut.tokens[0])).to.equal(1);
  });

  it(`gives up a member refused ${FAN_OUT_MAX_ATTEMPTS} times, so the event is processed instead of retried for days`, async () => {
    const channel = await createChannel();
    const [refused, reached] = await users(2);
    await joinAll(channel.id, [refused, reached]);
    push.failing.add(refused.tokens[0]);
    const event = await publish(channel);

    for (let attempt = 1; attempt <= FAN_OUT_MAX_ATTEMPTS; attempt++) {
      expect(await deliver(event).catch((error: unknown) => error), `attempt ${attempt}`).to.be.instanceOf(NotificationDeliveryIncomplete);
    }
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0, skipped: 1 });
    expect(push.timesPushed().get(refused.tokens[0])).to.equal(FAN_OUT_MAX_ATTEMPTS);
    expect(push.timesPushed().get(reached.tokens[0])).to.equal(1);
    expect((await deliveriesOf(event)).get(refused.id)?.reason).to.match(/^gave up after 5 attempts: messaging\/server-unavailable/);
  });

  it('a member whose grace ends between attempts is not pushed by the retry', async () => {
    const channel = await gatedChannel();
    const [lapsing] = await users(1);
    await subscribe(lapsing.id, -30 * DAY, -6 * DAY);
    await joinAll(channel.id, [lapsing]);
    push.failing.add(lapsing.tokens[0]);
    const event = await publish(channel);
    expect(await deliver(event).catch((error: unknown) => error)).to.be.instanceOf(NotificationDeliveryIncomplete);

    clock.now = at(DAY + HOUR); // 7 d 1 h after the window ended
    push.failing.clear();
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0, skipped: 1 });
    expect((await deliveriesOf(event)).get(lapsing.id)).to.deep.equal({ status: 'skipped', reason: 'no longer a recipient' });
    expect(push.timesPushed().get(lapsing.tokens[0])).to.equal(1);
  });

  it('a post deleted before its push is delivered pushes nobody', async () => {
    const channel = await createChannel();
    await joinAll(channel.id, await users(3));
    const event = await publish(channel);
    await ChannelPostModel.update({ isDeleted: true, deletedAt: new Date(), deletedByAdminId: 'test-admin' }, { where: { id: String(event.payload['postId']) } });

    expect(await deliver(event)).to.deep.equal({ eventId: event.id, outcome: 'processed', sent: 0, skipped: 0 });
    expect(push.requests).to.have.length(0);
  });

  it('a PRIVATE gated channel pushes its members who hold the key, and not a member who never did', async () => {
    const channel = await gatedChannel({ visibility: 'PRIVATE' });
    const [holder, stranger] = await users(2);
    await subscribe(holder.id, -DAY, DAY);
    await joinAll(channel.id, [holder, stranger]);
    const event = await publish(channel);

    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 1, skipped: 0 });
    expect([...push.timesPushed().keys()]).to.deep.equal(holder.tokens);
  });
});

/** The event's deliveries that are sent, and those claimed by a run. */
async function statusCounts(event: NotificationEventModel): Promise<{ sent: number; sending: number }> {
  const [row] = await event.sequelize.query<{ sent: number; sending: number }>(
    `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'sending')::int AS sending
     FROM notification_deliveries WHERE event_id = :eventId`,
    { replacements: { eventId: event.id }, type: QueryTypes.SELECT },
  );
  return row;
}
