import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, isForeignKeyViolation, SubscriptionModel, SubscriptionModuleModel, SubscriptionTierModel, Transaction, WhereOptions } from '@platform/db';
import { Page, slugify } from '../../shared';
import { EntitlementService } from '../entitlements';
import { SubscriptionCatalogInUse, SubscriptionModuleNotFound } from '../subscriptions.errors';
import { DeletedView, firstFreeSlug, lockOptions, pick, requireUuid, retryOnSlugRace, takenSlugs } from './catalog-support';
import { listPage, searchWhere } from './catalog-list';
import { SubscriptionModuleView, toModuleView } from './catalog.views';
import type { CreateSubscriptionModuleDto, UpdateSubscriptionModuleDto } from './dto/module-tier.dto';
import type { SubscriptionModuleQueryDto } from './dto/catalog-query.dto';

/**
 * Subscription modules (learning-commerce.md "Subscription catalog"). The slug is made from the
 * name once, unique across modules (`-2`, `-3`... on a collision), and kept on a rename so links
 * and content tiers keyed by it stay valid.
 */
@Service()
export class SubscriptionModulesService {
  constructor(
    private readonly db: Database,
    private readonly entitlements: EntitlementService,
  ) {}

  list(query: SubscriptionModuleQueryDto): Promise<Page<SubscriptionModuleView>> {
    const where: WhereOptions = { ...searchWhere(query.search, ['name', 'slug']) };
    if (query.isActive !== undefined) Object.assign(where, { isActive: query.isActive });
    return listPage(SubscriptionModuleModel, where, query, toModuleView);
  }

  async get(id: string): Promise<SubscriptionModuleView> {
    return toModuleView(await this.load(id));
  }

  /** The module, or 404 SUBSCRIPTION_MODULE_NOT_FOUND (also for a malformed id). */
  async load(id: string, tx?: Transaction, lock = false): Promise<SubscriptionModuleModel> {
    requireUuid(id, SubscriptionModuleNotFound);
    const module = await SubscriptionModuleModel.findByPk(id, tx && lock ? lockOptions(tx) : { transaction: tx });
    if (!module) throw SubscriptionModuleNotFound();
    return module;
  }

  create(input: CreateSubscriptionModuleDto): Promise<SubscriptionModuleView> {
    return retryOnSlugRace('subscription_modules_slug_key', () =>
      this.db.transaction(async (tx) => {
        const base = slugify(input.name, 'module');
        const slug = firstFreeSlug(base, await takenSlugs(this.db, 'subscription_modules', base, tx));
        const module = await SubscriptionModuleModel.create(
          { id: uuidv7(), name: input.name, slug, description: input.description ?? null, icon: input.icon ?? null, isActive: input.isActive ?? true },
          { transaction: tx },
        );
        await this.entitlements.invalidateCatalog(tx);
        return toModuleView(module);
      }),
    );
  }

  /** The slug stays as it was created, whatever the new name. */
  update(id: string, input: UpdateSubscriptionModuleDto): Promise<SubscriptionModuleView> {
    return this.db.transaction(async (tx) => {
      const module = await this.load(id, tx, true);
      module.set(pick(input, ['name', 'description', 'icon', 'isActive']));
      await module.save({ transaction: tx });
      await this.entitlements.invalidateCatalog(tx);
      return toModuleView(module);
    });
  }

  async delete(id: string): Promise<DeletedView> {
    try {
      return await this.db.transaction(async (tx) => {
        const module = await this.load(id, tx, true);
        const [tiers, subscriptions] = await Promise.all([
          SubscriptionTierModel.count({ where: { moduleId: module.id }, transaction: tx }),
          SubscriptionModel.count({ where: { moduleId: module.id }, transaction: tx }),
        ]);
        if (tiers > 0 || subscriptions > 0) throw moduleInUse();
        await module.destroy({ transaction: tx });
        await this.entitlements.invalidateCatalog(tx);
        return { id: module.id };
      });
    } catch (error) {
      // A tier or subscription added between the check and the delete (ON DELETE RESTRICT).
      if (isForeignKeyViolation(error)) throw moduleInUse();
      throw error;
    }
  }
}

const moduleInUse = () =>
  SubscriptionCatalogInUse('This module still has tiers or subscriptions and cannot be deleted; deactivate it instead (isActive: false)');
