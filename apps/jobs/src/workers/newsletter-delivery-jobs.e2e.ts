import { randomUUID } from 'node:crypto';
import type { Job } from 'bull';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { ContentItemModel, ContentTierRuleModel, Database, NotificationDeliveryModel, NotificationEventModel } from '@platform/db';
import {
  Clock,
  ContentReadersAudienceService,
  contentTiersReadableWith,
  DeliveryReport,
  EntitlementService,
  FAN_OUT_MAX_ATTEMPTS,
  fixedClock,
  NEWSLETTER_EMAIL_LEASE_SECONDS,
  NEWSLETTER_EMAIL_PAGE_SIZE,
  NewsletterChannel,
  newsletterJobId,
  NewsletterSendsService,
  NotificationDeliveryIncomplete,
  NotificationMailer,
  OutgoingEmail,
  PushMessage,
  PushProvider,
  PushProviders,
  PushTokensResult,
  SmtpSendError,
  textArrayLiteral,
  UnsubscribeFromNewsletterUseCase,
} from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createContentItem,
  createContentSeries,
  createSubscription,
  createSubscriptionCatalog,
  eventually,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createJobsApp } from '../jobs-app';
import { notificationDeliverProcessor } from './notification-delivery.processor';
import { SinkMessage, SmtpSink, startSmtpSink } from './notification-smtp-sink.test-helper';

const DAY = 86_400_000;
const FROM = 'Market Weekly <news@learn.example>';
const PUBLIC_BASE_URL = 'https://learn.example';

/** Records each push request; every token is reported delivered. */
class RecordingPushProvider implements PushProvider {
  readonly name = 'recording';
  readonly requests: Array<{ tokens: string[]; message: PushMessage }> = [];

  async sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult> {
    this.requests.push({ tokens: [...tokens], message });
    return { delivered: tokens.length, invalidTokens: [], failedTokens: [], unansweredTokens: [], errors: [] };
  }

  async sendToTopic(): Promise<void> {
    throw new Error('a newsletter push never goes to a topic');
  }

  /** How many requests carried each token, for the pushes of one item. */
  timesPushed(contentItemId: number): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.requests.filter((r) => r.message.data['contentItemId'] === String(contentItemId))) {
      for (const token of request.tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    }
    return counts;
  }
}

type Tier = 'basic' | 'premium';
interface Reader {
  id: string;
  email: string;
  token: string;
}

/**
 * Issue 24 "Delivery": a newsletter item's send-email and send-push (NEWSLETTER_EMAIL,
 * NEWSLETTER_PUSH on the notifications queue) go to the readers the one access function names,
 * each reader once, through a real SMTP server and a recording push provider.
 */
describe('newsletter delivery by email and push (jobs app)', () => {
  let sink: SmtpSink;
  let infra: Infrastructure;
  let jobs: TestApp;
  let container: ContainerInstance;
  let db: Database;
  let catalog: TestSubscriptionCatalog;
  let push: RecordingPushProvider;
  let mailer: NotificationMailer;
  let realSend: NotificationMailer['send'];
  /** Addresses whose messages the mailer fails, as an SMTP server refusing them would. */
  let failing: Set<string>;
  /** Runs before each message goes to the SMTP sink (a test's hook into a run in progress). */
  let beforeSend: ((email: OutgoingEmail) => Promise<void>) | null;
  // The app's clock, 400 days from the real one: the audience must be judged at the app's clock,
  // and other suites' subscriptions (around the real now) have mostly ended by then.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 400 * DAY);
  /** The app's clock; a group of tests moves it on to have readers of its own. */
  const clock = { now };
  const at = (ms: number) => new Date(clock.now.getTime() + ms);

  before(async function () {
    this.timeout(30_000);
    sink = await startSmtpSink();
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:newsletter-delivery-jobs` });
    infra = await isolatedInfrastructure(
      'newsletter-delivery-jobs',
      { SMTP_URL: sink.url, SMTP_FROM: FROM, CUSTOMER_API_PUBLIC_BASE_URL: PUBLIC_BASE_URL },
      { queues },
    );
    jobs = await buildTestApp(createJobsApp, infra);
    container = jobs.app.container;
    container.set(Clock, fixedClock(clock));
    db = container.get(Database);
    catalog = await createSubscriptionCatalog();
    mailer = container.get(NotificationMailer);
    realSend = mailer.send.bind(mailer);
    mailer.send = async (email: OutgoingEmail) => {
      if (failing.has(email.to.address)) throw new Error('451 4.3.0 mailbox temporarily unavailable');
      await beforeSend?.(email);
      return realSend(email);
    };
  });

  after(async () => {
    mailer.send = realSend;
    await sink.close();
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  beforeEach(() => {
    failing = new Set();
    beforeSend = null;
    sink.refuse = null;
    sink.refuseTo.clear();
    sink.dropAfterData = false;
    push = new RecordingPushProvider();
    container.get(PushProviders).use(push);
  });

  /** `count` users, each with one push device unless `device` is false, inserted in one statement. */
  async function users(count: number, options: { device?: boolean; name?: string } = {}): Promise<Reader[]> {
    const run = randomUUID().slice(0, 8);
    const rows = await db.sequelize.query<{ id: string; email: string }>(
      `INSERT INTO users (id, email, password_hash, full_name)
       SELECT gen_random_uuid(), 'reader-' || :run || '-' || n || '@example.com', 'x', :name
       FROM generate_series(1, :count) AS n ORDER BY n RETURNING id, email`,
      { replacements: { run, count, name: options.name ?? 'Newsletter reader' }, type: QueryTypes.SELECT },
    );
    const readers = rows.map((row, index) => ({ id: row.id, email: row.email, token: `nl-${run}-${index}` }));
    if (options.device !== false && readers.length > 0) {
      await db.sequelize.query(
        `INSERT INTO push_devices (user_id, token, platform)
         SELECT t.user_id, t.token, 'android' FROM unnest(CAST(:userIds AS uuid[]), CAST(:tokens AS text[])) AS t(user_id, token)`,
        { replacements: { userIds: textArrayLiteral(readers.map((r) => r.id)), tokens: textArrayLiteral(readers.map((r) => r.token)) } },
      );
    }
    return readers;
  }

  /** A subscription of the catalog's `tier` plan around the app's now (trial, grant, revoked; or a window of its own). */
  async function subscribe(reader: Reader, tier: Tier, window: { status?: 'trial' | 'active' | 'revoked'; from?: number; to?: number; revokedAt?: number } = {}) {
    await createSubscription(
      reader.id,
      { planId: catalog[tier].plan.id, moduleId: catalog.module.id },
      {
        status: window.status,
        startsAt: at(window.from ?? -10 * DAY),
        endsAt: at(window.to ?? 20 * DAY),
        revokedAt: window.revokedAt === undefined ? undefined : at(window.revokedAt),
      },
    );
    await container.get(EntitlementService).invalidate(reader.id);
  }

  async function holders(tier: Tier, count = 1): Promise<Reader[]> {
    const readers = await users(count);
    for (const reader of readers) await subscribe(reader, tier);
    return readers;
  }

  /** Records the item's send as the admin route does (NewsletterSendsService.queue), and answers its event. */
  async function queueSend(channel: NewsletterChannel, item: ContentItemModel): Promise<NotificationEventModel> {
    const payload = { contentItemId: item.id, slug: item.slug, title: item.title, summary: item.summary };
    await db.transaction((tx) => container.get(NewsletterSendsService).queue(channel, payload, tx));
    return NotificationEventModel.findOne({ where: { dedupeKey: newsletterJobId(channel, item.id) }, rejectOnEmpty: true });
  }

  /** The notification.deliver job's processor, called as the worker calls it. */
  const deliver = (event: NotificationEventModel) =>
    notificationDeliverProcessor.process({ data: { eventId: event.id } } as Job<{ eventId: string }>, container) as Promise<DeliveryReport>;

  const mailsOf = (item: ContentItemModel): SinkMessage[] => sink.messages.filter((message) => message.subject === item.title);
  const mailedTo = (item: ContentItemModel) => mailsOf(item).flatMap((message) => message.to).sort();
  const addresses = (readers: Reader[]) => readers.map((reader) => reader.email).sort();
  const deliveriesOf = async (event: NotificationEventModel) => {
    const rows = await NotificationDeliveryModel.findAll({ where: { eventId: event.id }, order: [['id', 'ASC']] });
    return new Map(rows.map((row) => [row.recipient, { id: String(row.id), status: row.status, reason: row.lastError, attempts: row.attempts }]));
  };

  /**
   * Every user who reads an item of `tier` at the app's now, by EntitlementService.at (the one
   * access rule in code, not the SQL under test): free items every content entitlement holder.
   */
  async function entitledReaders(tier: Tier | null): Promise<string[]> {
    const rows = await db.sequelize.query<{ userId: string }>('SELECT DISTINCT user_id AS "userId" FROM subscriptions', { type: QueryTypes.SELECT });
    const entitlements = container.get(EntitlementService);
    const readers: string[] = [];
    for (const { userId } of rows) {
      const held = await entitlements.contentTier(userId, clock.now);
      if (held !== null && (tier === null || contentTiersReadableWith(held).includes(tier))) readers.push(userId);
    }
    return readers.sort();
  }

  /** Makes the audience answer pages of `size` readers, so a test can act between pages; `pages` records each page's readers. */
  function smallPages(size: number): { pages: string[][]; restore(): void } {
    const audience = container.get(ContentReadersAudienceService);
    const page = audience.page.bind(audience);
    const pages: string[][] = [];
    audience.page = async (item, channel, after, _limit, at) => {
      const answer = await page(item, channel, after, size, at);
      pages.push(answer.readers.map((reader) => reader.userId));
      return answer;
    };
    return { pages, restore: () => void (audience.page = page) };
  }

  /** Raises an item's own tier rule to premium, as the admin's set-tier does. */
  const raiseToPremium = (item: ContentItemModel) => ContentTierRuleModel.create({ itemId: item.id, tier: 'premium', setByAdminId: 'test-admin' });

  const tokenOf = (message: SinkMessage) => {
    const url = /^<([^>]+)>$/.exec(message.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    return new URL(url).searchParams.get('token') ?? '';
  };

  it('emails a free item to every user with a content entitlement now (trial and admin grant count), and nobody else', async () => {
    const [basic, premium, trial, grant, revoked, expired, future, none] = await users(8);
    await subscribe(basic, 'basic');
    await subscribe(premium, 'premium');
    await subscribe(trial, 'basic', { status: 'trial' });
    await subscribe(grant, 'premium', { status: 'active' }); // createSubscription writes an active one as an admin grant
    await subscribe(revoked, 'premium', { status: 'revoked', revokedAt: -DAY });
    await subscribe(expired, 'premium', { from: -40 * DAY, to: -DAY });
    await subscribe(future, 'premium', { from: DAY, to: 30 * DAY });
    const item = await createContentItem(await createContentSeries());
    const event = await queueSend('email', item);

    const report = await deliver(event);

    const expected = await entitledReaders(null);
    expect(expected).to.include.members([basic.id, premium.id, trial.id, grant.id]);
    for (const outsider of [revoked, expired, future, none]) expect(expected).to.not.include(outsider.id);
    expect([...(await deliveriesOf(event)).keys()].sort()).to.deep.equal(expected);
    expect(report).to.deep.equal({ eventId: event.id, outcome: 'processed', sent: expected.length, skipped: 0 });
    const mailed = mailedTo(item);
    expect(mailed).to.include.members(addresses([basic, premium, trial, grant]));
    for (const outsider of [revoked, expired, future, none]) expect(mailed).to.not.include(outsider.email);
    expect(mailed).to.have.length(expected.length);
    expect(new Set(mailed).size).to.equal(mailed.length);
  });

  it('a basic item goes to basic and premium holders, a premium item to premium holders only, by email and by push', async () => {
    const [basic] = await holders('basic');
    const [premium] = await holders('premium');
    const [unentitled] = await users(1);
    const basicItem = await createContentItem(await createContentSeries({ tier: 'basic' }));
    // The item's rule wins over its series': a premium item in a basic series.
    const premiumItem = await createContentItem(await createContentSeries({ tier: 'basic' }), { tier: 'premium' });

    for (const item of [basicItem, premiumItem]) {
      await deliver(await queueSend('email', item));
      await deliver(await queueSend('push', item));
    }

    expect(mailedTo(basicItem)).to.include.members(addresses([basic, premium]));
    expect(mailedTo(premiumItem)).to.include(premium.email);
    expect(mailedTo(premiumItem)).to.not.include(basic.email);
    expect(mailedTo(basicItem)).to.not.include(unentitled.email);
    expect([...push.timesPushed(basicItem.id).keys()]).to.include.members([basic.token, premium.token]);
    expect([...push.timesPushed(premiumItem.id).keys()]).to.include(premium.token);
    expect([...push.timesPushed(premiumItem.id).keys()]).to.not.include(basic.token);
    expect([...push.timesPushed(basicItem.id).keys()]).to.not.include(unentitled.token);

    // Exactly the readers the one access rule names, on both channels.
    for (const [item, tier] of [[basicItem, 'basic'], [premiumItem, 'premium']] as const) {
      const expected = await entitledReaders(tier);
      expect(mailedTo(item), `${tier} email`).to.deep.equal(
        (await db.sequelize.query<{ email: string }>('SELECT email FROM users WHERE id = ANY(CAST(:ids AS uuid[]))', {
          replacements: { ids: textArrayLiteral(expected) },
          type: QueryTypes.SELECT,
        }))
          .map((row) => row.email)
          .sort(),
      );
      const pushEvent = await NotificationEventModel.findOne({ where: { dedupeKey: newsletterJobId('push', item.id) }, rejectOnEmpty: true });
      expect([...(await deliveriesOf(pushEvent)).keys()].sort(), `${tier} push`).to.deep.equal(expected);
    }
  });

  it('renders the item (series, title, summary, paragraphs; everything escaped) with RFC 8058 one-click headers and a Message-ID per delivery', async () => {
    const [reader] = await users(1, { name: 'Asha <b>Rai</b>' });
    await subscribe(reader, 'premium');
    const series = await createContentSeries({ title: 'Banks & Brokers', tier: 'premium' });
    const item = await createContentItem(series, {
      title: `Weekly wrap ${randomUUID().slice(0, 6)}`,
      summary: 'Banks led; <i>hydro</i> lagged.',
      body: 'First paragraph.\nSame paragraph, new line.\n\n<script>alert("x")</script>\n\nLast & final.',
    });
    const event = await queueSend('email', item);

    await deliver(event);

    const [message] = mailsOf(item).filter((mail) => mail.to.includes(reader.email));
    expect(message, 'the reader got the item').to.exist;
    const delivery = (await deliveriesOf(event)).get(reader.id);
    expect(message.messageId).to.equal(mailer.messageId(delivery?.id as string));
    expect(message.headers['list-unsubscribe-post']).to.equal('List-Unsubscribe=One-Click');
    const url = /^<([^>]+)>$/.exec(message.headers['list-unsubscribe'])?.[1] as string;
    expect(url).to.match(new RegExp(`^${PUBLIC_BASE_URL}/api/content/newsletter/unsubscribe\\?token=`));
    expect(tokenOf(message)).to.match(new RegExp(`^${reader.id}\\.`));

    expect(message.html).to.not.include('<script>');
    expect(message.html).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(message.html).to.include('Banks &amp; Brokers');
    expect(message.html).to.include('Banks led; &lt;i&gt;hydro&lt;/i&gt; lagged.');
    expect(message.html).to.include('First paragraph.<br>Same paragraph, new line.</p>');
    expect(message.html).to.include('Last &amp; final.</p>');
    expect(message.html).to.include(`<a href="${url}">Unsubscribe</a>`);
    expect(message.html).to.include('because your subscription includes premium content');

    const text = message.text.replace(/\r\n/g, '\n');
    expect(text).to.include('Banks & Brokers');
    expect(text).to.include(item.title);
    expect(text).to.include('First paragraph.\nSame paragraph, new line.\n\n<script>alert("x")</script>\n\nLast & final.');
    expect(text).to.include(url);
  });

  it('pushes the title and summary with contentItemId and slug in data; readers without a device are skipped', async () => {
    const [withDevice] = await holders('basic');
    const [withoutDevice] = await users(1, { device: false });
    await subscribe(withoutDevice, 'basic');
    const item = await createContentItem(await createContentSeries(), { summary: 'Hydropower rallied.' });
    const event = await queueSend('push', item);

    const report = await deliver(event);

    expect(report.outcome).to.equal('processed');
    const request = push.requests.find((r) => r.tokens.includes(withDevice.token));
    expect(request?.message).to.deep.include({ title: item.title, body: 'Hydropower rallied.' });
    expect(request?.message.data).to.include({
      contentItemId: String(item.id),
      slug: item.slug,
      notificationType: 'newsletter_item',
      type: 'NEWSLETTER_PUSH',
    });
    const rows = await deliveriesOf(event);
    expect(rows.get(withDevice.id)?.status).to.equal('sent');
    expect(rows.get(withoutDevice.id)).to.deep.include({ status: 'skipped', reason: 'no registered device' });
    expect(push.timesPushed(item.id).get(withDevice.token)).to.equal(1);
  });

  it('sends nobody a second copy when the job runs again, or restarts after it finished', async () => {
    const readers = await holders('premium', 3);
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const event = await queueSend('email', item);
    const pushEvent = await queueSend('push', item);
    await deliver(event);
    await deliver(pushEvent);
    const first = mailedTo(item);
    expect(first).to.include.members(addresses(readers));

    expect((await deliver(event)).outcome).to.equal('already_processed');
    // A job restarted with its event not marked processed (a crash after the last send): every delivery is settled.
    await NotificationEventModel.update({ processedAt: null }, { where: { id: [event.id, pushEvent.id] } });
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0 });
    expect(await deliver(pushEvent)).to.include({ outcome: 'processed', sent: 0 });
    // Queued again by the admin: the same send, nothing new.
    expect((await queueSend('email', item)).id).to.equal(event.id);

    expect(mailedTo(item)).to.deep.equal(first);
    for (const reader of readers) expect(push.timesPushed(item.id).get(reader.token)).to.equal(1);
  });

  it('a run where SMTP fails for some readers retries only them: nobody gets two copies', async () => {
    const readers = await holders('premium', 4);
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const event = await queueSend('email', item);
    failing = new Set([readers[1].email, readers[3].email]);

    const failure = await deliver(event).catch((error: unknown) => error);

    expect(failure).to.be.instanceOf(NotificationDeliveryIncomplete).and.to.include({ failed: 2, busy: 0 });
    const rows = await deliveriesOf(event);
    expect(rows.get(readers[1].id)).to.deep.include({ status: 'failed', reason: '451 4.3.0 mailbox temporarily unavailable' });
    expect(rows.get(readers[0].id)?.status).to.equal('sent');
    expect(mailedTo(item)).to.not.include.members([readers[1].email]);

    failing.clear();
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 2 });
    const mailed = mailedTo(item);
    expect(mailed).to.include.members(addresses(readers));
    expect(new Set(mailed).size).to.equal(mailed.length);
  });

  it('a run that stopped mid-send (a claim left sending past its lease) is resumed without a second copy; a live claim waits', async () => {
    const readers = await holders('premium', 3);
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const event = await queueSend('email', item);
    failing = new Set([readers[0].email, readers[1].email, readers[2].email]);
    await deliver(event).catch(() => undefined);
    failing.clear();
    // As a worker that died after claiming: one claim still within its lease, one expired.
    const claim = (reader: Reader, lockedUntil: string) =>
      db.sequelize.query(`UPDATE notification_deliveries SET status = 'sending', locked_until = now() + CAST(:lockedUntil AS interval) WHERE event_id = :eventId AND recipient = :userId`, {
        replacements: { eventId: event.id, userId: reader.id, lockedUntil },
      });
    await claim(readers[0], '5 minutes');
    await claim(readers[1], '-1 second');

    const busy = await deliver(event).catch((error: unknown) => error);
    expect(busy).to.be.instanceOf(NotificationDeliveryIncomplete).and.to.include({ busy: 1, failed: 0 });
    await claim(readers[0], '-1 second');
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0, skipped: 1 });

    const rows = await deliveriesOf(event);
    expect(rows.get(readers[0].id)?.reason).to.match(/not sent again: the attempt that claimed it stopped/);
    expect(rows.get(readers[1].id)?.reason).to.match(/not sent again: the attempt that claimed it stopped/);
    expect(rows.get(readers[2].id)?.status).to.equal('sent');
    expect(mailedTo(item).filter((address) => addresses(readers).includes(address))).to.deep.equal([readers[2].email]);
  });

  it('stops a run after 5 failures in a row (the SMTP server is down) and finishes on the retry', async () => {
    const readers = await holders('premium', 12);
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const event = await queueSend('email', item);
    sink.refuse = { code: 451, message: 'try again later' };

    const failure = await deliver(event).catch((error: unknown) => error);

    expect(failure).to.be.instanceOf(NotificationDeliveryIncomplete);
    expect(sink.messages.filter((message) => message.subject === item.title)).to.have.length(0);
    const statuses = [...(await deliveriesOf(event)).values()].map((row) => row.status);
    expect(statuses.every((status) => status === 'failed' || status === 'pending')).to.equal(true);
    sink.refuse = null;
    await deliver(event).catch(() => undefined);
    if (!(await event.reload()).processedAt) await deliver(event);
    const mailed = mailedTo(item);
    expect(mailed).to.include.members(addresses(readers));
    expect(new Set(mailed).size).to.equal(mailed.length);
  });

  it('an unsubscribed reader gets no email but still the push; the List-Unsubscribe token stops the next send', async () => {
    const [stays, leaves] = await holders('premium', 2);
    const series = await createContentSeries({ tier: 'premium' });
    const first = await createContentItem(series);
    await deliver(await queueSend('email', first));
    const [message] = mailsOf(first).filter((mail) => mail.to.includes(leaves.email));

    // What the customer-api route runs for the header's one-click POST (its HTTP test: newsletter-unsubscribe.e2e.ts).
    await container.get(UnsubscribeFromNewsletterUseCase).execute(tokenOf(message));

    const second = await createContentItem(series);
    const emailEvent = await queueSend('email', second);
    await deliver(emailEvent);
    await deliver(await queueSend('push', second));
    expect(mailedTo(second)).to.include(stays.email);
    expect(mailedTo(second)).to.not.include(leaves.email);
    expect((await deliveriesOf(emailEvent)).has(leaves.id)).to.equal(false);
    expect(push.timesPushed(second.id).get(leaves.token)).to.equal(1);
  });

  it('a reader who unsubscribes before the retry is skipped by it', async () => {
    const [reader] = await holders('premium');
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const event = await queueSend('email', item);
    failing = new Set([reader.email]);
    await deliver(event).catch(() => undefined);

    failing.clear();
    await db.sequelize.query('INSERT INTO newsletter_unsubscribes (user_id) VALUES (:userId)', { replacements: { userId: reader.id } });
    await deliver(event);

    expect((await deliveriesOf(event)).get(reader.id)).to.deep.include({ status: 'skipped', reason: 'no longer a recipient' });
    expect(mailedTo(item)).to.not.include(reader.email);
  });

  it('an item unpublished before the job runs sends nothing, and one unpublished before a retry sends no more', async () => {
    const readers = await holders('premium', 2);
    const series = await createContentSeries({ tier: 'premium' });
    const unpublished = await createContentItem(series);
    const emailEvent = await queueSend('email', unpublished);
    const pushEvent = await queueSend('push', unpublished);
    await unpublished.update({ status: 'draft', publishedAt: null });

    expect(await deliver(emailEvent)).to.deep.equal({ eventId: emailEvent.id, outcome: 'processed', sent: 0, skipped: 0 });
    expect(await deliver(pushEvent)).to.deep.equal({ eventId: pushEvent.id, outcome: 'processed', sent: 0, skipped: 0 });
    expect(mailsOf(unpublished)).to.have.length(0);
    expect(push.timesPushed(unpublished.id).size).to.equal(0);

    const archived = await createContentItem(series);
    const event = await queueSend('email', archived);
    failing = new Set([readers[0].email]);
    await deliver(event).catch(() => undefined);
    failing.clear();
    await archived.update({ status: 'archived', archivedAt: new Date(), publishedAt: null });
    expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0, skipped: 1 });
    expect((await deliveriesOf(event)).get(readers[0].id)).to.deep.include({ status: 'skipped', reason: 'not sent: the item is no longer published' });
    expect(mailedTo(archived)).to.not.include(readers[0].email);
  });

  it('two runs of one send at once email each reader once', async function () {
    this.timeout(30_000);
    const readers = await holders('premium', 25);
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const event = await queueSend('email', item);

    const runs = await Promise.allSettled([deliver(event), deliver(event)]);

    expect(runs.some((run) => run.status === 'fulfilled')).to.equal(true);
    if (!(await event.reload()).processedAt) expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0 });
    const mailed = mailedTo(item);
    expect(mailed).to.include.members(addresses(readers));
    expect(new Set(mailed).size).to.equal(mailed.length);
  });

  describe('claims, SMTP answers and the item read per page (readers of their own: the clock 100 days on)', () => {
    // Earlier tests' readers are no longer entitled then, so each send here goes to a few dozen readers.
    before(() => void (clock.now = new Date(now.getTime() + 100 * DAY)));
    after(() => void (clock.now = now));

    it(`claims each reader right before the send (a lease of ${NEWSLETTER_EMAIL_LEASE_SECONDS} s, one send's bound): a worker that dies mid-send leaves one claim, skipped, and the others are all sent`, async function () {
      this.timeout(30_000);
      const readers = await holders('premium', 12);
      const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
      const event = await queueSend('email', item);
      let die: (error: Error) => void = () => undefined;
      const forever = new Promise<void>((_resolve, reject) => (die = reject));
      // The first send never comes back: the worker is stuck there, as one killed mid-send would be.
      beforeSend = async () => {
        beforeSend = null;
        await forever;
      };
      const stuck = deliver(event).catch((error: unknown) => error);
      const claimed = () => NotificationDeliveryModel.findAll({ where: { eventId: event.id, status: 'sending' } });
      await eventually(async () => (await claimed()).length > 0);

      const [claim] = await claimed();
      expect(await claimed()).to.have.length(1);
      const leaseLeft = ((claim.lockedUntil as Date).getTime() - Date.now()) / 1000;
      expect(leaseLeft).to.be.within(NEWSLETTER_EMAIL_LEASE_SECONDS - 10, NEWSLETTER_EMAIL_LEASE_SECONDS + 1);
      const rows = await deliveriesOf(event);
      expect(rows.size).to.be.greaterThan(1);
      expect([...rows.values()].filter((row) => row.status === 'pending')).to.have.length(rows.size - 1);

      // The dead worker's lease runs out; the job's retry runs.
      await db.sequelize.query(`UPDATE notification_deliveries SET locked_until = now() - interval '1 second' WHERE id = :id`, { replacements: { id: claim.id } });
      const report = await deliver(event);

      const settled = await deliveriesOf(event);
      expect(report).to.include({ outcome: 'processed', sent: settled.size - 1, skipped: 1 });
      expect(settled.get(claim.recipient)?.reason).to.match(/^not sent again: the attempt that claimed it stopped/);
      for (const reader of readers.filter((r) => r.id !== claim.recipient)) expect(settled.get(reader.id)?.status, reader.email).to.equal('sent');
      die(new SmtpSendError('unreachable', new Error('the worker is gone')));
      await stuck;
      expect((await deliveriesOf(event)).get(claim.recipient)?.status, 'the late answer changes nothing').to.equal('skipped');
      const mailed = mailedTo(item);
      expect(new Set(mailed).size).to.equal(mailed.length);
      expect(mailed).to.have.length(settled.size - 1);
    });

    it('an SMTP server down for longer than all of the job\'s attempts gives nobody up: once it is back, every reader gets exactly one email', async function () {
      this.timeout(30_000);
      const readers = await holders('premium', 7);
      const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
      const event = await queueSend('email', item);
      await sink.stop();
      try {
        // More runs than bull's attempts (5) and than FAN_OUT_MAX_ATTEMPTS: the dispatch sweep goes on requeueing the event.
        for (let run = 0; run < FAN_OUT_MAX_ATTEMPTS + 2; run += 1) {
          const failure = await deliver(event).catch((error: unknown) => error);
          expect(failure, `run ${run}`).to.be.instanceOf(NotificationDeliveryIncomplete).and.to.include({ busy: 0 });
        }
        const rows = [...(await deliveriesOf(event)).values()];
        expect(rows.every((row) => row.status === 'pending' && row.attempts === 0)).to.equal(true);
        expect(rows.filter((row) => row.reason !== null).map((row) => row.reason)).to.have.length(1);
        expect(rows.find((row) => row.reason !== null)?.reason).to.match(/^not sent yet: the SMTP server could not be reached/);
      } finally {
        await sink.start();
      }

      const report = await deliver(event);

      expect(report.outcome).to.equal('processed');
      expect(report.skipped).to.equal(0);
      const rows = await deliveriesOf(event);
      expect([...rows.values()].every((row) => row.status === 'sent' && row.attempts === 1)).to.equal(true);
      const mailed = mailedTo(item);
      expect(mailed).to.include.members(addresses(readers));
      expect(mailed).to.have.length(rows.size);
      expect(new Set(mailed).size).to.equal(mailed.length);
    });

    it('settles each reader by the SMTP answer: 5xx skipped with the reply, 4xx failed and retried, no answer after the data skipped and never sent again', async function () {
      this.timeout(30_000);
      const [refused, deferred, unanswered, fine] = await holders('premium', 4);
      const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
      const event = await queueSend('email', item);
      sink.refuseTo.set(refused.email, { code: 550, message: 'No such user here' });
      sink.refuseTo.set(deferred.email, { code: 452, message: 'Mailbox full, try again later' });
      beforeSend = async (email) => void (sink.dropAfterData = email.to.address === unanswered.email);
      const receivedBefore = sink.received;

      const failure = await deliver(event).catch((error: unknown) => error);

      expect(failure).to.be.instanceOf(NotificationDeliveryIncomplete).and.to.include({ failed: 1, busy: 0 });
      const rows = await deliveriesOf(event);
      expect(rows.get(refused.id)).to.deep.include({ status: 'skipped', attempts: 1 });
      expect(rows.get(refused.id)?.reason).to.match(/^refused by the SMTP server: .*550 No such user here/);
      expect(rows.get(deferred.id)).to.deep.include({ status: 'failed', attempts: 1 });
      expect(rows.get(deferred.id)?.reason).to.match(/452 Mailbox full/);
      expect(rows.get(unanswered.id)?.status).to.equal('skipped');
      expect(rows.get(unanswered.id)?.reason).to.match(/^not sent again: no answer/);
      expect(rows.get(fine.id)?.status).to.equal('sent');
      const dataReceived = sink.received - receivedBefore;

      sink.refuseTo.clear();
      sink.dropAfterData = false;
      beforeSend = null;
      expect(await deliver(event)).to.include({ outcome: 'processed', sent: 1 });

      expect(sink.received - receivedBefore, 'only the deferred reader was sent again').to.equal(dataReceived + 1);
      expect(mailedTo(item)).to.include.members([deferred.email, fine.email]);
      expect(mailedTo(item)).to.not.include.members([refused.email]);
      expect(mailedTo(item)).to.not.include(unanswered.email);
      expect((await deliveriesOf(event)).get(deferred.id)).to.deep.include({ status: 'sent', attempts: 2 });
    });

    it('reads the item when the job runs: a tier raised to premium after the send was requested reaches no basic member, by email or push', async () => {
      const [basic] = await holders('basic');
      const [premium] = await holders('premium');
      const item = await createContentItem(await createContentSeries({ tier: 'basic' }));
      const emailEvent = await queueSend('email', item);
      const pushEvent = await queueSend('push', item);
      await raiseToPremium(item);

      await deliver(emailEvent);
      await deliver(pushEvent);

      expect(mailedTo(item)).to.include(premium.email).and.not.include(basic.email);
      expect(push.timesPushed(item.id).get(premium.token)).to.equal(1);
      expect(push.timesPushed(item.id).has(basic.token)).to.equal(false);
      expect((await deliveriesOf(emailEvent)).has(basic.id)).to.equal(false);
    });

    it('reads the item again for every page: once the tier is raised during a send, the later pages go to premium holders only', async function () {
      this.timeout(30_000);
      await holders('basic', 6);
      await holders('premium', 2);
      const item = await createContentItem(await createContentSeries({ tier: 'basic' }));
      const event = await queueSend('email', item);
      const paging = smallPages(2);
      // The admin raises the tier while the first message goes out.
      beforeSend = async () => {
        beforeSend = null;
        await raiseToPremium(item);
      };

      const report = await deliver(event).finally(() => paging.restore());

      expect(report.outcome).to.equal('processed');
      const [firstPage, ...laterPages] = paging.pages;
      expect(laterPages.length, 'the send went on past the first page').to.be.greaterThan(0);
      const premiumReaders = await entitledReaders('premium');
      const basicOnly = (await entitledReaders('basic')).filter((userId) => !premiumReaders.includes(userId));
      expect(laterPages.flat().filter((userId) => basicOnly.includes(userId)), 'basic members after the raise').to.deep.equal([]);
      const rows = await deliveriesOf(event);
      expect([...rows.keys()].sort()).to.deep.equal([...new Set([...firstPage, ...laterPages.flat()])].sort());
      expect(basicOnly.filter((userId) => !firstPage.includes(userId)).some((userId) => rows.has(userId)), 'a basic member beyond the first page').to.equal(false);
      expect(mailedTo(item)).to.have.length(rows.size);
    });

    it('an item unpublished during a send ends it: the pages after it send nothing', async function () {
      this.timeout(30_000);
      await holders('premium', 5);
      const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
      const event = await queueSend('email', item);
      const paging = smallPages(2);
      beforeSend = async () => {
        beforeSend = null;
        await ContentItemModel.update({ status: 'draft', publishedAt: null }, { where: { id: item.id } });
      };

      const report = await deliver(event).finally(() => paging.restore());

      // The page being sent when it was unpublished goes out; no page is read after it.
      const sentPage = paging.pages.findIndex((page) => page.length > 0);
      expect(paging.pages).to.have.length(sentPage + 1);
      expect(report).to.deep.equal({ eventId: event.id, outcome: 'processed', sent: paging.pages[sentPage].length, skipped: 0 });
      expect(mailsOf(item)).to.have.length(paging.pages[sentPage].length);
    });

    it('a send that reached nobody (unpublished before its job ran) is queued again when the republished item is sent again, and reaches its readers', async () => {
      const readers = await holders('premium', 2);
      const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
      const event = await queueSend('email', item);
      await item.update({ status: 'draft', publishedAt: null });
      expect(await deliver(event)).to.include({ outcome: 'processed', sent: 0 });
      await item.update({ status: 'published', publishedAt: new Date() });

      expect((await queueSend('email', item)).id).to.equal(event.id);

      await event.reload();
      expect(event.processedAt).to.equal(null);
      expect(await deliver(event)).to.include({ outcome: 'processed' });
      expect(mailedTo(item)).to.include.members(addresses(readers));
      // Now it reached people: a further repeat changes nothing.
      await queueSend('email', item);
      expect((await event.reload()).processedAt).to.be.instanceOf(Date);
    });
  });

  it(`reads readers in pages of ${NEWSLETTER_EMAIL_PAGE_SIZE}, judged at the app's clock, and emails each once`, async function () {
    this.timeout(120_000);
    const readers = await users(NEWSLETTER_EMAIL_PAGE_SIZE + 20, { device: false });
    await db.sequelize.query(
      `INSERT INTO subscriptions (id, user_id, module_id, plan_id, status, source, granted_by_admin_id, starts_at, ends_at)
       SELECT gen_random_uuid(), u, :moduleId, :planId, 'active', 'admin_grant', 'test-admin', :from, :to FROM unnest(CAST(:userIds AS uuid[])) AS u`,
      {
        replacements: { moduleId: catalog.module.id, planId: catalog.premium.plan.id, from: at(-DAY), to: at(DAY), userIds: textArrayLiteral(readers.map((r) => r.id)) },
      },
    );
    // All but 20 unsubscribed: the first page of 500 holders yields fewer readers and still has a next one.
    const [emailed, unsubscribed] = [readers.slice(0, 20), readers.slice(20)];
    await db.sequelize.query('INSERT INTO newsletter_unsubscribes (user_id) SELECT u FROM unnest(CAST(:userIds AS uuid[])) AS u', {
      replacements: { userIds: textArrayLiteral(unsubscribed.map((r) => r.id)) },
    });
    const item = await createContentItem(await createContentSeries({ tier: 'premium' }));
    const event = await queueSend('email', item);
    const audience = container.get(ContentReadersAudienceService);
    const pages: Array<{ limit: number; at: Date; readers: number }> = [];
    const page = audience.page.bind(audience);
    audience.page = async (...args) => {
      const answer = await page(...args);
      pages.push({ limit: args[3], at: args[4], readers: answer.readers.length });
      return answer;
    };

    const report = await deliver(event).finally(() => {
      audience.page = page;
    });

    expect(pages.length).to.be.greaterThanOrEqual(2);
    expect(pages[0].readers).to.be.lessThan(NEWSLETTER_EMAIL_PAGE_SIZE);
    expect(pages.every((p) => p.limit === NEWSLETTER_EMAIL_PAGE_SIZE && p.at.getTime() === now.getTime())).to.equal(true);
    expect(report.outcome).to.equal('processed');
    const mailed = mailedTo(item);
    expect(mailed).to.include.members(addresses(emailed));
    expect(mailed.filter((address) => addresses(unsubscribed).includes(address))).to.have.length(0);
    expect(new Set(mailed).size).to.equal(mailed.length);
  });
});
