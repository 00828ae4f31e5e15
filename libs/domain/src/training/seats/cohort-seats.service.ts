import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, TrainingCohortModel, TrainingCohortStatus, Transaction } from '@platform/db';
import { TrainingCatalogWrites } from '../training-catalog-writes.service';
import { TrainingCohortCancelled, TrainingCohortClosed, TrainingCohortFull, TrainingCohortNotFound } from '../training.errors';

export interface CohortSeats {
  id: number;
  trainingId: number;
  status: TrainingCohortStatus;
  capacity: number;
  seatsTaken: number;
  extraSeats: number;
}

const RETURNING = `RETURNING id, training_id AS "trainingId", status, capacity, seats_taken AS "seatsTaken", extra_seats AS "extraSeats"`;

/**
 * The one place seat counters move (migration 0015): every change is a single conditional UPDATE,
 * so concurrent enrollments never oversell and never need a read-then-write. The cohort shows
 * `full` while no seat is free and `open` again when one frees; an admin's `closed` or `cancelled`
 * is never overwritten. Each change makes the cached customer views stale after commit.
 */
@Service()
export class CohortSeatsService {
  constructor(
    private readonly db: Database,
    private readonly catalog: TrainingCatalogWrites,
  ) {}

  /**
   * Takes a free seat of an open cohort, or refuses with the cohort's state
   * (TRAINING_COHORT_FULL / _CLOSED / _CANCELLED; TRAINING_COHORT_NOT_FOUND for another training's).
   */
  async take(trainingId: number, cohortId: number, tx: Transaction): Promise<CohortSeats> {
    const [taken] = await this.update(
      `UPDATE training_cohorts
          SET seats_taken = seats_taken + 1,
              status = CASE WHEN seats_taken + 1 >= capacity + extra_seats THEN 'full' ELSE status END,
              updated_at = now()
        WHERE id = :cohortId AND training_id = :trainingId AND status = 'open' AND seats_taken < capacity + extra_seats
        ${RETURNING}`,
      { cohortId, trainingId },
      tx,
    );
    if (taken) return taken;
    throw await this.refusal(trainingId, cohortId, tx);
  }

  /**
   * An admin's promotion: takes a free seat, or, when none is free, one past capacity (an extra
   * seat). Refused for a closed or cancelled cohort.
   */
  async takePastCapacity(trainingId: number, cohortId: number, tx: Transaction): Promise<CohortSeats> {
    // In SET every right-hand side reads the row as it was: NEW_EXTRA is the extra_seats written.
    const newExtra = 'CASE WHEN seats_taken < capacity + extra_seats THEN extra_seats ELSE extra_seats + 1 END';
    const [taken] = await this.update(
      `UPDATE training_cohorts
          SET extra_seats = ${newExtra},
              seats_taken = seats_taken + 1,
              status = CASE WHEN seats_taken + 1 >= capacity + ${newExtra} THEN 'full' ELSE 'open' END,
              updated_at = now()
        WHERE id = :cohortId AND training_id = :trainingId AND status IN ('open', 'full')
        ${RETURNING}`,
      { cohortId, trainingId },
      tx,
    );
    if (taken) return taken;
    throw await this.refusal(trainingId, cohortId, tx);
  }

  /**
   * Gives one seat back (an enrollment cancelled, a hold expired). An extra seat goes first, so
   * seats granted past capacity never become free seats for others. Never below zero.
   */
  async release(cohortId: number, tx: Transaction): Promise<CohortSeats | null> {
    const [released] = await this.update(
      `UPDATE training_cohorts
          SET seats_taken = seats_taken - 1,
              extra_seats = greatest(extra_seats - 1, 0),
              status = CASE WHEN status = 'full' AND seats_taken - 1 < capacity + greatest(extra_seats - 1, 0) THEN 'open' ELSE status END,
              updated_at = now()
        WHERE id = :cohortId AND seats_taken > 0
        ${RETURNING}`,
      { cohortId },
      tx,
    );
    return released ?? null;
  }

  private async update(sql: string, replacements: Record<string, unknown>, tx: Transaction): Promise<CohortSeats[]> {
    const rows = await this.db.sequelize.query<CohortSeats>(sql, { replacements, type: QueryTypes.SELECT, transaction: tx });
    if (rows.length > 0) await this.catalog.invalidate(tx);
    return rows;
  }

  private async refusal(trainingId: number, cohortId: number, tx: Transaction): Promise<Error> {
    const cohort = await TrainingCohortModel.findOne({ where: { id: cohortId, trainingId }, transaction: tx });
    if (!cohort) return TrainingCohortNotFound();
    if (cohort.status === 'cancelled') return TrainingCohortCancelled();
    if (cohort.status === 'closed') return TrainingCohortClosed();
    return TrainingCohortFull();
  }
}
