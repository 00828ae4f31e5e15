import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, isForeignKeyViolation, isUniqueViolation, Op, SubscriptionModel, SubscriptionPlanModel, SubscriptionTierModel, Transaction, WhereOptions } from '@platform/db';
import { Page } from '../../shared';
import { EntitlementService } from '../entitlements';
import { SubscriptionCatalogInUse, SubscriptionPlanExists, SubscriptionPlanNotFound, SubscriptionTierNotFound } from '../subscriptions.errors';
import { listPage, searchWhere } from './catalog-list';
import { DeletedView, lockOptions, pick, requireUnchanged, requireUuid } from './catalog-support';
import { SubscriptionPlanView, toPlanView } from './catalog.views';
import type { SubscriptionPlanQueryDto } from './dto/catalog-query.dto';
import type { CreateSubscriptionPlanDto, UpdateSubscriptionPlanDto } from './dto/plan.dto';
import { SubscriptionTiersService } from './subscription-tiers.service';

/** The one plan of each tier (unique tier_id → 409 SUBSCRIPTION_PLAN_EXISTS, also under a race). */
@Service()
export class SubscriptionPlansService {
  constructor(
    private readonly db: Database,
    private readonly entitlements: EntitlementService,
    private readonly tiers: SubscriptionTiersService,
  ) {}

  async list(query: SubscriptionPlanQueryDto): Promise<Page<SubscriptionPlanView>> {
    const where: WhereOptions = { ...searchWhere(query.search, ['name']) };
    if (query.isActive !== undefined) Object.assign(where, { isActive: query.isActive });
    const tierIds: string[][] = [];
    if (query.tierId) tierIds.push([query.tierId]);
    if (query.moduleId) {
      const tiers = await SubscriptionTierModel.findAll({ attributes: ['id'], where: { moduleId: query.moduleId } });
      tierIds.push(tiers.map((tier) => tier.id));
    }
    if (tierIds.length > 0) Object.assign(where, { [Op.and]: tierIds.map((ids) => ({ tierId: { [Op.in]: ids } })) });
    return listPage(SubscriptionPlanModel, where, query, toPlanView);
  }

  async get(id: string): Promise<SubscriptionPlanView> {
    return toPlanView(await this.load(id));
  }

  async load(id: string, tx?: Transaction, lock = false): Promise<SubscriptionPlanModel> {
    requireUuid(id, SubscriptionPlanNotFound);
    const plan = await SubscriptionPlanModel.findByPk(id, tx && lock ? lockOptions(tx) : { transaction: tx });
    if (!plan) throw SubscriptionPlanNotFound();
    return plan;
  }

  async create(input: CreateSubscriptionPlanDto): Promise<SubscriptionPlanView> {
    try {
      return await this.db.transaction(async (tx) => {
        const tier = await this.tiers.load(input.tierId, tx);
        if ((await SubscriptionPlanModel.count({ where: { tierId: tier.id }, transaction: tx })) > 0) throw SubscriptionPlanExists();
        const plan = await SubscriptionPlanModel.create(
          {
            id: uuidv7(),
            tierId: tier.id,
            name: input.name,
            description: input.description ?? null,
            trialDays: input.trialDays ?? 0,
            trialRequiresCc: input.trialRequiresCc ?? false,
            isActive: input.isActive ?? true,
            displayOrder: input.displayOrder ?? 0,
          },
          { transaction: tx },
        );
        await this.entitlements.invalidateCatalog(tx);
        return toPlanView(plan);
      });
    } catch (error) {
      // Two creates for one tier both passed the check: the loser meets the constraint.
      if (isUniqueViolation(error, 'subscription_plans_tier_key')) throw SubscriptionPlanExists();
      if (isForeignKeyViolation(error)) throw SubscriptionTierNotFound();
      throw error;
    }
  }

  async update(id: string, input: UpdateSubscriptionPlanDto): Promise<SubscriptionPlanView> {
    return this.db.transaction(async (tx) => {
      const plan = await this.load(id, tx, true);
      requireUnchanged('tierId', input.tierId, plan.tierId);
      plan.set(pick(input, ['name', 'description', 'trialDays', 'trialRequiresCc', 'isActive', 'displayOrder']));
      await plan.save({ transaction: tx });
      await this.entitlements.invalidateCatalog(tx);
      return toPlanView(plan);
    });
  }

  /** A plan no subscription references goes, with its prices and features (ON DELETE CASCADE). */
  async delete(id: string): Promise<DeletedView> {
    try {
      return await this.db.transaction(async (tx) => {
        const plan = await this.load(id, tx, true);
        if ((await SubscriptionModel.count({ where: { planId: plan.id }, transaction: tx })) > 0) throw planInUse();
        await plan.destroy({ transaction: tx });
        await this.entitlements.invalidateCatalog(tx);
        return { id: plan.id };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw planInUse();
      throw error;
    }
  }
}

const planInUse = () =>
  SubscriptionCatalogInUse('Subscriptions reference this plan (or its prices), so it cannot be deleted; deactivate it instead (isActive: false)');
