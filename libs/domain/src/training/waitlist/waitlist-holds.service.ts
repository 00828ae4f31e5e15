import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, Transaction } from '@platform/db';
import { CohortSeatsService } from '../seats/cohort-seats.service';
import { liveEntrySql } from './training-waitlist.repository';

const LIVE = liveEntrySql('w');

/**
 * The waitlist as an enrollment meets it (issue 20 "Seats"), inside the enroll transaction and in
 * the training lock order (cohort rows, then entry rows), the order the hold expiry, leave and
 * promote use too, so an enroll racing any of them queues instead of deadlocking:
 * 1. `lockCohorts`: the target cohort and every cohort of the training where the user has a live
 *    entry, locked in id order (two enrolls of one user into two cohorts cannot lock crosswise);
 * 2. `lockHold`: the user's unused, unexpired hold on the target cohort, whose seat the enrollment
 *    takes over;
 * 3. `useHold` links the enrollment to it; `cancelOthers` cancels the user's other live entries in
 *    the training's cohorts (a waiting place, or an unused hold, whose seat goes back at once
 *    instead of staying blocked until its expiry).
 */
@Service()
export class WaitlistHoldsService {
  constructor(
    private readonly db: Database,
    private readonly seats: CohortSeatsService,
  ) {}

  /** Locks the cohorts (see above); the target is locked only when it belongs to the training. */
  async lockCohorts(userId: string, trainingId: number, cohortId: number, tx: Transaction): Promise<void> {
    await this.select(
      `SELECT c.id FROM training_cohorts c
        WHERE c.training_id = :trainingId
          AND (c.id = :cohortId OR EXISTS (SELECT 1 FROM training_waitlist w WHERE w.cohort_id = c.id AND w.user_id = :userId AND ${LIVE}))
        ORDER BY c.id FOR UPDATE OF c`,
      { userId, trainingId, cohortId },
      tx,
    );
  }

  /** The user's unused, unexpired hold on the cohort, row-locked (call after `lockCohorts`), or null. */
  async lockHold(cohortId: number, userId: string, tx: Transaction): Promise<number | null> {
    const [hold] = await this.select<{ id: number }>(
      `SELECT id FROM training_waitlist
        WHERE cohort_id = :cohortId AND user_id = :userId AND status = 'promoted' AND enrollment_id IS NULL AND hold_expires_at > now()
        FOR UPDATE`,
      { cohortId, userId },
      tx,
    );
    return hold?.id ?? null;
  }

  /** Links the enrollment to the hold it was made on (locked by `lockHold`): the hold's seat is now the enrollment's. */
  async useHold(holdId: number, enrollmentId: number, tx: Transaction): Promise<void> {
    const rows = await this.select(
      `UPDATE training_waitlist SET enrollment_id = :enrollmentId, updated_at = now()
        WHERE id = :holdId AND status = 'promoted' AND enrollment_id IS NULL RETURNING id`,
      { holdId, enrollmentId },
      tx,
    );
    if (rows.length !== 1) throw new Error(`waitlist hold ${holdId} was not free to use`);
  }

  /**
   * Cancels the user's live entries in the training's cohorts except the hold the enrollment used
   * (`keepId`), and gives each unused hold's seat back. Their cohorts were locked by `lockCohorts`.
   * Answers how many entries were cancelled.
   */
  async cancelOthers(userId: string, trainingId: number, keepId: number | null, tx: Transaction): Promise<number> {
    const cancelled = await this.select<{ cohortId: number; held: boolean }>(
      `UPDATE training_waitlist w SET status = 'cancelled', cancelled_at = now(), updated_at = now()
         FROM training_cohorts c
        WHERE c.id = w.cohort_id AND c.training_id = :trainingId AND w.user_id = :userId AND ${LIVE} AND w.id <> :keepId
        RETURNING w.cohort_id AS "cohortId", w.promoted_at IS NOT NULL AS held`,
      { userId, trainingId, keepId: keepId ?? 0 },
      tx,
    );
    for (const entry of cancelled) if (entry.held) await this.seats.release(entry.cohortId, tx);
    return cancelled.length;
  }

  private select<T extends object = object>(sql: string, replacements: Record<string, unknown>, tx: Transaction): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction: tx });
  }
}
