import { Service } from 'typedi';
import { Database, SubscriptionPlanPriceModel } from '@platform/db';
import { Clock } from '../../../shared';
import { isLive } from '../../subscription-status';
import { SubscriptionDetailView, SubscriptionReader } from '../../views';
import { SubscriptionJournal } from '../subscription-journal';
import { addDays, guardWindows, SubscriptionTransitionNotAllowed, SubscriptionWindows } from '../subscription-windows';
import { convertTrial } from './convert-trial';

/**
 * Internal operation: a purchase's payment was confirmed (also late, after it was marked
 * payment_failed). The window starts at `at` (default now) or, when the module already has an
 * active window open, where the last one ends (the purchase is `scheduled` until then); it lasts
 * the price's durationDays. A live trial is converted (ends now). Idempotent: an active purchase
 * is answered unchanged.
 */
@Service()
export class ActivatePurchaseUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly windows: SubscriptionWindows,
    private readonly journal: SubscriptionJournal,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute(subscriptionId: string, at?: Date): Promise<SubscriptionDetailView> {
    await guardWindows(() =>
      this.db.transaction(async (tx) => {
        const row = await this.windows.lockForChange(subscriptionId, tx);
        if (row.status === 'active') return;
        if (row.status !== 'pending_payment' && row.status !== 'payment_failed') throw SubscriptionTransitionNotAllowed(row.status, 'activated');
        const now = at ?? this.clock.now();
        const price = await SubscriptionPlanPriceModel.findByPk(row.planPriceId!, { transaction: tx, rejectOnEmpty: true });
        const open = await this.windows.openWindows(row.userId, row.moduleId, now, tx);
        const actives = open.filter((window) => window.status === 'active');
        const trial = actives.length === 0 ? open.find((window) => window.status === 'trial' && isLive(window, now)) : undefined;
        const startsAt = trial
          ? await convertTrial(this.journal, trial, now, { type: 'system' }, tx)
          : actives.reduce((latest, window) => (window.endsAt! > latest ? window.endsAt! : latest), now);

        const before = { status: row.status, endsAt: row.endsAt };
        row.status = 'active';
        row.startsAt = startsAt;
        row.endsAt = addDays(startsAt, price.durationDays);
        row.convertedFromId = trial?.id ?? null;
        await row.save({ transaction: tx });
        await this.journal.record({ subscription: row, action: 'activated', actor: { type: 'system' }, before }, tx);
      }),
    );
    return this.reader.detail(subscriptionId);
  }
}
