import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import {
  ChannelOptions,
  createChannel,
  createChannelMembership,
  createCustomer,
  createSubscription,
  createSubscriptionCatalog,
  discussionOf,
  testContainer,
  TestSubscriptionCatalog,
} from '@platform/testing';
import { Clock, fixedClock } from '../../shared';
import { ChannelRepository } from '../channel.repository';
import { ChannelAccessService, DiscussionAccess } from './channel-access.service';

const DAY = 86_400_000;

/**
 * ChannelAccessService.decideDiscussion, THE discussion access function (community-content-uploads.md
 * "Channels, mobile" rule 4; "Membership and access": a gated member who loses the key loses the
 * discussion at once, grace or not). Every decision is asked at AT, years from real time, while the
 * container's clock stands years from both: a path that read the clock or Date.now() instead of
 * `at` would answer differently. The last test covers the default `at`.
 */
describe(`${ChannelAccessService.name}.decideDiscussion`, () => {
  const AT = new Date('2031-03-14T09:26:53.000Z');
  const at = (ms: number) => new Date(AT.getTime() + ms);
  const clock = { now: new Date('2044-11-02T18:00:00.000Z') };
  let container: ContainerInstance;
  let access: ChannelAccessService;
  let catalog: TestSubscriptionCatalog;

  before(async () => {
    container = await testContainer('discussion-access-spec');
    container.set(Clock, fixedClock(clock));
    access = container.get(ChannelAccessService);
    catalog = await createSubscriptionCatalog();
  });
  afterEach(() => {
    clock.now = new Date('2044-11-02T18:00:00.000Z');
  });

  /** A channel (gated on `catalog.basicKey` unless told) and its discussion, requiring `discussionKey` if given. */
  const channel = async (options: ChannelOptions = {}, discussionKey: string | null = null) => {
    const gated = options.accessPolicy === 'EXTERNAL_GATED';
    const created = await createChannel({ ...options, requiredFeatureKey: gated ? (options.requiredFeatureKey ?? catalog.basicKey) : null });
    const discussion = await discussionOf(created.id, { requiredFeatureKey: discussionKey });
    return { channel: await container.get(ChannelRepository).requireChannel(created.id), discussion };
  };
  type Subject = Awaited<ReturnType<typeof channel>>;
  const customer = async () => ({ userId: (await createCustomer(container)).id });
  /** A subscription from AT + `from` to AT + `to` (ms) to the plan of `level` in `of`. */
  const subscribe = (userId: string, from: number, to: number, level: 'basic' | 'premium' = 'basic', of: TestSubscriptionCatalog = catalog) =>
    createSubscription(userId, { planId: of[level].plan.id, moduleId: of.module.id }, { startsAt: at(from), endsAt: at(to) });
  const decide = (subject: Subject, reader: { userId: string } | null, when: Date = AT) =>
    access.decideDiscussion(subject.channel, subject.discussion, reader, when);
  /** canTakePart, and what the route answers without it: 404 when the channel is unseen, else 403. */
  const outcome = (decision: DiscussionAccess) => ({
    canTakePart: decision.canTakePart,
    canRead: decision.channel.canRead,
    canSee: decision.channel.canSee,
  });
  const TAKES_PART = { canTakePart: true, canRead: true, canSee: true };
  const FORBIDDEN = { canTakePart: false, canRead: true, canSee: true };
  const CHANNEL_LOCKED = { canTakePart: false, canRead: false, canSee: true };
  const UNSEEN = { canTakePart: false, canRead: false, canSee: false };

  it('an anonymous reader takes part in no discussion, not even one of an OPEN channel it reads', async () => {
    for (const visibility of ['PUBLIC', 'PRIVATE'] as const) {
      expect(outcome(await decide(await channel({ visibility }), null))).to.deep.equal(FORBIDDEN);
    }
    expect(outcome(await decide(await channel({ accessPolicy: 'EXTERNAL_GATED' }), null))).to.deep.equal(CHANNEL_LOCKED);
    expect(outcome(await decide(await channel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' }), null))).to.deep.equal(UNSEEN);
  });

  it('a signed-in reader of an OPEN channel takes part when the discussion requires no feature, joined or not', async () => {
    const reader = await customer();
    for (const visibility of ['PUBLIC', 'PRIVATE'] as const) {
      const subject = await channel({ visibility });
      const decision = await decide(subject, reader);
      expect(outcome(decision)).to.deep.equal(TAKES_PART);
      expect(decision.channel.isJoined).to.equal(false);
      await createChannelMembership(subject.channel.id, reader.userId, { joinedAt: at(-DAY) });
      expect(outcome(await decide(subject, reader))).to.deep.equal(TAKES_PART);
    }
  });

  it('a discussion\'s requiredFeatureKey must be held at `at`: a window past, future or just ended is no access', async () => {
    const subject = await channel({}, catalog.premiumKey);
    const holder = await customer();
    await subscribe(holder.userId, -DAY, 10 * DAY, 'premium');
    expect(outcome(await decide(subject, holder))).to.deep.equal(TAKES_PART);
    const basic = await customer();
    await subscribe(basic.userId, -DAY, 10 * DAY, 'basic');
    expect(outcome(await decide(subject, basic))).to.deep.equal(FORBIDDEN);
    const nothing = await customer();
    expect(outcome(await decide(subject, nothing))).to.deep.equal(FORBIDDEN);
    const lapsed = await customer();
    await subscribe(lapsed.userId, -20 * DAY, -DAY, 'premium');
    expect(outcome(await decide(subject, lapsed))).to.deep.equal(FORBIDDEN);
    const early = await customer();
    await subscribe(early.userId, DAY, 30 * DAY, 'premium');
    expect(outcome(await decide(subject, early))).to.deep.equal(FORBIDDEN);
    expect(outcome(await decide(subject, early, at(DAY)))).to.deep.equal(TAKES_PART);
    // A window is [from, to): its last millisecond counts, its end does not.
    expect((await decide(subject, holder, at(10 * DAY - 1))).canTakePart).to.equal(true);
    expect((await decide(subject, holder, at(10 * DAY))).canTakePart).to.equal(false);
  });

  it('a discussion requiring a basic key is open to a premium holder (a premium plan gives its basic tier\'s keys)', async () => {
    const subject = await channel({}, catalog.basicKey);
    const premium = await customer();
    await subscribe(premium.userId, -DAY, 10 * DAY, 'premium');
    expect(outcome(await decide(subject, premium))).to.deep.equal(TAKES_PART);
  });

  it('a gated channel\'s discussion needs the channel\'s key now; without it a PUBLIC channel is seen (403), a PRIVATE one is not (404)', async () => {
    const holder = await customer();
    await subscribe(holder.userId, -DAY, 10 * DAY);
    const stranger = await customer();
    const expired = await customer();
    await subscribe(expired.userId, -30 * DAY, -20 * DAY);
    const gatedPublic = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    const gatedPrivate = await channel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' });
    expect(outcome(await decide(gatedPublic, holder))).to.deep.equal(TAKES_PART);
    expect(outcome(await decide(gatedPrivate, holder))).to.deep.equal(TAKES_PART);
    expect(outcome(await decide(gatedPublic, stranger))).to.deep.equal(CHANNEL_LOCKED);
    expect(outcome(await decide(gatedPrivate, stranger))).to.deep.equal(UNSEEN);
    expect(outcome(await decide(gatedPrivate, expired))).to.deep.equal(UNSEEN);
  });

  it('the channel comes first: holding only the discussion\'s key is not enough, and both keys are needed', async () => {
    const other = await createSubscriptionCatalog();
    const subject = await channel({ accessPolicy: 'EXTERNAL_GATED' }, other.basicKey);
    const channelOnly = await customer();
    await subscribe(channelOnly.userId, -DAY, 10 * DAY);
    const discussionOnly = await customer();
    await subscribe(discussionOnly.userId, -DAY, 10 * DAY, 'basic', other);
    const both = await customer();
    await subscribe(both.userId, -DAY, 10 * DAY);
    await subscribe(both.userId, -DAY, 10 * DAY, 'basic', other);
    expect(outcome(await decide(subject, channelOnly))).to.deep.equal(FORBIDDEN);
    expect(outcome(await decide(subject, discussionOnly))).to.deep.equal(CHANNEL_LOCKED);
    expect(outcome(await decide(subject, both))).to.deep.equal(TAKES_PART);
  });

  it('joining unlocks nothing: a joined member in the 7-day grace window gets push but no discussion', async () => {
    const other = await createSubscriptionCatalog();
    const subject = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    const keyed = await channel({ accessPolicy: 'EXTERNAL_GATED' }, other.basicKey);
    const lapsed = await customer();
    await subscribe(lapsed.userId, -20 * DAY, -DAY);
    // Still holding the discussion's own key does not make up for the channel's.
    await subscribe(lapsed.userId, -DAY, 10 * DAY, 'basic', other);
    const never = await customer();
    for (const s of [subject, keyed]) {
      await createChannelMembership(s.channel.id, lapsed.userId, { joinedAt: at(-60 * DAY) });
      await createChannelMembership(s.channel.id, never.userId, { joinedAt: at(-60 * DAY) });
    }
    for (const s of [subject, keyed]) {
      expect((await access.decide(s.channel, lapsed, AT)).getsPush).to.equal(true);
      const decision = await decide(s, lapsed);
      expect(outcome(decision)).to.deep.equal(CHANNEL_LOCKED);
      expect([decision.channel.isJoined, decision.channel.isLocked, decision.channel.getsPush]).to.deep.equal([true, true, true]);
      expect(outcome(await decide(s, never))).to.deep.equal(CHANNEL_LOCKED);
    }
    // Past the grace window nothing changes for the discussion.
    expect(outcome(await decide(subject, lapsed, at(7 * DAY)))).to.deep.equal(CHANNEL_LOCKED);
  });

  it('a soft-deleted channel\'s discussion exists for nobody: the channel is unseen, even to holders and joined members', async () => {
    const holder = await customer();
    await subscribe(holder.userId, -DAY, 10 * DAY);
    const open = await channel({ status: 'soft_deleted' });
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', status: 'soft_deleted' });
    for (const s of [open, gated]) await createChannelMembership(s.channel.id, holder.userId, { joinedAt: at(-60 * DAY) });
    expect(outcome(await decide(open, null))).to.deep.equal(UNSEEN);
    expect(outcome(await decide(open, holder))).to.deep.equal(UNSEEN);
    expect(outcome(await decide(gated, holder))).to.deep.equal(UNSEEN);
  });

  it('an archived channel\'s discussion stays open to readers with access (posting is the writers\' rule)', async () => {
    const holder = await customer();
    await subscribe(holder.userId, -DAY, 10 * DAY);
    const stranger = await customer();
    const open = await channel({ status: 'archived' });
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', status: 'archived' });
    expect(outcome(await decide(open, stranger))).to.deep.equal(TAKES_PART);
    expect(outcome(await decide(gated, holder))).to.deep.equal(TAKES_PART);
    expect(outcome(await decide(gated, stranger))).to.deep.equal(CHANNEL_LOCKED);
  });

  it('without `at`, decides at the container clock\'s instant', async () => {
    const subject = await channel({ accessPolicy: 'EXTERNAL_GATED' }, catalog.premiumKey);
    const holder = await customer();
    await subscribe(holder.userId, -DAY, 10 * DAY, 'premium');
    expect((await access.decideDiscussion(subject.channel, subject.discussion, holder)).canTakePart).to.equal(false);
    clock.now = at(DAY);
    expect((await access.decideDiscussion(subject.channel, subject.discussion, holder)).canTakePart).to.equal(true);
    clock.now = at(10 * DAY);
    expect((await access.decideDiscussion(subject.channel, subject.discussion, holder)).canTakePart).to.equal(false);
  });
});
