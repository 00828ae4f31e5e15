import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ChannelMembershipModel } from '@platform/db';
import { ChannelOptions, createChannel, createCustomer, createSubscription, createSubscriptionCatalog, testContainer, TestSubscriptionCatalog } from '@platform/testing';
import { Clock, fixedClock } from '../../shared';
import { ChannelRepository } from '../channel.repository';
import { ChannelAccessService, NOTIFICATION_GRACE_MS } from './channel-access.service';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * ChannelAccessService.decide (issue 22, "The one channel access function"; community-content-uploads.md
 * "Membership and access"): entitlements are written with factories here; the admin grant, extend
 * and revoke routes drive it in apps/admin-api/src/channels/access.
 */
describe(ChannelAccessService.name, () => {
  let container: ContainerInstance;
  let access: ChannelAccessService;
  let catalog: TestSubscriptionCatalog;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const at = (ms: number) => new Date(now.getTime() + ms);

  before(async () => {
    container = await testContainer('channel-access-spec');
    container.set(Clock, fixedClock(now));
    access = container.get(ChannelAccessService);
    catalog = await createSubscriptionCatalog();
  });

  const channel = async (options: ChannelOptions = {}) => {
    const gated = options.accessPolicy === 'EXTERNAL_GATED';
    const created = await createChannel({ ...options, requiredFeatureKey: gated ? (options.requiredFeatureKey ?? catalog.basicKey) : null });
    return container.get(ChannelRepository).requireChannel(created.id);
  };
  const customer = async () => ({ userId: (await createCustomer(container)).id });
  const subscribe = (userId: string, from: number, to: number, level: 'basic' | 'premium' = 'basic') =>
    createSubscription(userId, { planId: catalog[level].plan.id, moduleId: catalog.module.id }, { startsAt: at(from), endsAt: at(to) });
  const join = (channelId: number, userId: string, joined = true) =>
    ChannelMembershipModel.create({ channelId, userId, isJoined: joined, joinedAt: at(-60 * DAY), leftAt: joined ? null : at(-DAY) });
  const summary = (decision: { canRead: boolean; canSee: boolean; isJoined: boolean; isLocked: boolean; getsPush: boolean }) => {
    const { canRead, canSee, isJoined, isLocked, getsPush } = decision;
    return { canRead, canSee, isJoined, isLocked, getsPush };
  };
  const NOTHING = { canRead: false, canSee: false, isJoined: false, isLocked: false, getsPush: false };

  it('an anonymous reader reads OPEN channels, public or private, and no gated one', async () => {
    for (const visibility of ['PUBLIC', 'PRIVATE'] as const) {
      const decision = await access.decide(await channel({ visibility }), null);
      expect(decision).to.deep.equal({ canRead: true, canSee: true, isJoined: false, isLocked: false, getsPush: false, visible: { all: true } });
    }
    const gatedPublic = await access.decide(await channel({ accessPolicy: 'EXTERNAL_GATED' }), null);
    expect(gatedPublic).to.deep.equal({ ...NOTHING, canSee: true, visible: { all: false, ranges: [] } });
    expect(summary(await access.decide(await channel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' }), null))).to.deep.equal(NOTHING);
  });

  it('a gated channel needs its own feature key now: a plan without it, or a window past or future, is no access', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.premiumKey });
    const reader = await customer();
    await subscribe(reader.userId, -DAY, 10 * DAY, 'basic');
    expect(summary(await access.decide(gated, reader))).to.deep.equal({ ...NOTHING, canSee: true });
    const premium = await customer();
    await subscribe(premium.userId, -20 * DAY, -10 * DAY, 'premium');
    await subscribe(premium.userId, 5 * DAY, 30 * DAY, 'premium');
    expect((await access.decide(gated, premium)).canRead).to.equal(false);
    expect((await access.decide(gated, premium, at(6 * DAY))).canRead).to.equal(true);
  });

  it('a gated channel is readable with the key now (a premium plan gives its basic tier\'s key too), history by the policy', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' });
    const reader = await customer();
    await subscribe(reader.userId, -DAY, 10 * DAY, 'premium');
    const decision = await access.decide(gated, reader);
    expect(summary(decision)).to.deep.equal({ ...NOTHING, canRead: true, canSee: true });
    expect(decision.visible).to.deep.equal({ all: false, ranges: [{ from: at(-DAY), to: null }] });
  });

  it('a soft-deleted channel exists for nobody: not for anonymous readers, holders of its key, or its joined members', async () => {
    const open = await channel({ status: 'soft_deleted' });
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', status: 'soft_deleted' });
    const reader = await customer();
    await subscribe(reader.userId, -DAY, 10 * DAY);
    await join(open.id, reader.userId);
    await join(gated.id, reader.userId);
    expect(summary(await access.decide(open, null))).to.deep.equal(NOTHING);
    expect(summary(await access.decide(open, reader))).to.deep.equal(NOTHING);
    expect(summary(await access.decide(gated, reader))).to.deep.equal(NOTHING);
  });

  it('a PRIVATE gated channel is unseen without access (an expired window included); a joined member keeps the locked shell', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' });
    const reader = await customer();
    await subscribe(reader.userId, -30 * DAY, -20 * DAY);
    expect(summary(await access.decide(gated, reader))).to.deep.equal(NOTHING);
    await join(gated.id, reader.userId);
    const decision = await access.decide(gated, reader);
    expect(summary(decision)).to.deep.equal({ ...NOTHING, canSee: true, isJoined: true, isLocked: true });
    expect(decision.visible).to.deep.equal({ all: false, ranges: [] });
  });

  it('a left membership is no membership: not joined, not locked, no push, and a PRIVATE channel stays unseen', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' });
    const open = await channel();
    const reader = await customer();
    await join(gated.id, reader.userId, false);
    await join(open.id, reader.userId, false);
    expect(summary(await access.decide(gated, reader))).to.deep.equal(NOTHING);
    expect(summary(await access.decide(open, reader))).to.deep.equal({ ...NOTHING, canRead: true, canSee: true });
  });

  it('push goes to joined members who may read: an OPEN channel\'s, and a gated one\'s holding the key', async () => {
    const open = await channel();
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    const reader = await customer();
    await subscribe(reader.userId, -DAY, 10 * DAY);
    expect((await access.decide(open, reader)).getsPush).to.equal(false);
    expect((await access.decide(gated, reader)).getsPush).to.equal(false);
    await join(open.id, reader.userId);
    await join(gated.id, reader.userId);
    expect(summary(await access.decide(open, reader))).to.deep.equal({ canRead: true, canSee: true, isJoined: true, isLocked: false, getsPush: true });
    expect(summary(await access.decide(gated, reader))).to.deep.equal({ canRead: true, canSee: true, isJoined: true, isLocked: false, getsPush: true });
  });

  it('a joined member who lost the key gets push for 7 days after the last interval ended: 6 d 23 h yes, 7 d 1 h no', async () => {
    expect(NOTIFICATION_GRACE_MS).to.equal(7 * DAY);
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    const reader = await customer();
    // Two intervals: the grace counts from the end of the last one (from the first, 6 d 23 h would be long past).
    await subscribe(reader.userId, -40 * DAY, -30 * DAY);
    await subscribe(reader.userId, -20 * DAY, -10 * DAY);
    await join(gated.id, reader.userId);
    const lastEnd = -10 * DAY;
    const push = async (after: number) => (await access.decide(gated, reader, at(lastEnd + after))).getsPush;
    expect(await push(6 * DAY + 23 * HOUR)).to.equal(true);
    expect(await push(7 * DAY + HOUR)).to.equal(false);
    const locked = await access.decide(gated, reader, at(lastEnd + DAY));
    expect(summary(locked)).to.deep.equal({ canRead: false, canSee: true, isJoined: true, isLocked: true, getsPush: true });
  });

  it('no grace without a membership or without any past entitlement', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    const lapsed = await customer();
    await subscribe(lapsed.userId, -5 * DAY, -DAY);
    expect((await access.decide(gated, lapsed)).getsPush).to.equal(false);
    const never = await customer();
    await join(gated.id, never.userId);
    expect(summary(await access.decide(gated, never))).to.deep.equal({ ...NOTHING, canSee: true, isJoined: true, isLocked: true });
  });

  it('an archived channel stays readable to those with access', async () => {
    const open = await channel({ status: 'archived' });
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', status: 'archived', firstSubscribeHistoryPolicy: 'ALLOW_PAST' });
    const reader = await customer();
    await subscribe(reader.userId, -DAY, 10 * DAY);
    expect(await access.decide(open, null)).to.deep.include({ canRead: true, canSee: true, visible: { all: true } });
    expect(await access.decide(gated, reader)).to.deep.include({ canRead: true, canSee: true, visible: { all: true } });
    expect((await access.decide(gated, null)).canRead).to.equal(false);
  });
});
