import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, isForeignKeyViolation, isUniqueViolation, Op, SubscriptionPlanFeatureModel, SubscriptionPlanModel, SubscriptionTierModel, Transaction, WhereOptions } from '@platform/db';
import { Page, ValidationFailed } from '../../shared';
import { EntitlementService } from '../entitlements';
import { SubscriptionFeatureKeyDuplicate, SubscriptionFeatureNotFound, SubscriptionPlanNotFound } from '../subscriptions.errors';
import { listPage, searchWhere } from './catalog-list';
import { DeletedView, lockOptions, pick, requireUnchanged, requireUuid } from './catalog-support';
import { AdminSubscriptionFeatureView, toAdminFeatureView } from './catalog.views';
import type { SubscriptionPlanFeatureQueryDto } from './dto/catalog-query.dto';
import type { CreateSubscriptionPlanFeatureDto, UpdateSubscriptionPlanFeatureDto } from './dto/feature.dto';
import { SubscriptionModulesService } from './subscription-modules.service';
import { SubscriptionPlansService } from './subscription-plans.service';

/** Features of a plan: what an entitlement check asks for by `featureKey` (unique within the plan). */
@Service()
export class SubscriptionPlanFeaturesService {
  constructor(
    private readonly db: Database,
    private readonly entitlements: EntitlementService,
    private readonly plans: SubscriptionPlansService,
    private readonly modules: SubscriptionModulesService,
  ) {}

  list(query: SubscriptionPlanFeatureQueryDto): Promise<Page<AdminSubscriptionFeatureView>> {
    const where: WhereOptions = { ...searchWhere(query.search, ['featureKey', 'featureText']) };
    if (query.enabled !== undefined) Object.assign(where, { enabled: query.enabled });
    if (query.planId) Object.assign(where, { planId: query.planId });
    if (query.moduleId) Object.assign(where, { moduleId: query.moduleId });
    if (query.featureKey) Object.assign(where, { featureKey: query.featureKey });
    return listPage(SubscriptionPlanFeatureModel, where, query, toAdminFeatureView);
  }

  async get(id: string): Promise<AdminSubscriptionFeatureView> {
    return toAdminFeatureView(await this.load(id));
  }

  async load(id: string, tx?: Transaction, lock = false): Promise<SubscriptionPlanFeatureModel> {
    requireUuid(id, SubscriptionFeatureNotFound);
    const feature = await SubscriptionPlanFeatureModel.findByPk(id, tx && lock ? lockOptions(tx) : { transaction: tx });
    if (!feature) throw SubscriptionFeatureNotFound();
    return feature;
  }

  async create(input: CreateSubscriptionPlanFeatureDto): Promise<AdminSubscriptionFeatureView> {
    try {
      return await this.db.transaction(async (tx) => {
        const plan = await this.plans.load(input.planId, tx);
        await this.requirePlanModule(plan, input.moduleId, tx);
        await this.requireFreeKey(plan.id, input.featureKey, tx);
        const feature = await SubscriptionPlanFeatureModel.create(
          {
            id: uuidv7(),
            planId: plan.id,
            moduleId: input.moduleId,
            featureKey: input.featureKey,
            featureText: input.featureText,
            featureDetails: input.featureDetails ?? null,
            value: input.value ?? null,
            icon: input.icon ?? null,
            displayOrder: input.displayOrder ?? 0,
            enabled: input.enabled ?? true,
          },
          { transaction: tx },
        );
        await this.entitlements.invalidateCatalog(tx);
        return toAdminFeatureView(feature);
      });
    } catch (error) {
      throw this.translate(error, input.featureKey);
    }
  }

  async update(id: string, input: UpdateSubscriptionPlanFeatureDto): Promise<AdminSubscriptionFeatureView> {
    try {
      return await this.db.transaction(async (tx) => {
        const feature = await this.load(id, tx, true);
        requireUnchanged('planId', input.planId, feature.planId);
        if (input.moduleId !== undefined && input.moduleId !== feature.moduleId) {
          await this.requirePlanModule(await this.plans.load(feature.planId, tx), input.moduleId, tx);
        }
        if (input.featureKey !== undefined && input.featureKey !== feature.featureKey) {
          await this.requireFreeKey(feature.planId, input.featureKey, tx, feature.id);
        }
        feature.set(pick(input, ['moduleId', 'featureKey', 'featureText', 'featureDetails', 'value', 'icon', 'displayOrder', 'enabled']));
        await feature.save({ transaction: tx });
        await this.entitlements.invalidateCatalog(tx);
        return toAdminFeatureView(feature);
      });
    } catch (error) {
      throw this.translate(error, input.featureKey ?? '');
    }
  }

  /** A feature is never referenced by anything else, so it can always go. */
  delete(id: string): Promise<DeletedView> {
    return this.db.transaction(async (tx) => {
      const feature = await this.load(id, tx, true);
      await feature.destroy({ transaction: tx });
      await this.entitlements.invalidateCatalog(tx);
      return { id: feature.id };
    });
  }

  /** The module exists (404) and is the plan's module (400). */
  private async requirePlanModule(plan: SubscriptionPlanModel, moduleId: string, tx: Transaction): Promise<void> {
    const module = await this.modules.load(moduleId, tx);
    const tier = await SubscriptionTierModel.findByPk(plan.tierId, { transaction: tx });
    if (tier?.moduleId !== module.id) throw ValidationFailed("moduleId must be the module of the plan's tier");
  }

  private async requireFreeKey(planId: string, featureKey: string, tx: Transaction, exceptId?: string): Promise<void> {
    const where: WhereOptions = { planId, featureKey };
    if (exceptId) Object.assign(where, { id: { [Op.ne]: exceptId } });
    if ((await SubscriptionPlanFeatureModel.count({ where, transaction: tx })) > 0) throw SubscriptionFeatureKeyDuplicate(featureKey);
  }

  private translate(error: unknown, featureKey: string): unknown {
    // Two writers of one key both passed the check: the loser meets the constraint.
    if (isUniqueViolation(error, 'subscription_plan_features_plan_key')) return SubscriptionFeatureKeyDuplicate(featureKey);
    // The plan was deleted meanwhile (the module cannot be: it still has the plan's tier).
    if (isForeignKeyViolation(error)) return SubscriptionPlanNotFound();
    return error;
  }
}
