import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { v7 as uuidv7 } from 'uuid';
import { Database, isForeignKeyViolation, SubscriptionPlanModel, SubscriptionTierModel, Transaction, WhereOptions } from '@platform/db';
import { Page, slugify, ValidationFailed } from '../../shared';
import { EntitlementService } from '../entitlements';
import { SubscriptionCatalogInUse, SubscriptionTierNotFound } from '../subscriptions.errors';
import { listPage, searchWhere } from './catalog-list';
import { DeletedView, firstFreeSlug, lockOptions, pick, requireUnchanged, requireUuid, retryOnSlugRace, takenSlugs } from './catalog-support';
import { SubscriptionTierView, toTierView } from './catalog.views';
import type { SubscriptionTierQueryDto } from './dto/catalog-query.dto';
import type { CreateSubscriptionTierDto, UpdateSubscriptionTierDto } from './dto/module-tier.dto';
import { SubscriptionModulesService } from './subscription-modules.service';

/**
 * Tiers of a module. A tier may build on a parent tier of the same module (it then gives its
 * ancestors' features too), so the parent chain must never loop. The slug is unique within the
 * module and stable across renames; the module is fixed at creation.
 */
@Service()
export class SubscriptionTiersService {
  constructor(
    private readonly db: Database,
    private readonly entitlements: EntitlementService,
    private readonly modules: SubscriptionModulesService,
  ) {}

  list(query: SubscriptionTierQueryDto): Promise<Page<SubscriptionTierView>> {
    const where: WhereOptions = { ...searchWhere(query.search, ['name', 'slug']) };
    if (query.isActive !== undefined) Object.assign(where, { isActive: query.isActive });
    if (query.moduleId) Object.assign(where, { moduleId: query.moduleId });
    return listPage(SubscriptionTierModel, where, query, toTierView);
  }

  async get(id: string): Promise<SubscriptionTierView> {
    return toTierView(await this.load(id));
  }

  async load(id: string, tx?: Transaction, lock = false): Promise<SubscriptionTierModel> {
    requireUuid(id, SubscriptionTierNotFound);
    const tier = await SubscriptionTierModel.findByPk(id, tx && lock ? lockOptions(tx) : { transaction: tx });
    if (!tier) throw SubscriptionTierNotFound();
    return tier;
  }

  async create(input: CreateSubscriptionTierDto): Promise<SubscriptionTierView> {
    try {
      return await retryOnSlugRace('subscription_tiers_module_slug_key', () =>
        this.db.transaction(async (tx) => {
          // Locking the module keeps it from being deleted under the new tier.
          const module = await this.modules.load(input.moduleId, tx, true);
          if (input.parentTierId) await this.requireParent(input.parentTierId, module.id, tx);
          const base = slugify(input.name, 'tier');
          const slug = firstFreeSlug(base, await takenSlugs(this.db, 'subscription_tiers', base, tx, module.id));
          const tier = await SubscriptionTierModel.create(
            {
              id: uuidv7(),
              moduleId: module.id,
              name: input.name,
              slug,
              description: input.description ?? null,
              displayOrder: input.displayOrder ?? 0,
              parentTierId: input.parentTierId ?? null,
              isActive: input.isActive ?? true,
            },
            { transaction: tx },
          );
          await this.entitlements.invalidateCatalog(tx);
          return toTierView(tier);
        }),
      );
    } catch (error) {
      // The parent was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw SubscriptionTierNotFound();
      throw error;
    }
  }

  async update(id: string, input: UpdateSubscriptionTierDto): Promise<SubscriptionTierView> {
    try {
      return await this.db.transaction(async (tx) => {
        const tier = await this.load(id, tx, true);
        requireUnchanged('moduleId', input.moduleId, tier.moduleId);
        if (input.parentTierId) {
          await this.requireParent(input.parentTierId, tier.moduleId, tx);
          if (await this.isSelfOrDescendant(input.parentTierId, tier.id, tx)) {
            throw ValidationFailed('parentTierId would make the tier its own ancestor');
          }
        }
        tier.set(pick(input, ['name', 'description', 'displayOrder', 'parentTierId', 'isActive']));
        await tier.save({ transaction: tx });
        await this.entitlements.invalidateCatalog(tx);
        return toTierView(tier);
        // Two updates pointing two tiers at each other lock both rows in opposite orders; the
        // deadlock victim runs again and then sees the other's parent (a cycle: 400).
      }, { retries: 2 });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw SubscriptionTierNotFound();
      throw error;
    }
  }

  async delete(id: string): Promise<DeletedView> {
    try {
      return await this.db.transaction(async (tx) => {
        const tier = await this.load(id, tx, true);
        const [plans, children] = await Promise.all([
          SubscriptionPlanModel.count({ where: { tierId: tier.id }, transaction: tx }),
          SubscriptionTierModel.count({ where: { parentTierId: tier.id }, transaction: tx }),
        ]);
        if (plans > 0 || children > 0) throw tierInUse();
        await tier.destroy({ transaction: tx });
        await this.entitlements.invalidateCatalog(tx);
        return { id: tier.id };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw tierInUse();
      throw error;
    }
  }

  /** The parent exists (404) and belongs to the same module (400). */
  private async requireParent(parentTierId: string, moduleId: string, tx: Transaction): Promise<void> {
    const parent = await this.load(parentTierId, tx, true);
    if (parent.moduleId !== moduleId) throw ValidationFailed('parentTierId must name a tier of the same module');
  }

  /** Whether `candidate` is `tierId` or one of its descendants (walking up from candidate). */
  private async isSelfOrDescendant(candidate: string, tierId: string, tx: Transaction): Promise<boolean> {
    const [row] = await this.db.sequelize.query<{ found: boolean }>(
      `WITH RECURSIVE chain(id, parent_tier_id) AS (
         SELECT id, parent_tier_id FROM subscription_tiers WHERE id = :candidate
         UNION
         SELECT t.id, t.parent_tier_id FROM subscription_tiers t JOIN chain c ON t.id = c.parent_tier_id
       )
       SELECT EXISTS (SELECT 1 FROM chain WHERE id = :tierId) AS found`,
      { replacements: { candidate, tierId }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row?.found === true;
  }
}

const tierInUse = () =>
  SubscriptionCatalogInUse('This tier still has a plan or child tiers and cannot be deleted; deactivate it instead (isActive: false)');
