import { Service } from 'typedi';
import { SubscriptionHistoryAction, SubscriptionHistoryModel, SubscriptionModel, Transaction } from '@platform/db';
import { EntitlementService } from '../entitlements/entitlements.service';

/** Who changed a subscription: a customer (trial), an admin (grant, extend, revoke) or the system (payments). */
export type SubscriptionActor = { type: 'customer'; id: string } | { type: 'admin'; id: string } | { type: 'system' };

export interface SubscriptionChange {
  /** The row after the change. */
  subscription: SubscriptionModel;
  action: SubscriptionHistoryAction;
  actor: SubscriptionActor;
  /** Status and end before the change; absent for a new subscription. */
  before?: { status: string; endsAt: Date | null };
  note?: string | null;
}

/**
 * Every change of a subscription goes through `record`, inside the transaction that made it: one
 * append-only history row (who, what, old and new end dates, note) and, after the commit, the
 * user's entitlement cache invalidated, so the next check sees the change.
 */
@Service()
export class SubscriptionJournal {
  constructor(private readonly entitlements: EntitlementService) {}

  async record(change: SubscriptionChange, tx: Transaction): Promise<void> {
    const { subscription, actor, before } = change;
    await SubscriptionHistoryModel.create(
      {
        subscriptionId: subscription.id,
        action: change.action,
        actorType: actor.type,
        actorId: actor.type === 'system' ? null : actor.id,
        oldStatus: before?.status ?? null,
        newStatus: subscription.status,
        oldEndsAt: before?.endsAt ?? null,
        newEndsAt: subscription.endsAt,
        note: change.note ?? null,
      },
      { transaction: tx },
    );
    await this.entitlements.invalidate(subscription.userId, tx);
  }
}
