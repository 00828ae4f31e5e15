import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, SubscriptionModel, SubscriptionPlanFeatureModel, SubscriptionTierModel } from '@platform/db';
import { REALTIME, REALTIME_ACCESS_RECHECK } from '../../shared';
import { createCustomer, createSubscription, createSubscriptionCatalog, testContainer, TestSubscriptionCatalog } from '@platform/testing';
import { EntitlementService } from './entitlements.service';

const DAY = 86_400_000;

describe(EntitlementService.name, () => {
  let container: ContainerInstance;
  let entitlements: EntitlementService;
  let catalog: TestSubscriptionCatalog;
  const now = new Date();
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  before(async () => {
    container = await testContainer('entitlements-spec');
    entitlements = container.get(EntitlementService);
    catalog = await createSubscriptionCatalog();
  });

  const customer = async () => (await createCustomer(container)).id;
  const plan = (level: 'basic' | 'premium') => ({ planId: catalog[level].plan.id, moduleId: catalog.module.id });

  it('answers nothing for a user without subscriptions', async () => {
    const userId = await customer();
    const answer = await entitlements.at(userId, now);
    expect(answer).to.deep.include({ featureKeys: [], contentTier: null, subscriptionIds: [] });
    expect(await entitlements.hasFeature(userId, catalog.basicKey, now)).to.equal(false);
    expect(await entitlements.featureIntervals(userId, catalog.basicKey)).to.deep.equal([]);
  });

  it('a basic plan gives its features and the basic content tier, inside its window only', async () => {
    const userId = await customer();
    const subscription = await createSubscription(userId, plan('basic'), { startsAt: at(-1), endsAt: at(29) });
    const answer = await entitlements.at(userId, now);
    expect(answer).to.deep.include({ featureKeys: [catalog.basicKey], contentTier: 'basic', subscriptionIds: [subscription.id] });
    expect(await entitlements.hasFeature(userId, catalog.premiumKey, now)).to.equal(false);
    expect(await entitlements.satisfiesContentTier(userId, 'basic', now)).to.equal(true);
    expect(await entitlements.satisfiesContentTier(userId, 'premium', now)).to.equal(false);
    // Expiry by time: the same cached windows answer "nothing" after the end, and nothing before the start.
    expect((await entitlements.at(userId, at(29))).contentTier).to.equal(null);
    expect((await entitlements.at(userId, at(-2))).featureKeys).to.deep.equal([]);
  });

  it('a premium plan includes the features of its parent basic tier and gives the premium content tier', async () => {
    const userId = await customer();
    await createSubscription(userId, plan('premium'), { status: 'trial', startsAt: at(-1), endsAt: at(6) });
    const answer = await entitlements.at(userId, now);
    expect(answer.featureKeys).to.deep.equal([catalog.basicKey, catalog.premiumKey].sort());
    expect(answer.contentTier).to.equal('premium');
    expect(await entitlements.satisfiesContentTier(userId, 'basic', now)).to.equal(true);
    expect(await entitlements.holdersOf(catalog.basicKey, now)).to.include(userId);
    expect(await entitlements.holdersOf(catalog.premiumKey, now)).to.include(userId);
  });

  it('a revoke shows on the very next check once invalidated, and the interval ends at the revocation', async () => {
    const userId = await customer();
    const subscription = await createSubscription(userId, plan('basic'), { startsAt: at(-10), endsAt: at(20) });
    expect(await entitlements.hasFeature(userId, catalog.basicKey)).to.equal(true);
    const revokedAt = new Date();
    await subscription.update({ status: 'revoked', revokedAt, revokedByAdminId: 'admin-x' });
    await entitlements.invalidate(userId);
    expect(await entitlements.hasFeature(userId, catalog.basicKey)).to.equal(false);
    expect(await entitlements.holdersOf(catalog.basicKey)).to.not.include(userId);
    const [interval] = await entitlements.featureIntervals(userId, catalog.basicKey);
    expect(interval.from.getTime()).to.equal(at(-10).getTime());
    expect(interval.to.getTime()).to.equal(revokedAt.getTime());
  });

  /** Runs `work` with the container's serverSideEmit replaced by `onEmit`. */
  const whileEmitting = async (onEmit: (event: string, payload: object) => void, work: () => Promise<void>) => {
    const realtime = container.get(REALTIME);
    const original = realtime.serverSideEmit;
    realtime.serverSideEmit = onEmit;
    try {
      await work();
    } finally {
      realtime.serverSideEmit = original;
    }
  };

  it('the realtime recheck of a revoke goes out after the cache bump: an instance re-deciding at once reads the revoke', async () => {
    const userId = await customer();
    const subscription = await createSubscription(userId, plan('basic'), { startsAt: at(-10), endsAt: at(20) });
    expect(await entitlements.hasFeature(userId, catalog.basicKey)).to.equal(true);
    const seen: Array<Promise<boolean>> = [];
    await whileEmitting(
      (event, payload) => {
        expect([event, payload]).to.deep.equal([REALTIME_ACCESS_RECHECK, { userId }]);
        // What a customer-api instance does on the message: decide again, through the cache.
        seen.push(entitlements.hasFeature(userId, catalog.basicKey));
      },
      () =>
        container.get(Database).transaction(async (tx) => {
          await subscription.update({ status: 'revoked', revokedAt: new Date(), revokedByAdminId: 'admin-x' }, { transaction: tx });
          await entitlements.invalidate(userId, tx);
        }),
    );
    expect(await Promise.all(seen)).to.deep.equal([false]);
  });

  it('a catalog change asks every instance to recheck every room, after commit', async () => {
    const sent: object[] = [];
    await whileEmitting(
      (event, payload) => sent.push({ event, payload }),
      () =>
        container.get(Database).transaction(async (tx) => {
          await entitlements.invalidateCatalog(tx);
          expect(sent).to.deep.equal([]);
        }),
    );
    expect(sent).to.deep.equal([{ event: REALTIME_ACCESS_RECHECK, payload: { all: true } }]);
  });

  it('merges touching windows and keeps separate ones apart in the feature history', async () => {
    const userId = await customer();
    await createSubscription(userId, plan('basic'), { status: 'trial', startsAt: at(-100), endsAt: at(-93) });
    await createSubscription(userId, plan('basic'), { startsAt: at(-93), endsAt: at(-63) });
    await createSubscription(userId, plan('premium'), { startsAt: at(-10), endsAt: at(20) });
    const intervals = await entitlements.featureIntervals(userId, catalog.basicKey);
    expect(intervals.map((i) => [i.from.getTime(), i.to.getTime()])).to.deep.equal([
      [at(-100).getTime(), at(-63).getTime()],
      [at(-10).getTime(), at(20).getTime()],
    ]);
    expect((await entitlements.featureIntervals(userId, catalog.premiumKey)).length).to.equal(1);
  });

  it('a catalog change (a disabled feature) shows after invalidateCatalog', async () => {
    const own = await createSubscriptionCatalog();
    const userId = await customer();
    await createSubscription(userId, { planId: own.basic.plan.id, moduleId: own.module.id }, { startsAt: at(-1), endsAt: at(1) });
    expect(await entitlements.hasFeature(userId, own.basicKey)).to.equal(true);
    await SubscriptionPlanFeatureModel.update({ enabled: false }, { where: { planId: own.basic.plan.id } });
    await entitlements.invalidateCatalog();
    expect(await entitlements.hasFeature(userId, own.basicKey)).to.equal(false);
    expect((await entitlements.at(userId)).contentTier, 'the plan still gives its content tier').to.equal('basic');
  });

  it('survives a tier cycle written around the service', async () => {
    const own = await createSubscriptionCatalog();
    const userId = await customer();
    await createSubscription(userId, { planId: own.premium.plan.id, moduleId: own.module.id }, { startsAt: at(-1), endsAt: at(1) });
    await SubscriptionTierModel.update({ parentTierId: own.premium.tier.id }, { where: { id: own.basic.tier.id } });
    await entitlements.invalidateCatalog();
    expect((await entitlements.at(userId)).featureKeys).to.deep.equal([own.basicKey, own.premiumKey].sort());
    await SubscriptionTierModel.update({ parentTierId: null }, { where: { id: own.basic.tier.id } });
  });

  it('the database refuses two overlapping live windows in one module', async () => {
    const userId = await customer();
    await createSubscription(userId, plan('basic'), { startsAt: at(-1), endsAt: at(10) });
    let refused: unknown;
    try {
      await createSubscription(userId, plan('premium'), { startsAt: at(5), endsAt: at(40) });
    } catch (error) {
      refused = error;
    }
    expect(String((refused as { parent?: { constraint?: string } })?.parent?.constraint)).to.equal('subscriptions_no_overlap');
    expect(await SubscriptionModel.count({ where: { userId } })).to.equal(1);
  });
});
