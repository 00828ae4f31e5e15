import type { TrainingCohortModel, TrainingCohortStatus, TrainingSessionType, TrainingWaitlistStatus } from '@platform/db';

export interface TrainingCohortView {
  id: number;
  trainingId: number;
  name: string;
  status: TrainingCohortStatus;
  capacity: number;
  seatsTaken: number;
  seatsLeft: number;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A session in a cohort's schedule: `scheduledAt` and `liveSessionRef` are the cohort's overrides (null: the session's own apply). */
export interface CohortScheduleEntryView {
  sessionId: number;
  title: string;
  type: TrainingSessionType;
  position: number;
  scheduledAt: Date | null;
  liveSessionRef: string | null;
}

export interface TrainingCohortDetailView extends TrainingCohortView {
  schedule: CohortScheduleEntryView[];
  /** Entries still `waiting` in the cohort's waitlist. */
  waitingCount: number;
}

/** A waitlist entry as admins see it; `position` is the 1-based place in the FIFO queue, null unless `waiting`. */
export interface WaitlistEntryView {
  id: number;
  cohortId: number;
  user: { id: string; fullName: string; email: string };
  status: TrainingWaitlistStatus;
  position: number | null;
  createdAt: Date;
  promotedAt: Date | null;
  expiredAt: Date | null;
  cancelledAt: Date | null;
}

export function toTrainingCohortView(cohort: TrainingCohortModel): TrainingCohortView {
  return {
    id: cohort.id,
    trainingId: cohort.trainingId,
    name: cohort.name,
    status: cohort.status,
    capacity: cohort.capacity,
    seatsTaken: cohort.seatsTaken,
    seatsLeft: Math.max(0, cohort.capacity + cohort.extraSeats - cohort.seatsTaken),
    startsAt: cohort.startsAt,
    endsAt: cohort.endsAt,
    createdAt: cohort.createdAt,
    updatedAt: cohort.updatedAt,
  };
}
