import { Service } from 'typedi';
import { Database } from '@platform/db';
import { SubscriptionDetailView, SubscriptionReader } from '../../views';
import { SubscriptionJournal } from '../subscription-journal';
import { SubscriptionTransitionNotAllowed, SubscriptionWindows } from '../subscription-windows';

/**
 * Internal operation: a purchase's payment failed. pending_payment → payment_failed with the
 * reason in the history; idempotent (a failed purchase is answered unchanged). A confirmed
 * payment arriving later can still activate it (ActivatePurchaseUseCase).
 */
@Service()
export class FailPurchaseUseCase {
  constructor(
    private readonly db: Database,
    private readonly windows: SubscriptionWindows,
    private readonly journal: SubscriptionJournal,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute(subscriptionId: string, reason: string): Promise<SubscriptionDetailView> {
    await this.db.transaction(async (tx) => {
      const row = await this.windows.lockSubscription(subscriptionId, tx);
      if (row.status === 'payment_failed') return;
      if (row.status !== 'pending_payment') throw SubscriptionTransitionNotAllowed(row.status, 'marked payment_failed');
      row.status = 'payment_failed';
      await row.save({ transaction: tx });
      const note = reason.slice(0, 1000);
      await this.journal.record({ subscription: row, action: 'payment_failed', actor: { type: 'system' }, before: { status: 'pending_payment', endsAt: null }, note }, tx);
    });
    return this.reader.detail(subscriptionId);
  }
}
