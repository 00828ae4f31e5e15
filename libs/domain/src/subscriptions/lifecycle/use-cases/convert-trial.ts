import { SubscriptionModel, Transaction } from '@platform/db';
import { SubscriptionActor, SubscriptionJournal } from '../subscription-journal';

/**
 * Ends a live trial at `now`, the instant its successor starts (the no-overlap constraint allows
 * [start, now) next to [now, end)), with a `converted` history row on the trial. Answers that
 * instant: `now`, or one millisecond after the trial's start when it began at this very instant
 * (a window must not be empty).
 */
export async function convertTrial(
  journal: SubscriptionJournal,
  trial: SubscriptionModel,
  now: Date,
  actor: SubscriptionActor,
  tx: Transaction,
): Promise<Date> {
  const before = { status: trial.status, endsAt: trial.endsAt };
  const endsAt = now > trial.startsAt! ? now : new Date(trial.startsAt!.getTime() + 1);
  trial.endsAt = endsAt;
  await trial.save({ transaction: tx });
  await journal.record({ subscription: trial, action: 'converted', actor, before }, tx);
  return endsAt;
}
