import { Service } from 'typedi';
import {
  Op,
  SubscriptionModuleModel,
  SubscriptionPlanFeatureModel,
  SubscriptionPlanModel,
  SubscriptionPlanPriceModel,
  SubscriptionTierModel,
} from '@platform/db';
import { SubscriptionModuleNotFound } from '../subscriptions.errors';
import { SubscriptionFeatureView, SubscriptionPriceView, toFeatureView, toPriceView } from '../views';
import { requireUuid } from './catalog-support';

export interface StorefrontModuleRef {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
}

export interface StorefrontTierRef {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  displayOrder: number;
  parentTierId: string | null;
}

export interface StorefrontPlanView {
  id: string;
  name: string;
  description: string | null;
  trialDays: number;
  trialRequiresCc: boolean;
  displayOrder: number;
  prices: SubscriptionPriceView[];
  features: SubscriptionFeatureView[];
}

/** GET /api/subscriptions/modules: an active module with its active tiers, each with its plan if active. */
export interface StorefrontModuleView extends StorefrontModuleRef {
  tiers: Array<StorefrontTierRef & { plan: StorefrontPlanView | null }>;
}

/** GET /api/subscriptions/plans: an active plan of an active tier and module. */
export interface StorefrontPlanListView extends StorefrontPlanView {
  tier: StorefrontTierRef;
  module: StorefrontModuleRef;
}

const moduleRef = (m: SubscriptionModuleModel): StorefrontModuleRef => ({ id: m.id, name: m.name, slug: m.slug, description: m.description, icon: m.icon });
const tierRef = (t: SubscriptionTierModel): StorefrontTierRef => ({
  id: t.id,
  name: t.name,
  slug: t.slug,
  description: t.description,
  displayOrder: t.displayOrder,
  parentTierId: t.parentTierId,
});

/** The public catalog: only active modules, tiers, plans and prices, and enabled features. */
@Service()
export class SubscriptionStorefrontService {
  async modules(): Promise<StorefrontModuleView[]> {
    const modules = await SubscriptionModuleModel.findAll({ where: { isActive: true }, order: [['name', 'ASC'], ['id', 'ASC']] });
    const tiers = await this.activeTiers(modules.map((m) => m.id));
    const plans = await this.activePlans(tiers.map((t) => t.id));
    return modules.map((module) => ({
      ...moduleRef(module),
      tiers: tiers
        .filter((tier) => tier.moduleId === module.id)
        .map((tier) => ({ ...tierRef(tier), plan: plans.get(tier.id) ?? null })),
    }));
  }

  /** Every active plan, or one module's; an unknown or inactive module is 404. */
  async plans(moduleId?: string): Promise<StorefrontPlanListView[]> {
    const where = moduleId ? { id: requireUuid(moduleId, SubscriptionModuleNotFound), isActive: true } : { isActive: true };
    const modules = await SubscriptionModuleModel.findAll({ where, order: [['name', 'ASC'], ['id', 'ASC']] });
    if (moduleId && modules.length === 0) throw SubscriptionModuleNotFound();
    const tiers = await this.activeTiers(modules.map((m) => m.id));
    const plans = await this.activePlans(tiers.map((t) => t.id));
    const modulesById = new Map(modules.map((m) => [m.id, m]));
    return tiers.flatMap((tier) => {
      const plan = plans.get(tier.id);
      return plan ? [{ ...plan, tier: tierRef(tier), module: moduleRef(modulesById.get(tier.moduleId)!) }] : [];
    });
  }

  /** Tiers in module order, then displayOrder within each module. */
  private async activeTiers(moduleIds: string[]): Promise<SubscriptionTierModel[]> {
    if (moduleIds.length === 0) return [];
    const tiers = await SubscriptionTierModel.findAll({
      where: { moduleId: { [Op.in]: moduleIds }, isActive: true },
      order: [['displayOrder', 'ASC'], ['name', 'ASC'], ['id', 'ASC']],
    });
    const rank = new Map(moduleIds.map((id, index) => [id, index]));
    return tiers.sort((a, b) => rank.get(a.moduleId)! - rank.get(b.moduleId)!);
  }

  /** Active plans by tier id, each with its active prices and enabled features. */
  private async activePlans(tierIds: string[]): Promise<Map<string, StorefrontPlanView>> {
    if (tierIds.length === 0) return new Map();
    const plans = await SubscriptionPlanModel.findAll({ where: { tierId: { [Op.in]: tierIds }, isActive: true } });
    const planIds = plans.map((p) => p.id);
    const [prices, features] = await Promise.all([
      SubscriptionPlanPriceModel.findAll({
        where: { planId: { [Op.in]: planIds }, isActive: true },
        order: [['displayOrder', 'ASC'], ['durationDays', 'ASC'], ['id', 'ASC']],
      }),
      SubscriptionPlanFeatureModel.findAll({
        where: { planId: { [Op.in]: planIds }, enabled: true },
        order: [['displayOrder', 'ASC'], ['featureKey', 'ASC']],
      }),
    ]);
    return new Map(
      plans.map((plan) => [
        plan.tierId,
        {
          id: plan.id,
          name: plan.name,
          description: plan.description,
          trialDays: plan.trialDays,
          trialRequiresCc: plan.trialRequiresCc,
          displayOrder: plan.displayOrder,
          prices: prices.filter((p) => p.planId === plan.id).map(toPriceView),
          features: features.filter((f) => f.planId === plan.id).map(toFeatureView),
        },
      ]),
    );
  }
}
