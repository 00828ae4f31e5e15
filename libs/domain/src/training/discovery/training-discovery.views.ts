import type { AccessType, TrainingCohortStatus, TrainingSessionStatus, TrainingSessionType } from '@platform/db';
import type { StorageUrls } from '@platform/storage';

/**
 * Customer views of published trainings (learning-commerce.md "Training customer and mobile").
 * They are cached as JSON (TrainingCatalogWrites.read), so every field is JSON-safe: instants are
 * ISO-8601 strings already, never Dates, and a cached answer is byte-identical to a fresh one.
 * No view carries a session's recording key; live session refs are not shown here either (they
 * belong to an enrolled user's session content, part 2).
 */

/** The open cohort a card advertises. */
export interface NextCohortDto {
  id: number;
  name: string;
  startsAt: string | null;
  seatsLeft: number;
}

export interface TrainingListItemDto {
  id: number;
  title: string;
  thumbnailRef: string | null;
  thumbnailUrl: string | null;
  trailerRef: string | null;
  trailerUrl: string | null;
  slug: string;
  productId: number;
  mrpPaisa: number;
  spPaisa: number;
  isFree: boolean;
  accessType: AccessType;
  accessDurationDays: number | null;
  sessionCount: number;
  /** The earliest open cohort starting now or later, else the earliest open one; null without an open cohort. */
  nextCohort: NextCohortDto | null;
  /** Free seats over all open cohorts. */
  seatsLeft: number;
}

export interface SessionListItemDto {
  id: number;
  trainingId: number;
  title: string;
  description: string | null;
  type: TrainingSessionType;
  status: TrainingSessionStatus;
  position: number;
  durationMinutes: number;
  scheduledAt: string | null;
  hasRecording: boolean;
  /**
   * Only on the session list, per caller and never cached: a note while the caller's enrollment of
   * this training is pending (payment not completed); absent otherwise.
   */
  paymentStatusNote?: string;
}

export interface CohortSessionTimeDto {
  sessionId: number;
  title: string;
  type: TrainingSessionType;
  /** The cohort's own time for the session, else the session's. */
  scheduledAt: string | null;
}

export interface CohortEnrollmentDetailDto {
  id: number;
  trainingId: number;
  trainingTitle: string;
  name: string;
  status: TrainingCohortStatus;
  capacity: number;
  seatsTaken: number;
  seatsLeft: number;
  startsAt: string | null;
  endsAt: string | null;
  schedule: CohortSessionTimeDto[];
}

export interface SessionCohortScheduleDto {
  cohortId: number;
  cohortName: string;
  /** The cohort's own time for the session, else the session's. */
  scheduledAt: string | null;
}

export interface SessionEnrollmentDetailDto extends SessionListItemDto {
  trainingTitle: string;
  schedule: SessionCohortScheduleDto[];
}

/** A list row as the repository reads it (one query: card fields and the cohort/session aggregates). */
export interface TrainingListRow {
  id: number;
  title: string;
  thumbnailRef: string | null;
  trailerRef: string | null;
  slug: string;
  productId: number;
  mrpPaisa: number;
  spPaisa: number;
  isFree: boolean;
  accessType: AccessType;
  accessDurationDays: number | null;
  sessionCount: number;
  seatsLeft: number;
  nextCohortId: number | null;
  nextCohortName: string | null;
  nextCohortStartsAt: Date | null;
  nextCohortSeatsLeft: number | null;
}

/** A session row; `hasRecording` is computed in SQL, so the recording key is never even read. */
export interface SessionRow {
  id: number;
  trainingId: number;
  title: string;
  description: string | null;
  type: TrainingSessionType;
  status: TrainingSessionStatus;
  position: number;
  durationMinutes: number;
  scheduledAt: Date | null;
  hasRecording: boolean;
}

export const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

export function toTrainingListItem(row: TrainingListRow, urls: StorageUrls): TrainingListItemDto {
  return {
    id: row.id,
    title: row.title,
    thumbnailRef: row.thumbnailRef,
    thumbnailUrl: urls.publicUrl(row.thumbnailRef),
    trailerRef: row.trailerRef,
    trailerUrl: urls.publicUrl(row.trailerRef),
    slug: row.slug,
    productId: row.productId,
    mrpPaisa: row.mrpPaisa,
    spPaisa: row.spPaisa,
    isFree: row.isFree,
    accessType: row.accessType,
    accessDurationDays: row.accessDurationDays,
    sessionCount: row.sessionCount,
    nextCohort:
      row.nextCohortId === null
        ? null
        : { id: row.nextCohortId, name: row.nextCohortName ?? '', startsAt: iso(row.nextCohortStartsAt), seatsLeft: row.nextCohortSeatsLeft ?? 0 },
    seatsLeft: row.seatsLeft,
  };
}

export function toSessionListItem(row: SessionRow): SessionListItemDto {
  return {
    id: row.id,
    trainingId: row.trainingId,
    title: row.title,
    description: row.description,
    type: row.type,
    status: row.status,
    position: row.position,
    durationMinutes: row.durationMinutes,
    scheduledAt: iso(row.scheduledAt),
    hasRecording: row.hasRecording,
  };
}
