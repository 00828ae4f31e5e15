import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ChannelMembershipModel, Database } from '@platform/db';
import { ChannelOptions, createChannel, createCustomer, createSubscription, createSubscriptionCatalog, testContainer, TestSubscriptionCatalog } from '@platform/testing';
import { Clock, fixedClock } from '../../shared';
import { ChannelRepository, ChannelWithPolicy } from '../channel.repository';
import { ChannelAccessService } from './channel-access.service';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * ChannelAccessService.pushRecipients (issue 22 "Broadcast push": a fan-out page of joined members
 * judged in one entitlement query) picks exactly the members decide(...).getsPush picks one by one:
 * readers now, and gated channels' members within 7 days of losing the key. Every call gets the
 * same fixed instant `AT`; the container's clock is set far from it, so a path that read the
 * clock instead of `at` would disagree.
 */
describe(`${ChannelAccessService.name}.pushRecipients`, () => {
  let container: ContainerInstance;
  let access: ChannelAccessService;
  let catalog: TestSubscriptionCatalog;
  /** A module whose tiers have nothing to do with `catalog`'s. */
  let unrelated: TestSubscriptionCatalog;
  let members: Members;
  const AT = new Date(Math.floor(Date.now() / 1000) * 1000);
  const at = (ms: number) => new Date(AT.getTime() + ms);

  /** Joined members of every channel below, by what they hold at AT (catalog.basicKey gates the channels). */
  interface Members {
    holder: string;
    premiumHolder: string;
    trialHolder: string;
    lapsed6d23h: string;
    lapsed7d1h: string;
    lapsedExactly7d: string;
    revoked6dAgo: string;
    lapsedWithRenewalAhead: string;
    neverEntitled: string;
    unrelatedPlanOnly: string;
    futureWindowOnly: string;
  }

  before(async function () {
    this.timeout(60_000);
    container = await testContainer('push-recipients-spec');
    container.set(Clock, fixedClock(at(400 * DAY)));
    access = container.get(ChannelAccessService);
    catalog = await createSubscriptionCatalog();
    unrelated = await createSubscriptionCatalog();
    const customer = async () => (await createCustomer(container)).id;
    const subscribe = (userId: string, from: number, to: number, options: { level?: 'basic' | 'premium'; status?: 'trial' | 'active' | 'revoked'; revokedAt?: number; of?: TestSubscriptionCatalog } = {}) => {
      const of = options.of ?? catalog;
      return createSubscription(
        userId,
        { planId: of[options.level ?? 'basic'].plan.id, moduleId: of.module.id },
        { status: options.status, startsAt: at(from), endsAt: at(to), revokedAt: options.revokedAt === undefined ? undefined : at(options.revokedAt) },
      );
    };
    members = {
      holder: await customer(),
      premiumHolder: await customer(),
      trialHolder: await customer(),
      lapsed6d23h: await customer(),
      lapsed7d1h: await customer(),
      lapsedExactly7d: await customer(),
      revoked6dAgo: await customer(),
      lapsedWithRenewalAhead: await customer(),
      neverEntitled: await customer(),
      unrelatedPlanOnly: await customer(),
      futureWindowOnly: await customer(),
    };
    await subscribe(members.holder, -DAY, 10 * DAY);
    await subscribe(members.premiumHolder, -DAY, 10 * DAY, { level: 'premium' });
    await subscribe(members.trialHolder, -DAY, 6 * DAY, { status: 'trial' });
    await subscribe(members.lapsed6d23h, -30 * DAY, -(6 * DAY + 23 * HOUR));
    await subscribe(members.lapsed7d1h, -30 * DAY, -(7 * DAY + HOUR));
    await subscribe(members.lapsedExactly7d, -30 * DAY, -7 * DAY);
    await subscribe(members.revoked6dAgo, -20 * DAY, 10 * DAY, { status: 'revoked', revokedAt: -6 * DAY });
    // Grace counts from the last interval that ended; a renewal not yet started changes nothing.
    await subscribe(members.lapsedWithRenewalAhead, -40 * DAY, -3 * DAY);
    await subscribe(members.lapsedWithRenewalAhead, DAY, 30 * DAY);
    await subscribe(members.unrelatedPlanOnly, -DAY, 10 * DAY, { of: unrelated });
    await subscribe(members.futureWindowOnly, DAY, 30 * DAY);
  });

  const channel = async (options: ChannelOptions = {}): Promise<ChannelWithPolicy> => {
    const gated = options.accessPolicy === 'EXTERNAL_GATED';
    const created = await createChannel({ ...options, requiredFeatureKey: gated ? catalog.basicKey : null });
    return container.get(ChannelRepository).requireChannel(created.id);
  };
  /** Every member joined to `target`, in a fixed but not sorted order (the answer keeps the caller's order). */
  const joinAll = async (target: ChannelWithPolicy): Promise<string[]> => {
    const ids = Object.values(members).reverse();
    for (const userId of ids) await ChannelMembershipModel.create({ channelId: target.id, userId, isJoined: true, joinedAt: at(-60 * DAY), leftAt: null });
    return ids;
  };

  /** pushRecipients(channel, memberIds, AT), after checking it equals the per-reader decisions at AT. */
  async function batchedAgrees(target: ChannelWithPolicy, memberIds: string[]): Promise<string[]> {
    const batched = await access.pushRecipients(target, memberIds, AT);
    const oneByOne: string[] = [];
    for (const userId of memberIds) if ((await access.decide(target, { userId }, AT)).getsPush) oneByOne.push(userId);
    expect(batched).to.deep.equal(oneByOne);
    return batched;
  }

  /** Readers now, and members who lost the key less than 7 days before AT (6 d 23 h in, 7 d 1 h out). */
  const gatedRecipients = () => [
    members.holder,
    members.premiumHolder,
    members.trialHolder,
    members.lapsed6d23h,
    members.revoked6dAgo,
    members.lapsedWithRenewalAhead,
  ];
  const inOrder = (memberIds: string[], chosen: string[]) => memberIds.filter((userId) => chosen.includes(userId));

  it('an OPEN channel pushes to every joined member, entitled or not', async () => {
    const open = await channel();
    const memberIds = await joinAll(open);
    expect(await batchedAgrees(open, memberIds)).to.deep.equal(memberIds);
  });

  it('a gated channel pushes to holders of its key and to members within the 7-day grace, no one else', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    const memberIds = await joinAll(gated);
    expect(await batchedAgrees(gated, memberIds)).to.deep.equal(inOrder(memberIds, gatedRecipients()));
  });

  it('a PRIVATE gated channel pushes to the same members as a public one', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE' });
    const memberIds = await joinAll(gated);
    expect(await batchedAgrees(gated, memberIds)).to.deep.equal(inOrder(memberIds, gatedRecipients()));
  });

  it('an archived gated channel still pushes to its holders and to members in grace', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED', status: 'archived' });
    const memberIds = await joinAll(gated);
    expect(await batchedAgrees(gated, memberIds)).to.deep.equal(inOrder(memberIds, gatedRecipients()));
  });

  it('a soft-deleted channel, open or gated, pushes to no one', async () => {
    for (const options of [{}, { accessPolicy: 'EXTERNAL_GATED' as const }]) {
      const deleted = await channel({ ...options, status: 'soft_deleted' });
      const memberIds = await joinAll(deleted);
      expect(await batchedAgrees(deleted, memberIds)).to.deep.equal([]);
    }
  });

  it('judges a gated page in one entitlement query and an OPEN page in none', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    const open = await channel();
    const memberIds = await joinAll(gated);
    await joinAll(open);
    expect(await statementsOf(() => access.pushRecipients(gated, memberIds, AT))).to.have.length(1);
    expect(await statementsOf(() => access.pushRecipients(open, memberIds, AT))).to.deep.equal([]);
  });

  it('answers an empty page with no recipients, without a query', async () => {
    const gated = await channel({ accessPolicy: 'EXTERNAL_GATED' });
    let recipients: string[] = ['not called'];
    expect(await statementsOf(async () => (recipients = await access.pushRecipients(gated, [], AT)))).to.deep.equal([]);
    expect(recipients).to.deep.equal([]);
  });

  /** The SQL statements `work` ran (sequelize's afterQuery hook). */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const { sequelize } = container.get(Database);
    const sql: string[] = [];
    sequelize.addHook('afterQuery', 'push-recipients-spec', (_options, query) => {
      sql.push(String((query as unknown as { sql?: string }).sql ?? ''));
    });
    try {
      await work();
    } finally {
      sequelize.removeHook('afterQuery', 'push-recipients-spec');
    }
    return sql;
  }
});
