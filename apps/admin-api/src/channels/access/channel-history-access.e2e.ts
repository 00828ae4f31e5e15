import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { v7 as uuidv7 } from 'uuid';
import { ChannelHistoryPolicy, Database } from '@platform/db';
import { ChannelAccessService, ChannelRepository, Clock, EntitlementService, fixedClock, visibilitySql } from '@platform/domain';
import { adminToken, buildTestApp, createChannel, createChannelPost, createCustomer, createSubscriptionCatalog, TestApp, TestSubscriptionCatalog } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const DAY = 86_400_000;
const BASE = '/api/admin/subscriptions';

/**
 * Issue 22, "History visibility": each history policy × first / re-subscription × preserve flag
 * (and backfill 0 or 3 days), with every entitlement made by the real admin routes (grant, extend,
 * revoke). The routes start windows "now", so the app's Clock is moved to each past instant
 * before calling them; the windows are then exactly the instants below. Posts are written by the
 * factory with chosen publishedAt (creating them through the admin route would not change what is
 * tested here). What a reader sees is asked of the access function (decide) and read as a post page
 * filtered by visibilitySql in SQL, ordered by id. This lives in admin-api because apps may not
 * import each other and only this app has the grant routes; the mobile routes (customer-api) read
 * through the same decide + visibilitySql.
 */
describe('Channel history visibility through admin grants (issue 22)', () => {
  let api: TestApp;
  let catalog: TestSubscriptionCatalog;
  const T0 = new Date(Math.floor(Date.now() / 1000) * 1000);
  const day = (n: number) => new Date(T0.getTime() + n * DAY);
  const clock = { now: T0 };
  const readers = { first: '', again: '' };

  // Eleven posts by publishedAt. The re-subscriber's intervals: [-60, -50) (granted to -56, extended
  // by 6 days), [-40, -30) (revoked at -30), [-10, +20) (now). The first-timer's: [-10, +20).
  const POSTS: Record<string, number> = {
    a: -70, // before every interval
    b: -58, // first interval, as granted
    c: -53, // first interval, only through the extension
    d: -45, // the first gap
    e: -35, // second interval
    f: -30, // exactly at the revocation: the end of the second interval, outside it
    g: -20, // the second gap
    h: -12, // the second gap, inside a 3-day backfill of the current start
    i: -10, // exactly at the current start
    j: -5,
    k: -1 / 24,
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    catalog = await createSubscriptionCatalog();
    readers.first = (await createCustomer(api.app.container)).id;
    readers.again = (await createCustomer(api.app.container)).id;

    const first = await grantAt(-10, readers.first, 20);
    expect(first.startDate).to.equal(day(-10).toISOString());

    const one = await grantAt(-60, readers.again, -56);
    await at(-57, () => api.http.patch(`${BASE}/${one.id}/extend`).set('Authorization', token('Subscriptions_UPDATE')).send({ durationDays: 6 }).expect(200));
    const two = await grantAt(-40, readers.again, 100);
    const revoked = await at(-30, () => api.http.patch(`${BASE}/${two.id}/revoke`).set('Authorization', token('Subscriptions_UPDATE')).send({}).expect(200));
    expect(revoked.body.data.revokedAt).to.equal(day(-30).toISOString());
    await grantAt(-10, readers.again, 20);
  });

  const adminId = uuidv7();
  const token = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions, adminId)}`;
  async function at<T>(days: number, call: () => Promise<T>): Promise<T> {
    clock.now = day(days);
    try {
      return await call();
    } finally {
      clock.now = T0;
    }
  }
  async function grantAt(days: number, userId: string, untilDays: number) {
    const body = { userId, planId: catalog.basic.plan.id, customEndDate: day(untilDays).toISOString() };
    const res = await at(days, () => api.http.post(`${BASE}/grant`).set('Authorization', token('Subscriptions_CREATE')).send(body).expect(201));
    return res.body.data as { id: string; startDate: string };
  }

  it('the routes made the intended feature intervals', async () => {
    const intervals = (userId: string) => api.app.container.get(EntitlementService).featureIntervals(userId, catalog.basicKey);
    expect(await intervals(readers.first)).to.deep.equal([{ from: day(-10), to: day(20) }]);
    expect(await intervals(readers.again)).to.deep.equal([
      { from: day(-60), to: day(-50) },
      { from: day(-40), to: day(-30) },
      { from: day(-10), to: day(20) },
    ]);
  });

  const TABLE: { reader: keyof typeof readers; policy: ChannelHistoryPolicy; preserve: boolean; backfill: number; sees: string }[] = [
    { reader: 'first', policy: 'NO_PAST', preserve: true, backfill: 3, sees: 'ijk' },
    { reader: 'first', policy: 'NO_PAST', preserve: false, backfill: 0, sees: 'ijk' },
    { reader: 'first', policy: 'ALLOW_PAST', preserve: true, backfill: 0, sees: 'abcdefghijk' },
    { reader: 'first', policy: 'ALLOW_PAST', preserve: false, backfill: 3, sees: 'abcdefghijk' },
    { reader: 'again', policy: 'NO_PAST', preserve: true, backfill: 0, sees: 'bceijk' },
    { reader: 'again', policy: 'NO_PAST', preserve: true, backfill: 3, sees: 'bcehijk' },
    { reader: 'again', policy: 'NO_PAST', preserve: false, backfill: 0, sees: 'ijk' },
    { reader: 'again', policy: 'NO_PAST', preserve: false, backfill: 3, sees: 'hijk' },
    { reader: 'again', policy: 'ALLOW_PAST', preserve: true, backfill: 0, sees: 'bceijk' },
    { reader: 'again', policy: 'ALLOW_PAST', preserve: true, backfill: 3, sees: 'bcehijk' },
    { reader: 'again', policy: 'ALLOW_PAST', preserve: false, backfill: 0, sees: 'ijk' },
    { reader: 'again', policy: 'ALLOW_PAST', preserve: false, backfill: 3, sees: 'hijk' },
  ];

  for (const row of TABLE) {
    const who = row.reader === 'first' ? 'a first-time subscriber' : 'a re-subscriber';
    it(`${row.policy}, preserve ${row.preserve}, backfill ${row.backfill}: ${who} sees posts ${row.sees.split('').join(' ')}`, async () => {
      const created = await createChannel({
        accessPolicy: 'EXTERNAL_GATED',
        requiredFeatureKey: catalog.basicKey,
        firstSubscribeHistoryPolicy: row.policy,
        preservePriorEntitledHistory: row.preserve,
        resubscribeBackfillDays: row.backfill,
      });
      // Written newest-published first, so id order runs against publishedAt order.
      const letterOf = new Map<string, string>();
      for (const letter of Object.keys(POSTS).reverse()) {
        const post = await createChannelPost(created.id, { publishedAt: day(POSTS[letter]) });
        letterOf.set(String(post.id), letter);
      }
      const channel = await api.app.container.get(ChannelRepository).requireChannel(created.id);
      const decision = await api.app.container.get(ChannelAccessService).decide(channel, { userId: readers[row.reader] });
      expect(decision).to.include({ canRead: true, canSee: true, isLocked: false });

      const { where, replacements } = visibilitySql(decision.visible, 'p.published_at');
      const page = await api.app.container.get(Database).sequelize.query<{ id: string }>(
        `SELECT p.id FROM channel_posts p WHERE p.channel_id = :channelId AND ${where} ORDER BY p.id DESC LIMIT 20`,
        { replacements: { ...replacements, channelId: channel.id }, type: QueryTypes.SELECT },
      );
      const ids = page.map((post) => String(post.id));
      expect(ids.map((id) => letterOf.get(id)).join('')).to.equal(row.sees);
      expect(ids).to.deep.equal([...ids].sort((x, y) => Number(BigInt(y) - BigInt(x))));
    });
  }
});
