import { DomainError } from '../shared';

/** learning-commerce.md "Errors → Training" and CONTRACT §4; the admin codes are ours (the spec names none). */
export const TrainingNotFound = () => new DomainError('TRAINING_NOT_FOUND', 'Training not found');
export const TrainingSessionNotFound = () => new DomainError('TRAINING_SESSION_NOT_FOUND', 'Training session not found');
export const TrainingCohortNotFound = () => new DomainError('TRAINING_COHORT_NOT_FOUND', 'Training cohort not found');
export const TrainingWaitlistNotFound = () => new DomainError('TRAINING_WAITLIST_NOT_FOUND', 'Waitlist entry not found in this cohort');
export const TrainingNotPublishable = (missing: string[]) =>
  new DomainError('TRAINING_NOT_PUBLISHABLE', `A training is published only with at least one session and one cohort: add ${missing.join(' and ')} first`);
export const TrainingCohortCapacityBelowSeats = (seatsTaken: number) =>
  new DomainError('TRAINING_COHORT_CAPACITY_BELOW_SEATS', `capacity must not be below the ${seatsTaken} seat(s) already taken`);
export const TrainingCohortHasEnrollments = () =>
  new DomainError('TRAINING_COHORT_HAS_ENROLLMENTS', 'This cohort has enrollments and cannot be deleted; cancel or close it instead');
export const TrainingSessionHasEnrollments = () =>
  new DomainError('TRAINING_SESSION_HAS_ENROLLMENTS', 'Enrollments name this session, so it cannot be deleted; cancel it instead');
/**
 * learning-commerce.md "Errors → Training": a session named in a body (a cohort schedule, a reorder,
 * an enrollment) that is not the training's (400, CONTRACT §4). The ids come from the body, not
 * the path, so this is a bad request rather than a 404.
 */
export const TrainingSessionMismatch = (ids: number[] = []) =>
  new DomainError(
    'TRAINING_SESSION_MISMATCH',
    ids.length ? `Not sessions of this training: ${ids.join(', ')}` : 'The session does not belong to this training',
  );
