import type { TrainingCohortStatus, TrainingWaitlistStatus } from '@platform/db';
import type { CohortSeats } from '../seats/cohort-seats.service';
import type { WaitlistEntryRow } from './training-waitlist.repository';

/** A customer's own waitlist entry (CONTRACT §10). `position`: 1-based FIFO place among the waiting, null unless waiting. */
export interface CustomerWaitlistEntryView {
  id: number;
  cohortId: number;
  status: TrainingWaitlistStatus;
  position: number | null;
  createdAt: Date;
  /** Set once promoted: until then a seat is held for the customer (enroll in this cohort before it). */
  holdExpiresAt: Date | null;
}

/** The answer of an admin promotion: the entry and the cohort's seats after it. */
export interface PromotedWaitlistEntryView {
  id: number;
  cohortId: number;
  userId: string;
  status: TrainingWaitlistStatus;
  createdAt: Date;
  promotedAt: Date | null;
  promotedBy: string | null;
  holdExpiresAt: Date | null;
  /** The enrollment that took the held seat over; null while the hold is unused. */
  enrollmentId: number | null;
  cohort: { id: number; status: TrainingCohortStatus; capacity: number; seatsTaken: number; extraSeats: number; seatsLeft: number };
}

export function toCustomerWaitlistEntryView(entry: WaitlistEntryRow, position: number | null): CustomerWaitlistEntryView {
  return {
    id: entry.id,
    cohortId: entry.cohortId,
    status: entry.status,
    position: entry.status === 'waiting' ? position : null,
    createdAt: entry.createdAt,
    holdExpiresAt: entry.holdExpiresAt,
  };
}

export function toPromotedWaitlistEntryView(entry: WaitlistEntryRow, cohort: CohortSeats): PromotedWaitlistEntryView {
  const { id, status, capacity, seatsTaken, extraSeats } = cohort;
  return {
    id: entry.id,
    cohortId: entry.cohortId,
    userId: entry.userId,
    status: entry.status,
    createdAt: entry.createdAt,
    promotedAt: entry.promotedAt,
    promotedBy: entry.promotedBy,
    holdExpiresAt: entry.holdExpiresAt,
    enrollmentId: entry.enrollmentId,
    cohort: { id, status, capacity, seatsTaken, extraSeats, seatsLeft: Math.max(0, capacity + extraSeats - seatsTaken) },
  };
}
