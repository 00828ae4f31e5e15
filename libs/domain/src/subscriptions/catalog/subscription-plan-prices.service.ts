import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, isForeignKeyViolation, Op, SubscriptionModel, SubscriptionPlanPriceModel, Transaction, WhereOptions } from '@platform/db';
import { Page } from '../../shared';
import { EntitlementService } from '../entitlements';
import { SubscriptionCatalogInUse, SubscriptionPlanNotFound, SubscriptionPriceInvalid, SubscriptionPriceNotFound } from '../subscriptions.errors';
import { listPage, searchWhere } from './catalog-list';
import { DeletedView, lockOptions, pick, requireUnchanged, requireUuid } from './catalog-support';
import { AdminSubscriptionPriceView, toAdminPriceView } from './catalog.views';
import type { SubscriptionPlanPriceQueryDto } from './dto/catalog-query.dto';
import type { CreateSubscriptionPlanPriceDto, UpdateSubscriptionPlanPriceDto } from './dto/price.dto';
import { SubscriptionPlansService } from './subscription-plans.service';

/** NPR (a number with at most 2 decimals, or numeric(12,2) text) as integer paisa, for exact comparison. */
export const toPaisa = (npr: number | string): number => Math.round(Number(npr) * 100);
/** Integer paisa as numeric(12,2) text, so no float reaches the column. */
const toNumeric = (paisa: number): string => (paisa / 100).toFixed(2);

/**
 * Prices of a plan. Writes lock the plan row, so price writes of one plan run one at a time:
 * "at most one base price" is kept by clearing the previous base in the same transaction.
 */
@Service()
export class SubscriptionPlanPricesService {
  constructor(
    private readonly db: Database,
    private readonly entitlements: EntitlementService,
    private readonly plans: SubscriptionPlansService,
  ) {}

  list(query: SubscriptionPlanPriceQueryDto): Promise<Page<AdminSubscriptionPriceView>> {
    const where: WhereOptions = { ...searchWhere(query.search, ['label']) };
    if (query.isActive !== undefined) Object.assign(where, { isActive: query.isActive });
    if (query.planId) Object.assign(where, { planId: query.planId });
    return listPage(SubscriptionPlanPriceModel, where, query, toAdminPriceView);
  }

  async get(id: string): Promise<AdminSubscriptionPriceView> {
    return toAdminPriceView(await this.load(id));
  }

  async load(id: string, tx?: Transaction, lock = false): Promise<SubscriptionPlanPriceModel> {
    requireUuid(id, SubscriptionPriceNotFound);
    const price = await SubscriptionPlanPriceModel.findByPk(id, tx && lock ? lockOptions(tx) : { transaction: tx });
    if (!price) throw SubscriptionPriceNotFound();
    return price;
  }

  async create(input: CreateSubscriptionPlanPriceDto): Promise<AdminSubscriptionPriceView> {
    const amounts = checkedAmounts(input.mrpNpr, input.spNpr);
    try {
      return await this.db.transaction(async (tx) => {
        const plan = await this.plans.load(input.planId, tx, true);
        const id = uuidv7();
        if (input.isBase) await this.clearBase(plan.id, id, tx);
        const price = await SubscriptionPlanPriceModel.create(
          {
            id,
            planId: plan.id,
            label: input.label,
            durationDays: input.durationDays,
            ...amounts,
            isBase: input.isBase ?? false,
            isFeatured: input.isFeatured ?? false,
            isActive: input.isActive ?? true,
            displayOrder: input.displayOrder ?? 0,
          },
          { transaction: tx },
        );
        await this.entitlements.invalidateCatalog(tx);
        return toAdminPriceView(price);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw SubscriptionPlanNotFound();
      throw error;
    }
  }

  /** The merged amounts must still satisfy spNpr ≤ mrpNpr. */
  async update(id: string, input: UpdateSubscriptionPlanPriceDto): Promise<AdminSubscriptionPriceView> {
    return this.db.transaction(async (tx) => {
      const current = await this.load(id, tx);
      requireUnchanged('planId', input.planId, current.planId);
      await this.plans.load(current.planId, tx, true);
      const price = await this.load(id, tx, true);
      const amounts = checkedAmounts(input.mrpNpr ?? price.mrpNpr, input.spNpr ?? price.spNpr);
      if (input.isBase === true && !price.isBase) await this.clearBase(price.planId, price.id, tx);
      price.set({ ...pick(input, ['label', 'durationDays', 'isBase', 'isFeatured', 'isActive', 'displayOrder']), ...amounts });
      await price.save({ transaction: tx });
      await this.entitlements.invalidateCatalog(tx);
      return toAdminPriceView(price);
    });
  }

  async delete(id: string): Promise<DeletedView> {
    try {
      return await this.db.transaction(async (tx) => {
        const price = await this.load(id, tx, true);
        if ((await SubscriptionModel.count({ where: { planPriceId: price.id }, transaction: tx })) > 0) throw priceInUse();
        await price.destroy({ transaction: tx });
        await this.entitlements.invalidateCatalog(tx);
        return { id: price.id };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw priceInUse();
      throw error;
    }
  }

  private async clearBase(planId: string, exceptId: string, tx: Transaction): Promise<void> {
    await SubscriptionPlanPriceModel.update(
      { isBase: false },
      { where: { planId, isBase: true, id: { [Op.ne]: exceptId } }, transaction: tx },
    );
  }
}

function checkedAmounts(mrpNpr: number | string, spNpr: number | string): { mrpNpr: string; spNpr: string } {
  const mrp = toPaisa(mrpNpr);
  const sp = toPaisa(spNpr);
  if (sp > mrp) throw SubscriptionPriceInvalid();
  return { mrpNpr: toNumeric(mrp), spNpr: toNumeric(sp) };
}

const priceInUse = () =>
  SubscriptionCatalogInUse('Subscriptions reference this price, so it cannot be deleted; deactivate it instead (isActive: false)');
