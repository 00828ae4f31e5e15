import { Service } from 'typedi';
import {
  TrainingCohortModel,
  TrainingCohortSessionModel,
  TrainingEnrollmentModel,
  TrainingSessionModel,
  TrainingWaitlistEntryModel,
  Transaction,
  UserModel,
} from '@platform/db';
import type { CohortScheduleEntryView } from './training-cohort.views';

/** The fields of a new cohort. */
export type NewTrainingCohort = Pick<TrainingCohortModel, 'trainingId' | 'name' | 'capacity' | 'status' | 'startsAt' | 'endsAt'>;

export interface ScheduleRow {
  sessionId: number;
  scheduledAt: Date | null;
  liveSessionRef: string | null;
}

/**
 * Reads and writes around one training's cohorts: their schedules, waitlists and enrollments.
 * Writers hold the training row lock (and the cohort's, for an existing cohort).
 */
@Service()
export class TrainingCohortsRepository {
  /** A new cohort, no seat taken. */
  create(cohort: NewTrainingCohort, tx: Transaction): Promise<TrainingCohortModel> {
    return TrainingCohortModel.create({ ...cohort, seatsTaken: 0 }, { transaction: tx });
  }

  /** Deletes the cohort; its schedule and waitlist go with it (cascade). */
  async remove(cohort: TrainingCohortModel, tx: Transaction): Promise<void> {
    await cohort.destroy({ transaction: tx });
  }

  listOf(trainingId: number): Promise<TrainingCohortModel[]> {
    // Earliest start first, undated cohorts last; id breaks ties so the order is stable.
    return TrainingCohortModel.findAll({
      where: { trainingId },
      order: [['startsAt', 'ASC NULLS LAST'], ['id', 'ASC']],
    });
  }

  /** The cohort's schedule in session order. */
  async scheduleOf(cohortId: number, tx?: Transaction): Promise<CohortScheduleEntryView[]> {
    const rows = await TrainingCohortSessionModel.findAll({
      where: { cohortId },
      include: [{ model: TrainingSessionModel, attributes: ['id', 'title', 'type', 'position'] }],
      order: [[{ model: TrainingSessionModel, as: 'session' }, 'position', 'ASC'], ['sessionId', 'ASC']],
      transaction: tx,
    });
    // The session is always there (a foreign key with cascade); flatMap only narrows the type.
    return rows.flatMap((row) => {
      const { session } = row;
      if (!session) return [];
      const { title, type, position } = session;
      return [{ sessionId: row.sessionId, title, type, position, scheduledAt: row.scheduledAt, liveSessionRef: row.liveSessionRef }];
    });
  }

  /** Replaces the cohort's schedule (the caller holds the cohort row lock and checked the sessions). */
  async replaceSchedule(trainingId: number, cohortId: number, rows: ScheduleRow[], tx: Transaction): Promise<void> {
    await TrainingCohortSessionModel.destroy({ where: { cohortId }, transaction: tx });
    await TrainingCohortSessionModel.bulkCreate(
      rows.map((row) => ({ trainingId, cohortId, ...row })),
      { transaction: tx },
    );
  }

  waitingCount(cohortId: number): Promise<number> {
    return TrainingWaitlistEntryModel.count({ where: { cohortId, status: 'waiting' } });
  }

  async hasEnrollments(cohortId: number, tx: Transaction): Promise<boolean> {
    return (await TrainingEnrollmentModel.count({ where: { cohortId }, transaction: tx })) > 0;
  }

  /** Every entry of the cohort's waitlist: the waiting ones first in FIFO (id) order, then the rest by id. */
  async waitlistOf(cohortId: number): Promise<TrainingWaitlistEntryModel[]> {
    const entries = await TrainingWaitlistEntryModel.findAll({
      where: { cohortId },
      include: [{ model: UserModel, attributes: ['id', 'fullName', 'email'] }],
      order: [['id', 'ASC']],
    });
    return [...entries.filter((entry) => entry.status === 'waiting'), ...entries.filter((entry) => entry.status !== 'waiting')];
  }
}
