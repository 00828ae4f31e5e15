import { CohortWindowInvalid } from './training-cohort.errors';

/** True when the cohort would start after it ends (either end open is never backwards). */
export const isBackwardsWindow = (startsAt: Date | null, endsAt: Date | null): boolean =>
  !!startsAt && !!endsAt && startsAt.getTime() > endsAt.getTime();

/** 400 VALIDATION_ERROR for a backwards window (training_cohorts_window CHECK), before the database refuses it. */
export function requireForwardWindow(startsAt: Date | null, endsAt: Date | null): void {
  if (isBackwardsWindow(startsAt, endsAt)) throw CohortWindowInvalid();
}
