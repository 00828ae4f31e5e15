import type { ContainerInstance } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import {
  Database,
  SubscriptionModuleModel,
  SubscriptionPlanFeatureModel,
  SubscriptionPlanModel,
  SubscriptionPlanPriceModel,
  SubscriptionTierModel,
  Transaction,
} from '@platform/db';
import type { DemoManifest } from './demo-manifest';

type SubscriptionManifest = Pick<DemoManifest, 'subscription'>;

interface DemoTier {
  slug: 'basic' | 'premium';
  name: string;
  description: string;
  plan: { name: string; description: string; trialDays: number };
  prices: Array<{ label: string; durationDays: number; mrpNpr: string; spNpr: string; isBase?: boolean; isFeatured?: boolean }>;
  features: Array<{ featureKey: string; featureText: string }>;
}

/** Feature keys other demo data relies on: the channel gate and the premium content gate. */
export const DEMO_SIGNALS_FEATURE_KEY = 'channel.market-signals';
export const DEMO_PREMIUM_CONTENT_FEATURE_KEY = 'content.premium';

const DEMO_MODULE = {
  name: 'NEPSE Insights',
  slug: 'nepse-insights',
  description: 'Daily market signals, sector research and premium analysis of NEPSE-listed companies.',
};

/**
 * CONTRACT section 7: a module whose tiers are `basic` and `premium` (premium built on basic, so
 * it gives basic's features too), one plan each with trial days, a monthly (base) and a yearly
 * price, and features: the basic plan's key gates the market-signals channel, the premium plan's
 * key gates premium content.
 */
const DEMO_TIERS: DemoTier[] = [
  {
    slug: 'basic',
    name: 'Basic',
    description: 'Market signals and the basic research library.',
    plan: { name: 'NEPSE Insights Basic', description: 'Daily signals and basic research.', trialDays: 7 },
    prices: [
      { label: 'Monthly', durationDays: 30, mrpNpr: '999.00', spNpr: '799.00', isBase: true },
      { label: 'Yearly', durationDays: 365, mrpNpr: '11988.00', spNpr: '7999.00', isFeatured: true },
    ],
    features: [
      { featureKey: DEMO_SIGNALS_FEATURE_KEY, featureText: 'Access to the Market Signals channel' },
      { featureKey: 'content.basic', featureText: 'Basic research articles and videos' },
    ],
  },
  {
    slug: 'premium',
    name: 'Premium',
    description: 'Everything in Basic, plus premium analysis.',
    plan: { name: 'NEPSE Insights Premium', description: 'Premium company analysis and model portfolios.', trialDays: 3 },
    prices: [
      { label: 'Monthly', durationDays: 30, mrpNpr: '1999.00', spNpr: '1499.00', isBase: true },
      { label: 'Yearly', durationDays: 365, mrpNpr: '23988.00', spNpr: '14999.00', isFeatured: true },
    ],
    features: [{ featureKey: DEMO_PREMIUM_CONTENT_FEATURE_KEY, featureText: 'Premium analysis and model portfolios' }],
  },
];

/**
 * The subscription part of the demo data, written with the models (one transaction), each row
 * looked up by its natural key first (module slug; tier slug within the module; the tier's one
 * plan; price label and feature key within the plan), so a second run creates nothing.
 */
export async function seedSubscriptions(container: ContainerInstance): Promise<SubscriptionManifest> {
  return container.get(Database).transaction(async (tx) => {
    const [module] = await SubscriptionModuleModel.findOrCreate({
      where: { slug: DEMO_MODULE.slug },
      defaults: { id: uuidv7(), ...DEMO_MODULE },
      transaction: tx,
    });
    const manifest: DemoManifest['subscription'] = { modules: [{ id: module.id, slug: module.slug }], tiers: [], plans: [], prices: [], features: [] };
    let parentTierId: string | null = null;
    for (const [order, demo] of DEMO_TIERS.entries()) {
      const tier = await seedTier(module.id, demo, order, parentTierId, tx);
      parentTierId = tier.id;
      manifest.tiers.push({ id: tier.id, moduleId: module.id, name: tier.name, slug: tier.slug });
      const [plan] = await SubscriptionPlanModel.findOrCreate({
        where: { tierId: tier.id },
        defaults: { id: uuidv7(), tierId: tier.id, displayOrder: order, ...demo.plan },
        transaction: tx,
      });
      manifest.plans.push({ id: plan.id, tierId: tier.id, trialDays: plan.trialDays });
      for (const [position, price] of demo.prices.entries()) {
        const [row] = await SubscriptionPlanPriceModel.findOrCreate({
          where: { planId: plan.id, label: price.label },
          defaults: { id: uuidv7(), planId: plan.id, displayOrder: position, isBase: false, isFeatured: false, ...price },
          transaction: tx,
        });
        manifest.prices.push({ id: row.id, planId: plan.id });
      }
      for (const [position, feature] of demo.features.entries()) {
        const [row] = await SubscriptionPlanFeatureModel.findOrCreate({
          where: { planId: plan.id, featureKey: feature.featureKey },
          defaults: { id: uuidv7(), planId: plan.id, moduleId: module.id, displayOrder: position, ...feature },
          transaction: tx,
        });
        manifest.features.push({ id: row.id, planId: plan.id, featureKey: row.featureKey, enabled: row.enabled });
      }
    }
    return { subscription: manifest };
  });
}

async function seedTier(moduleId: string, demo: DemoTier, displayOrder: number, parentTierId: string | null, tx: Transaction) {
  const [tier] = await SubscriptionTierModel.findOrCreate({
    where: { moduleId, slug: demo.slug },
    defaults: { id: uuidv7(), moduleId, name: demo.name, slug: demo.slug, description: demo.description, displayOrder, parentTierId },
    transaction: tx,
  });
  return tier;
}
