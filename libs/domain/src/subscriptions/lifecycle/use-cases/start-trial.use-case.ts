import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, SubscriptionModel } from '@platform/db';
import { Clock, CustomerActor } from '../../../shared';
import { SubscriptionAlreadyActive, SubscriptionTrialAlreadyUsed, SubscriptionTrialNotAvailable } from '../../subscriptions.errors';
import { SubscriptionDetailView, SubscriptionReader } from '../../views';
import { SubscriptionJournal } from '../subscription-journal';
import { addDays, guardWindows, SubscriptionWindows } from '../subscription-windows';

/**
 * POST /api/subscriptions/trial/:planId (learning-commerce.md, "Subscriptions (customer)", trial
 * rules, exactly its four conditions). Checked in order: the plan exists (404), it and its tier
 * and module are active and it offers trial days (400 SUBSCRIPTION_TRIAL_NOT_AVAILABLE;
 * trialRequiresCc is catalog information for clients: the wallets capture no card); then, under the
 * (user, module) lock, one trial per module for life (409 SUBSCRIPTION_TRIAL_ALREADY_USED) and no
 * open trial or active window (409 SUBSCRIPTION_ALREADY_ACTIVE). The window is [now, now + trialDays).
 */
@Service()
export class StartTrialUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly windows: SubscriptionWindows,
    private readonly journal: SubscriptionJournal,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute(actor: CustomerActor, planId: string): Promise<SubscriptionDetailView> {
    const id = await guardWindows(() =>
      this.db.transaction(async (tx) => {
        const plan = await this.windows.plan(planId, tx);
        if (!plan.sellable) throw SubscriptionTrialNotAvailable('This plan is not available');
        if (plan.trialDays <= 0) throw SubscriptionTrialNotAvailable('This plan offers no trial');
        await this.windows.lockUserModule(actor.id, plan.moduleId, tx);
        const now = this.clock.now();
        if (await this.windows.trialUsed(actor.id, plan.moduleId, tx)) throw SubscriptionTrialAlreadyUsed();
        if ((await this.windows.openWindows(actor.id, plan.moduleId, now, tx)).length > 0) throw SubscriptionAlreadyActive();
        const trial = await SubscriptionModel.create(
          {
            id: uuidv7(),
            userId: actor.id,
            moduleId: plan.moduleId,
            planId: plan.id,
            status: 'trial',
            source: 'trial',
            startsAt: now,
            endsAt: addDays(now, plan.trialDays),
            valueNpr: '0',
          },
          { transaction: tx },
        );
        await this.journal.record({ subscription: trial, action: 'trial_started', actor: { type: 'customer', id: actor.id } }, tx);
        return trial.id;
      }),
    );
    return this.reader.detail(id, { userId: actor.id });
  }
}
