import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { ChannelMembershipModel } from '@platform/db';
import { ChannelAccessService, ChannelRepository, Clock, fixedClock } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createChannel,
  createCustomer,
  createSubscription,
  createSubscriptionCatalog,
  TestApp,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BASE = '/api/admin/subscriptions';

/**
 * Issue 22, "The one channel access function": admin grants, extensions and revocations change
 * what the access function answers at once — the entitlement cache (EntitlementCache, Redis) must
 * never serve the answer from before the change — and a revocation starts the 7-day push grace
 * of a joined member (community-content-uploads.md "Membership and access"). Through the real
 * admin routes; the app's Clock is fixed so instants are exact.
 */
describe('Channel access after admin grant, extend and revoke (issue 22)', () => {
  let api: TestApp;
  let catalog: TestSubscriptionCatalog;
  let userId: string;
  const T0 = new Date(Math.floor(Date.now() / 1000) * 1000);
  const at = (ms: number) => new Date(T0.getTime() + ms);
  const clock = { now: T0 };
  const adminId = uuidv7();

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    catalog = await createSubscriptionCatalog();
  });

  beforeEach(async () => {
    clock.now = T0;
    userId = (await createCustomer(api.app.container)).id;
  });

  const token = (permission: string) => `Bearer ${adminToken(api.app.container, [permission], adminId)}`;
  const grant = async (untilMs: number) => {
    const body = { userId, planId: catalog.basic.plan.id, customEndDate: at(untilMs).toISOString() };
    const res = await api.http.post(`${BASE}/grant`).set('Authorization', token('Subscriptions_CREATE')).send(body).expect(201);
    return res.body.data.id as string;
  };
  const revoke = (id: string) => api.http.patch(`${BASE}/${id}/revoke`).set('Authorization', token('Subscriptions_UPDATE')).send({}).expect(200);
  const extend = (id: string, durationDays: number) =>
    api.http.patch(`${BASE}/${id}/extend`).set('Authorization', token('Subscriptions_UPDATE')).send({ durationDays }).expect(200);
  const gated = async (key = catalog.basicKey) => {
    const created = await createChannel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE', requiredFeatureKey: key });
    return api.app.container.get(ChannelRepository).requireChannel(created.id);
  };
  const decide = async (channel: Awaited<ReturnType<typeof gated>>, when?: Date) =>
    api.app.container.get(ChannelAccessService).decide(channel, { userId }, when);

  it('the entitlement cache is live: a subscription written behind its back is not seen until a route invalidates it', async () => {
    // Guards the next tests: without a warm cache, "readable at once" would prove nothing.
    const other = await createSubscriptionCatalog();
    const channel = await gated(other.basicKey);
    expect((await decide(channel)).canSee).to.equal(false);
    await createSubscription(userId, { planId: other.basic.plan.id, moduleId: other.module.id }, { startsAt: at(-DAY), endsAt: at(DAY) });
    expect((await decide(channel)).canSee).to.equal(false);
    await grant(10 * DAY); // another module's grant: it invalidates the user's cached windows
    expect((await decide(channel)).canRead).to.equal(true);
  });

  it('a grant makes a gated channel readable at once, from the grant\'s start (NO_PAST)', async () => {
    const channel = await gated();
    expect(await decide(channel)).to.include({ canRead: false, canSee: false });
    await grant(10 * DAY);
    const decision = await decide(channel);
    expect(decision).to.include({ canRead: true, canSee: true, isLocked: false });
    expect(decision.visible).to.deep.equal({ all: false, ranges: [{ from: T0, to: null }] });
  });

  it('a revoke refuses at once: unseen for a non-member, the locked shell for a joined member', async () => {
    const channel = await gated();
    const id = await grant(10 * DAY);
    await ChannelMembershipModel.create({ channelId: channel.id, userId, isJoined: true, joinedAt: T0 });
    expect(await decide(channel)).to.include({ canRead: true, isJoined: true, getsPush: true });
    clock.now = at(HOUR);
    await revoke(id);
    expect(await decide(channel)).to.include({ canRead: false, canSee: true, isJoined: true, isLocked: true });
    await ChannelMembershipModel.update({ isJoined: false, leftAt: at(HOUR) }, { where: { channelId: channel.id, userId } });
    expect(await decide(channel)).to.include({ canRead: false, canSee: false, isJoined: false, isLocked: false, getsPush: false });
  });

  it('after a revoke a joined member gets push for 7 days: 6 d 23 h after it yes, 7 d 1 h after it no', async () => {
    const channel = await gated();
    const id = await grant(30 * DAY);
    await ChannelMembershipModel.create({ channelId: channel.id, userId, isJoined: true, joinedAt: T0 });
    clock.now = at(2 * DAY);
    await revoke(id);
    const revokedAt = 2 * DAY;
    expect(await decide(channel, at(revokedAt + 6 * DAY + 23 * HOUR))).to.include({ canRead: false, isLocked: true, getsPush: true });
    expect(await decide(channel, at(revokedAt + 7 * DAY + HOUR))).to.include({ canRead: false, isLocked: true, getsPush: false });
  });

  it('an extension counts at once: past the old end the channel is readable again', async () => {
    const channel = await gated();
    const id = await grant(5 * DAY);
    const later = at(6 * DAY);
    expect((await decide(channel, later)).canRead).to.equal(false);
    await extend(id, 10);
    const decision = await decide(channel, later);
    expect(decision.canRead).to.equal(true);
    expect(decision.visible).to.deep.equal({ all: false, ranges: [{ from: T0, to: null }] });
  });
});
