import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, TrainingCohortStatus, TrainingWaitlistStatus, Transaction } from '@platform/db';

/** One customer's place in one cohort's waitlist: every customer-scoped query takes both. */
export interface WaitlistOwner {
  userId: string;
  cohortId: number;
}

export interface WaitlistEntryRow {
  id: number;
  cohortId: number;
  userId: string;
  status: TrainingWaitlistStatus;
  createdAt: Date;
  promotedAt: Date | null;
  promotedBy: string | null;
  holdExpiresAt: Date | null;
  enrollmentId: number | null;
  expiredAt: Date | null;
  cancelledAt: Date | null;
}

/** A cohort as joining its waitlist sees it: only cohorts of trainings customers can find. */
export interface WaitlistCohortRow {
  id: number;
  trainingId: number;
  status: TrainingCohortStatus;
  freeSeats: number;
}

const ENTRY = `id, cohort_id AS "cohortId", user_id AS "userId", status, created_at AS "createdAt", promoted_at AS "promotedAt",
  promoted_by AS "promotedBy", hold_expires_at AS "holdExpiresAt", enrollment_id AS "enrollmentId", expired_at AS "expiredAt",
  cancelled_at AS "cancelledAt"`;
/** A live entry: waiting, or a promotion whose held seat no enrollment took over yet (migration 0015); `alias`: the table's, if any. */
export const liveEntrySql = (alias = '') => {
  const at = alias ? `${alias}.` : '';
  return `(${at}status = 'waiting' OR (${at}status = 'promoted' AND ${at}enrollment_id IS NULL))`;
};
const LIVE = liveEntrySql();
const UNUSED_HOLD = `status = 'promoted' AND enrollment_id IS NULL`;

/**
 * SQL of the waitlist (training_waitlist). Writers lock the cohort row before any entry row (the
 * training lock order: training, product, cohort, then waitlist entry), and every status change is
 * a guarded UPDATE ... RETURNING, so a change raced by another writer happens once.
 */
@Service()
export class TrainingWaitlistRepository {
  constructor(private readonly db: Database) {}

  /** The cohort, when its training is published with a published, sellable product. */
  async onSaleCohort(cohortId: number, tx?: Transaction): Promise<WaitlistCohortRow | null> {
    const [row] = await this.select<WaitlistCohortRow>(
      `SELECT c.id, c.training_id AS "trainingId", c.status, c.capacity + c.extra_seats - c.seats_taken AS "freeSeats"
         FROM training_cohorts c JOIN trainings t ON t.id = c.training_id JOIN products p ON p.id = t.product_id
        WHERE c.id = :cohortId AND t.status = 'published' AND p.is_published AND p.is_sellable`,
      { cohortId },
      tx,
    );
    return row ?? null;
  }

  /** Locks the cohort row (any training); false when there is none. */
  async lockCohort(cohortId: number, tx: Transaction): Promise<boolean> {
    return (await this.select(`SELECT id FROM training_cohorts WHERE id = :cohortId FOR UPDATE`, { cohortId }, tx)).length > 0;
  }

  /** The owner's live entry (at most one: joining answers a live one instead of adding another). */
  async liveEntry(owner: WaitlistOwner, tx?: Transaction): Promise<WaitlistEntryRow | null> {
    const [row] = await this.select<WaitlistEntryRow>(
      `SELECT ${ENTRY} FROM training_waitlist WHERE cohort_id = :cohortId AND user_id = :userId AND ${LIVE} ORDER BY id DESC LIMIT 1`,
      { ...owner },
      tx,
    );
    return row ?? null;
  }

  /** The owner's newest entry in the cohort, whatever its status. */
  async latestEntry(owner: WaitlistOwner, tx?: Transaction): Promise<WaitlistEntryRow | null> {
    const [row] = await this.select<WaitlistEntryRow>(
      `SELECT ${ENTRY} FROM training_waitlist WHERE cohort_id = :cohortId AND user_id = :userId ORDER BY id DESC LIMIT 1`,
      { ...owner },
      tx,
    );
    return row ?? null;
  }

  /** A new waiting entry, or null when the owner already has one (training_waitlist_one_waiting_key). */
  async insertWaiting(owner: WaitlistOwner, tx?: Transaction): Promise<WaitlistEntryRow | null> {
    const [row] = await this.select<WaitlistEntryRow>(
      `INSERT INTO training_waitlist (cohort_id, user_id, status) VALUES (:cohortId, :userId, 'waiting')
       ON CONFLICT (cohort_id, user_id) WHERE status = 'waiting' DO NOTHING
       RETURNING ${ENTRY}`,
      { ...owner },
      tx,
    );
    return row ?? null;
  }

  /** The 1-based FIFO place of a waiting entry (id order among the cohort's waiting entries). */
  async position(entry: Pick<WaitlistEntryRow, 'id' | 'cohortId'>, tx?: Transaction): Promise<number> {
    const [row] = await this.select<{ position: number }>(
      `SELECT count(*)::int AS position FROM training_waitlist WHERE cohort_id = :cohortId AND status = 'waiting' AND id <= :id`,
      { cohortId: entry.cohortId, id: entry.id },
      tx,
    );
    return row?.position ?? 0;
  }

  /** Whether the user has a pending or enrolled enrollment in the training. */
  async hasActiveEnrollment(userId: string, trainingId: number, tx?: Transaction): Promise<boolean> {
    const rows = await this.select(
      `SELECT 1 FROM training_enrollments WHERE user_id = :userId AND training_id = :trainingId AND status IN ('pending', 'enrolled') LIMIT 1`,
      { userId, trainingId },
      tx,
    );
    return rows.length > 0;
  }

  /** The entry of the cohort, row-locked for the transaction; null for an unknown id or another cohort's entry. */
  async lockEntry(cohortId: number, id: number, tx: Transaction): Promise<WaitlistEntryRow | null> {
    const [row] = await this.select<WaitlistEntryRow>(`SELECT ${ENTRY} FROM training_waitlist WHERE id = :id AND cohort_id = :cohortId FOR UPDATE`, { id, cohortId }, tx);
    return row ?? null;
  }

  /** waiting → promoted with a hold of `holdHours`; null when the entry was not waiting. */
  async promote(id: number, promotedBy: string, holdHours: number, tx: Transaction): Promise<WaitlistEntryRow | null> {
    const [row] = await this.select<WaitlistEntryRow>(
      `UPDATE training_waitlist
          SET status = 'promoted', promoted_at = now(), promoted_by = :promotedBy,
              hold_expires_at = now() + make_interval(hours => :holdHours), updated_at = now()
        WHERE id = :id AND status = 'waiting'
        RETURNING ${ENTRY}`,
      { id, promotedBy, holdHours },
      tx,
    );
    return row ?? null;
  }

  /** Cancels the owner's live entries; `held` marks an unused hold, whose seat the caller gives back. */
  cancelLive(owner: WaitlistOwner, tx: Transaction): Promise<Array<{ id: number; held: boolean }>> {
    return this.select(
      `UPDATE training_waitlist SET status = 'cancelled', cancelled_at = now(), updated_at = now()
        WHERE cohort_id = :cohortId AND user_id = :userId AND ${LIVE}
        RETURNING id, promoted_at IS NOT NULL AS held`,
      { ...owner },
      tx,
    );
  }

  /** Unused holds past their time, oldest deadline first. */
  dueHolds(limit: number): Promise<Array<{ id: number; cohortId: number }>> {
    return this.select(
      `SELECT id, cohort_id AS "cohortId" FROM training_waitlist WHERE ${UNUSED_HOLD} AND hold_expires_at <= now()
        ORDER BY hold_expires_at, id LIMIT :limit`,
      { limit },
    );
  }

  /** promoted (unused, past its time) → expired; null when it was used, cancelled or expired meanwhile. */
  async expireHold(id: number, tx: Transaction): Promise<{ id: number; cohortId: number } | null> {
    const [row] = await this.select<{ id: number; cohortId: number }>(
      `UPDATE training_waitlist SET status = 'expired', expired_at = now(), updated_at = now()
        WHERE id = :id AND ${UNUSED_HOLD} AND hold_expires_at <= now()
        RETURNING id, cohort_id AS "cohortId"`,
      { id },
      tx,
    );
    return row ?? null;
  }

  private select<T extends object = object>(sql: string, replacements: Record<string, unknown>, tx?: Transaction): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction: tx });
  }
}
