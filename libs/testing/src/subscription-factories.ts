import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  SubscriptionModel,
  SubscriptionModuleModel,
  SubscriptionPlanFeatureModel,
  SubscriptionPlanModel,
  SubscriptionPlanPriceModel,
  SubscriptionTierModel,
} from '@platform/db';

export interface TestSubscriptionCatalog {
  module: SubscriptionModuleModel;
  basic: { tier: SubscriptionTierModel; plan: SubscriptionPlanModel; price: SubscriptionPlanPriceModel; features: SubscriptionPlanFeatureModel[] };
  premium: { tier: SubscriptionTierModel; plan: SubscriptionPlanModel; price: SubscriptionPlanPriceModel; features: SubscriptionPlanFeatureModel[] };
  /** Feature keys unique to this catalog: `basicKey` on the basic plan, `premiumKey` on the premium plan. */
  basicKey: string;
  premiumKey: string;
}

/**
 * A module with a `basic` tier and a `premium` tier built on it (parentTierId), one plan each
 * (7 trial days), one price each and one enabled feature each, with keys unique to this call.
 */
export async function createSubscriptionCatalog(options: { trialDays?: number } = {}): Promise<TestSubscriptionCatalog> {
  const suffix = randomBytes(4).toString('hex');
  const module = await SubscriptionModuleModel.create({ id: uuidv7(), name: `Module ${suffix}`, slug: `module-${suffix}` });
  const basicKey = `signals.basic.${suffix}`;
  const premiumKey = `signals.premium.${suffix}`;
  const level = async (slug: 'basic' | 'premium', parentTierId: string | null, featureKey: string, spNpr: string) => {
    const tier = await SubscriptionTierModel.create({ id: uuidv7(), moduleId: module.id, name: slug === 'basic' ? 'Basic' : 'Premium', slug, parentTierId });
    const plan = await SubscriptionPlanModel.create({ id: uuidv7(), tierId: tier.id, name: `${tier.name} plan`, trialDays: options.trialDays ?? 7 });
    const price = await SubscriptionPlanPriceModel.create({ id: uuidv7(), planId: plan.id, label: 'Monthly', durationDays: 30, mrpNpr: '1500.00', spNpr, isBase: true });
    const feature = await SubscriptionPlanFeatureModel.create({ id: uuidv7(), planId: plan.id, moduleId: module.id, featureKey, featureText: `Feature ${featureKey}` });
    return { tier, plan, price, features: [feature] };
  };
  const basic = await level('basic', null, basicKey, '999.00');
  const premium = await level('premium', basic.tier.id, premiumKey, '1499.00');
  return { module, basic, premium, basicKey, premiumKey };
}

/** A subscription row written directly (the use cases write them in tests of their own). */
export async function createSubscription(
  userId: string,
  plan: { planId: string; moduleId: string },
  window: { status?: 'trial' | 'active' | 'revoked'; startsAt: Date; endsAt: Date; revokedAt?: Date },
): Promise<SubscriptionModel> {
  const status = window.status ?? 'active';
  return SubscriptionModel.create({
    id: uuidv7(),
    userId,
    moduleId: plan.moduleId,
    planId: plan.planId,
    status,
    source: status === 'trial' ? 'trial' : 'admin_grant',
    grantedByAdminId: status === 'trial' ? null : 'test-admin',
    startsAt: window.startsAt,
    endsAt: window.endsAt,
    revokedAt: status === 'revoked' ? (window.revokedAt ?? new Date()) : null,
    revokedByAdminId: status === 'revoked' ? 'test-admin' : null,
  });
}
