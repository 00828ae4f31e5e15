import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, SubscriptionModel, SubscriptionPlanPriceModel, Transaction, UserModel } from '@platform/db';
import { AdminActor, Clock, NotFound, ValidationFailed } from '../../../shared';
import { SubscriptionAlreadyActive, SubscriptionGrantInvalid, SubscriptionPriceNotFound } from '../../subscriptions.errors';
import { isLive } from '../../subscription-status';
import { SubscriptionDetailView, SubscriptionReader } from '../../views';
import { GrantSubscriptionDto } from '../dto/subscription-lifecycle.dto';
import { SubscriptionJournal } from '../subscription-journal';
import { addDays, guardWindows, prorate, SubscriptionWindows } from '../subscription-windows';
import { convertTrial } from './convert-trial';

/**
 * POST /api/admin/subscriptions/grant (learning-commerce.md, "Subscriptions (admin)"): an active
 * admin_grant window [now, customEndDate or now + price.durationDays). An open active window of
 * the module refuses it (409 SUBSCRIPTION_ALREADY_ACTIVE: extend that one instead); a live trial
 * is converted (ends now). valueNpr, for analytics: the price's spNpr; with a customEndDate the
 * price (or, without one, the plan's base price) prorated to the window (spNpr × days /
 * durationDays); 0 without either.
 */
@Service()
export class GrantSubscriptionUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly windows: SubscriptionWindows,
    private readonly journal: SubscriptionJournal,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute(admin: AdminActor, dto: GrantSubscriptionDto): Promise<SubscriptionDetailView> {
    if (dto.planPriceId === undefined && dto.customEndDate === undefined) throw SubscriptionGrantInvalid();
    const id = await guardWindows(() =>
      this.db.transaction(async (tx) => {
        if (!(await UserModel.findByPk(dto.userId, { attributes: ['id'], transaction: tx }))) throw NotFound('User not found');
        const plan = await this.windows.plan(dto.planId, tx);
        const price = dto.planPriceId === undefined ? null : await SubscriptionPlanPriceModel.findOne({ where: { id: dto.planPriceId, planId: plan.id }, transaction: tx });
        if (dto.planPriceId !== undefined && !price) throw SubscriptionPriceNotFound();
        await this.windows.lockUserModule(dto.userId, plan.moduleId, tx);
        const now = this.clock.now();
        const endsAt = dto.customEndDate !== undefined ? new Date(dto.customEndDate) : addDays(now, price!.durationDays);
        if (endsAt <= now) throw ValidationFailed('customEndDate must be in the future');

        const open = await this.windows.openWindows(dto.userId, plan.moduleId, now, tx);
        if (open.some((row) => row.status === 'active')) throw SubscriptionAlreadyActive('An active subscription of this module already exists; extend it instead');
        const trial = open.find((row) => row.status === 'trial' && isLive(row, now));
        const actor = { type: 'admin', id: admin.id } as const;
        const startsAt = trial ? await convertTrial(this.journal, trial, now, actor, tx) : now;
        if (endsAt <= startsAt) throw ValidationFailed('customEndDate must be in the future');

        const granted = await SubscriptionModel.create(
          {
            id: uuidv7(),
            userId: dto.userId,
            moduleId: plan.moduleId,
            planId: plan.id,
            planPriceId: price?.id ?? null,
            status: 'active',
            source: 'admin_grant',
            startsAt,
            endsAt,
            valueNpr: await this.value(plan.id, price, dto.customEndDate !== undefined, endsAt.getTime() - startsAt.getTime(), tx),
            grantedByAdminId: admin.id,
            convertedFromId: trial?.id ?? null,
          },
          { transaction: tx },
        );
        await this.journal.record({ subscription: granted, action: 'granted', actor, note: dto.adminNote }, tx);
        return granted.id;
      }),
    );
    return this.reader.detail(id);
  }

  /**
   * What the grant is worth (analytics): its price's spNpr for the price's own length; a custom
   * length is that price, or without one the plan's base price, prorated to the window; 0 without either.
   */
  private async value(planId: string, price: SubscriptionPlanPriceModel | null, customLength: boolean, windowMs: number, tx: Transaction): Promise<string> {
    if (price && !customLength) return price.spNpr;
    const basis = price ?? (await SubscriptionPlanPriceModel.findOne({ where: { planId, isBase: true }, transaction: tx }));
    return basis ? prorate(basis.spNpr, basis.durationDays, windowMs) : '0.00';
  }
}
