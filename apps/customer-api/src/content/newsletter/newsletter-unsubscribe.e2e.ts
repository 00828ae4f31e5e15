import { expect } from 'chai';
import type { Response } from 'supertest';
import { QueryTypes } from 'sequelize';
import { Database, NotificationEventModel } from '@platform/db';
import {
  DeliverNotificationUseCase,
  newsletterJobId,
  NewsletterUnsubscribeTokensService,
  NotificationMailer,
  OutgoingEmail,
} from '@platform/domain';
import { createRedisConnection, RateLimiters } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createContentItem,
  createContentSeries,
  createCustomer,
  createSubscriptionCatalog,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
  TestCustomer,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { DAY, subscribe } from '../content-readers.test-helper';
import { UNSUBSCRIBE_PER_IP, UNSUBSCRIBE_PER_USER, UNSUBSCRIBES_BY_IP } from './newsletter-unsubscribe-rate-limit';

const ROUTE = '/api/content/newsletter/unsubscribe';
const MOBILE_ROUTE = '/api/mobile/content/newsletter/unsubscribe';
const ONE_CLICK = 'List-Unsubscribe=One-Click';

/**
 * The one-click unsubscribe of newsletter emails (RFC 8058; issue 24 "Delivery"): POST with the
 * signed token unsubscribes, GET only shows the button, a bad token is 400 VALIDATION_ERROR.
 */
describe('newsletter one-click unsubscribe (customer-api)', () => {
  let api: TestApp;
  let db: Database;
  let tokens: NewsletterUnsubscribeTokensService;
  let catalog: TestSubscriptionCatalog;
  let reader: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    db = api.app.container.get(Database);
    tokens = api.app.container.get(NewsletterUnsubscribeTokensService);
    catalog = await createSubscriptionCatalog();
  });

  beforeEach(async () => {
    reader = await createCustomer(api.app.container);
  });

  const unsubscribedAt = async (userId: string): Promise<Date | null> => {
    const [row] = await db.sequelize.query<{ at: Date }>('SELECT unsubscribed_at AS at FROM newsletter_unsubscribes WHERE user_id = :userId', {
      replacements: { userId },
      type: QueryTypes.SELECT,
    });
    return row?.at ?? null;
  };
  const oneClick = (token: string, path = ROUTE) =>
    api.http.post(`${path}?token=${encodeURIComponent(token)}`).type('form').send(ONE_CLICK);

  it('unsubscribes the user the token names on the RFC 8058 one-click POST, and answers the same when repeated', async () => {
    const token = tokens.issue(reader.id);

    const res = await oneClick(token).expect(200);

    expect(res.body).to.deep.equal({ message: 'Success', data: { unsubscribed: true } });
    const first = await unsubscribedAt(reader.id);
    expect(first).to.be.instanceOf(Date);
    expect((await oneClick(token).expect(200)).body).to.deep.equal(res.body);
    expect(await unsubscribedAt(reader.id)).to.deep.equal(first);
  });

  it('accepts any body or none: form, multipart, JSON, text, empty; and answers on the mobile path too', async () => {
    const token = encodeURIComponent(tokens.issue(reader.id));
    await api.http.post(`${ROUTE}?token=${token}`).expect(200);
    await api.http.post(`${ROUTE}?token=${token}`).send({ any: 'thing' }).expect(200);
    await api.http.post(`${ROUTE}?token=${token}`).type('text/plain').send('List-Unsubscribe=One-Click').expect(200);
    // RFC 8058 section 3.1: the one-click body may also come as multipart/form-data (supertest's field()).
    const byForm = await createCustomer(api.app.container);
    const multipart = await api.http.post(`${ROUTE}?token=${encodeURIComponent(tokens.issue(byForm.id))}`).field('List-Unsubscribe', 'One-Click');
    expect(multipart.status, JSON.stringify(multipart.body)).to.equal(200);
    expect(multipart.body.data).to.deep.equal({ unsubscribed: true });
    expect(await unsubscribedAt(byForm.id)).to.be.instanceOf(Date);
    const other = await createCustomer(api.app.container);
    expect((await oneClick(tokens.issue(other.id), MOBILE_ROUTE).expect(200)).body.data).to.deep.equal({ unsubscribed: true });
    expect(await unsubscribedAt(other.id)).to.be.instanceOf(Date);
  });

  it('refuses a missing, malformed or tampered token with 400 VALIDATION_ERROR and unsubscribes nobody', async () => {
    const token = tokens.issue(reader.id);
    const other = await createCustomer(api.app.container);
    const [id, signature] = token.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const refused = [
      `${id}.${flipped}`, // an altered signature
      `${other.id}.${signature}`, // another user's id under this signature
      id, // no signature
      `${id}.${signature}x`,
      'not-a-token',
      '',
    ];
    for (const candidate of refused) {
      const res = await oneClick(candidate).expect(400);
      expect(res.body, candidate).to.deep.equal({ message: 'This unsubscribe link is invalid or incomplete', errorCode: 'VALIDATION_ERROR' });
    }
    expect((await api.http.post(ROUTE).type('form').send(ONE_CLICK).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    expect((await api.http.post(`${ROUTE}?token=a&token=b`).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    expect((await api.http.get(`${ROUTE}?token=${encodeURIComponent(`${id}.${flipped}`)}`).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    expect(await unsubscribedAt(reader.id)).to.equal(null);
    expect(await unsubscribedAt(other.id)).to.equal(null);
  });

  it('GET shows a page whose button POSTs to the same link, and does not unsubscribe (mail scanners open links)', async () => {
    const token = tokens.issue(reader.id);

    const res = await api.http.get(`${MOBILE_ROUTE}?token=${encodeURIComponent(token)}`).expect(200).expect('Content-Type', /text\/html/);

    expect(res.headers['cache-control']).to.equal('no-store');
    expect(res.headers['referrer-policy']).to.equal('no-referrer');
    expect(res.headers['content-security-policy']).to.include("form-action 'self'").and.include("default-src 'none'");
    expect(res.text).to.include(`<form method="post" action="${MOBILE_ROUTE}?token=${encodeURIComponent(token)}">`);
    expect(res.text).to.include('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await unsubscribedAt(reader.id)).to.equal(null);

    // The button: a browser's form POST asks for HTML and gets a confirmation page.
    const confirmed = await oneClick(token, MOBILE_ROUTE).set('Accept', 'text/html,application/xhtml+xml').expect(200).expect('Content-Type', /text\/html/);
    expect(confirmed.text).to.include('You are unsubscribed');
    expect(await unsubscribedAt(reader.id)).to.be.instanceOf(Date);
  });

  it("the List-Unsubscribe link of a delivered newsletter, POSTed, unsubscribes: the next send emails the others and not them", async () => {
    const stays = await createCustomer(api.app.container);
    for (const customer of [reader, stays]) {
      await subscribe(api, customer.id, catalog, 'premium', { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 30 * DAY) });
    }
    const mailer = api.app.container.get(NotificationMailer);
    const sent: OutgoingEmail[] = [];
    const realSend = mailer.send.bind(mailer);
    mailer.send = async (email) => void sent.push(email);
    const series = await createContentSeries({ tier: 'premium' });
    // The send as NewsletterSendsService records it; delivered here by the domain use case the jobs app runs.
    const send = async (item: { id: number; slug: string; title: string; summary: string | null }) => {
      const event = await NotificationEventModel.create({
        event: 'NEWSLETTER_EMAIL',
        audience: 'content_readers',
        contentItemId: item.id,
        payload: { contentItemId: item.id, slug: item.slug, title: item.title, summary: item.summary },
        dedupeKey: newsletterJobId('email', item.id),
      });
      await api.app.container.get(DeliverNotificationUseCase).execute(String(event.id));
      return sent.filter((email) => email.subject === item.title).map((email) => email.to.address);
    };

    try {
      const first = await createContentItem(series);
      expect(await send(first)).to.include.members([reader.email, stays.email]);
      const email = sent.find((candidate) => candidate.subject === first.title && candidate.to.address === reader.email) as OutgoingEmail;
      expect(email.headers?.['List-Unsubscribe-Post']).to.equal(ONE_CLICK);
      const link = new URL(/^<(.+)>$/.exec(email.headers?.['List-Unsubscribe'] ?? '')?.[1] as string);

      await api.http.post(`${link.pathname}${link.search}`).type('form').send(ONE_CLICK).expect(200);

      const second = await createContentItem(series);
      const recipients = await send(second);
      expect(recipients).to.include(stays.email);
      expect(recipients).to.not.include(reader.email);
    } finally {
      mailer.send = realSend;
    }
  });
});

/**
 * The unsubscribe routes' own rate limit (NewsletterUnsubscribeRateLimit): mailbox providers POST
 * one-click unsubscribes from a few shared IPs, so a valid token is counted per user it names
 * (UNSUBSCRIBE_PER_USER), any other request per IP (UNSUBSCRIBE_PER_IP), apart from content reads.
 */
describe('newsletter unsubscribe rate limit (customer-api)', () => {
  /** Content reads at 2 a minute, so an address is soon over them; TRUST_PROXY takes X-Forwarded-For. */
  const LIMITS = { CONTENT_CUSTOMER_ITEM_RATE_LIMIT: '2', CONTENT_CUSTOMER_ITEM_RATE_WINDOW_SECONDS: '60', TRUST_PROXY: 'loopback' };
  let infra: Infrastructure;
  let api: TestApp;
  let tokens: NewsletterUnsubscribeTokensService;
  let ipSerial = 0;
  /** An address no other test counted under. */
  const freshIp = () => `203.0.113.${++ipSerial}`;

  before(async () => {
    infra = await isolatedInfrastructure('newsletter-unsubscribe-limits', { REDIS_PREFIX: `${TEST_ENV['REDIS_PREFIX']}:unsubscribe-limits`, ...LIMITS });
    api = await buildTestApp(createCustomerApi, infra);
    tokens = api.app.container.get(NewsletterUnsubscribeTokensService);
  });

  after(() => closeTestInfrastructure(infra));

  const post = (token: string, ip: string, path = ROUTE) =>
    api.http.post(`${path}?token=${encodeURIComponent(token)}`).set('X-Forwarded-For', ip).type('form').send(ONE_CLICK);
  const expectRefused = (res: Response) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    expect(Number(res.headers['retry-after'])).to.be.within(55, 60);
  };

  it('is not counted with content reads: an address over its read limit still unsubscribes', async () => {
    const ip = freshIp();
    await api.http.get('/api/content/items').set('X-Forwarded-For', ip).expect(200);
    await api.http.get('/api/content/items').set('X-Forwarded-For', ip).expect(200);
    expectRefused(await api.http.get('/api/content/items').set('X-Forwarded-For', ip));

    const reader = await createCustomer(api.app.container);
    await post(tokens.issue(reader.id), ip).expect(200);
    await api.http.get(`${ROUTE}?token=${encodeURIComponent(tokens.issue(reader.id))}`).set('X-Forwarded-For', ip).expect(200);
  });

  it(`counts a valid token per user it names: request ${UNSUBSCRIBE_PER_USER.points + 1} of a minute for one user is refused, from any address, while other users on the same address go on`, async () => {
    const providerIp = freshIp();
    const reader = await createCustomer(api.app.container);
    const token = tokens.issue(reader.id);
    for (let i = 0; i < UNSUBSCRIBE_PER_USER.points / 2; i++) {
      await post(token, providerIp).expect(200);
      await api.http.get(`${MOBILE_ROUTE}?token=${encodeURIComponent(token)}`).set('X-Forwarded-For', freshIp()).expect(200);
    }
    expectRefused(await post(token, freshIp(), MOBILE_ROUTE));
    expectRefused(await post(token, providerIp));

    // The mailbox provider's address keeps unsubscribing its other users.
    for (let i = 0; i < 3; i++) await post(tokens.issue((await createCustomer(api.app.container)).id), providerIp).expect(200);
  });

  it(`counts a missing or invalid token per IP (${UNSUBSCRIBE_PER_IP.points} a minute), and never lets that refuse a valid token from the address`, async () => {
    const ip = freshIp();
    const reader = await createCustomer(api.app.container);
    // An address that has sent UNSUBSCRIBE_PER_IP bad tokens this minute, spent directly rather than over HTTP.
    const limiters = api.app.container.get(RateLimiters);
    const rule = { name: UNSUBSCRIBES_BY_IP.name, points: UNSUBSCRIBE_PER_IP.points, durationSeconds: UNSUBSCRIBE_PER_IP.durationSeconds, window: 'sliding' as const };
    for (let i = 0; i < UNSUBSCRIBE_PER_IP.points - 1; i++) await limiters.consume(rule, ip);
    await post('not-a-token', ip).expect(400);

    expectRefused(await post('not-a-token', ip));
    expectRefused(await api.http.post(ROUTE).set('X-Forwarded-For', ip));
    expectRefused(await post(`${reader.id}.${'A'.repeat(43)}`, ip, MOBILE_ROUTE));
    await post(tokens.issue(reader.id), ip).expect(200);
    expect((await post('not-a-token', freshIp()).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
  });

  describe('with Redis unreachable', () => {
    let offlineInfra: Infrastructure;
    let offline: TestApp;

    before(async () => {
      offlineInfra = await isolatedInfrastructure('newsletter-unsubscribe-limits-offline', LIMITS, {
        redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'newsletter-unsubscribe-limits-offline' }, { retryStrategy: () => null }),
      });
      offline = await buildTestApp(createCustomerApi, offlineInfra);
    });

    after(() => closeTestInfrastructure(offlineInfra));

    it('unsubscribes uncounted (fail-open: an unsubscribe is never lost to a limiter outage)', async function () {
      this.timeout(30_000);
      const reader = await createCustomer(offline.app.container);
      const token = offline.app.container.get(NewsletterUnsubscribeTokensService).issue(reader.id);
      const res = await offline.http.post(`${ROUTE}?token=${encodeURIComponent(token)}`).type('form').send(ONE_CLICK);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect((await offline.http.post(`${ROUTE}?token=bad`)).status).to.equal(400);
    });
  });
});
