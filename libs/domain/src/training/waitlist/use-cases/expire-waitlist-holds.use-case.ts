import { Service } from 'typedi';
import { Database } from '@platform/db';
import { CohortSeatsService } from '../../seats/cohort-seats.service';
import { TrainingWaitlistRepository } from '../training-waitlist.repository';

/** Holds read per round: each is then expired in its own short transaction. */
export const HOLD_EXPIRY_BATCH_SIZE = 100;

/**
 * The hold expiry (job training.waitlist_hold_expiry, every minute): each promoted entry whose
 * seat no enrollment took over (enrollment_id null) and whose hold_expires_at has passed becomes
 * `expired` and gives its seat back (an extra seat first, so free seats do not grow past
 * capacity). Each entry is one small transaction: the cohort row lock (lock order: cohort, then
 * entry), a guarded UPDATE ... RETURNING, and the release only when this run made the change, so
 * two runners at once expire each hold once and release one seat. A hold used meanwhile is left
 * alone. Safe to run twice.
 */
@Service()
export class ExpireWaitlistHoldsUseCase {
  constructor(
    private readonly db: Database,
    private readonly waitlist: TrainingWaitlistRepository,
    private readonly seats: CohortSeatsService,
  ) {}

  async execute(batchSize = HOLD_EXPIRY_BATCH_SIZE): Promise<{ expired: number }> {
    let expired = 0;
    for (;;) {
      const due = await this.waitlist.dueHolds(batchSize);
      let round = 0;
      for (const hold of due) if (await this.expire(hold)) round += 1;
      expired += round;
      // A short batch is the last; a full one that expired nothing was taken by another runner.
      if (due.length < batchSize || round === 0) return { expired };
    }
  }

  private expire(hold: { id: number; cohortId: number }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await this.waitlist.lockCohort(hold.cohortId, tx);
      const expired = await this.waitlist.expireHold(hold.id, tx);
      if (!expired) return false;
      await this.seats.release(expired.cohortId, tx);
      return true;
    });
  }
}
