import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import {
  SubscriptionModuleModel,
  SubscriptionPlanFeatureModel,
  SubscriptionPlanModel,
  SubscriptionPlanPriceModel,
  SubscriptionTierModel,
} from '@platform/db';
import { testContainer } from '@platform/testing';
import { DEMO_PREMIUM_CONTENT_FEATURE_KEY, DEMO_SIGNALS_FEATURE_KEY, seedSubscriptions } from './subscriptions.seeder';

describe('subscription demo seeder', () => {
  let container: ContainerInstance;

  before(async () => {
    container = await testContainer('subscriptions-seeder-spec');
  });

  const counts = async () => ({
    modules: await SubscriptionModuleModel.count(),
    tiers: await SubscriptionTierModel.count(),
    plans: await SubscriptionPlanModel.count(),
    prices: await SubscriptionPlanPriceModel.count(),
    features: await SubscriptionPlanFeatureModel.count(),
  });

  it('creates the CONTRACT section 7 subscription catalog, and a second run creates nothing and reports the same ids', async () => {
    const first = await seedSubscriptions(container);
    const before = await counts();
    const second = await seedSubscriptions(container);
    expect(second).to.deep.equal(first);
    expect(await counts()).to.deep.equal(before);

    const { modules, tiers, plans, prices, features } = first.subscription;
    expect(modules).to.have.length(1);
    expect(modules[0].slug).to.equal('nepse-insights');
    expect(tiers.map((tier) => tier.slug)).to.deep.equal(['basic', 'premium']);
    for (const tier of tiers) expect(tier.moduleId).to.equal(modules[0].id);
    const [basic, premium] = tiers;
    expect(await SubscriptionTierModel.findByPk(premium.id)).to.include({ parentTierId: basic.id });

    expect(plans.map((plan) => plan.tierId)).to.deep.equal([basic.id, premium.id]);
    for (const plan of plans) {
      expect(plan.trialDays).to.be.above(0);
      const planPrices = await SubscriptionPlanPriceModel.findAll({ where: { planId: plan.id } });
      expect(prices.filter((price) => price.planId === plan.id).map((price) => price.id)).to.have.members(planPrices.map((price) => price.id));
      expect(planPrices.filter((price) => price.isBase)).to.have.length(1);
      for (const price of planPrices) expect(Number(price.spNpr)).to.be.at.most(Number(price.mrpNpr));
    }
    const [basicPlan, premiumPlan] = plans;
    const keysOf = (planId: string) => features.filter((feature) => feature.planId === planId && feature.enabled).map((feature) => feature.featureKey);
    expect(keysOf(basicPlan.id)).to.include(DEMO_SIGNALS_FEATURE_KEY);
    expect(keysOf(premiumPlan.id)).to.include(DEMO_PREMIUM_CONTENT_FEATURE_KEY);
    const stored = await SubscriptionPlanFeatureModel.findAll({ where: { moduleId: modules[0].id } });
    expect(stored.map((feature) => feature.id)).to.have.members(features.map((feature) => feature.id));
  });

  it('completes a partly deleted demo catalog without duplicating what is left', async () => {
    const first = await seedSubscriptions(container);
    const yearly = first.subscription.prices[1];
    await SubscriptionPlanPriceModel.destroy({ where: { id: yearly.id } });
    const again = await seedSubscriptions(container);
    expect(again.subscription.prices).to.have.length(first.subscription.prices.length);
    expect(again.subscription.prices[1].id).to.not.equal(yearly.id);
    expect(again.subscription.prices.filter((_, index) => index !== 1)).to.deep.equal(first.subscription.prices.filter((_, index) => index !== 1));
    expect(again.subscription.features).to.deep.equal(first.subscription.features);
  });
});
