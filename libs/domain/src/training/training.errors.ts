import { DomainError, FieldProblem } from '../shared';

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
export const TrainingCohortFull = () => new DomainError('TRAINING_COHORT_FULL', 'This cohort is full: join its waitlist or choose another cohort');
export const TrainingCohortClosed = () => new DomainError('TRAINING_COHORT_CLOSED', 'This cohort is closed for enrollment');
export const TrainingCohortCancelled = () => new DomainError('TRAINING_COHORT_CANCELLED', 'This cohort was cancelled');
/** An unknown enrollment, or another customer's (CONTRACT §4: it behaves as not found). */
export const TrainingEnrollmentNotFound = () => new DomainError('TRAINING_ENROLLMENT_NOT_FOUND', 'Training enrollment not found');
/** learning-commerce.md "Errors → Training": a request already open, or an enrollment already cancelled. */
export const TrainingEnrollmentCancelNotAllowed = (reason: string) => new DomainError('TRAINING_ENROLLMENT_CANCEL_NOT_ALLOWED', reason);
/** Our code (the spec names none): an admin status change that is not one of the allowed moves from the current status. */
export const TrainingEnrollmentTransitionNotAllowed = (reason: string) => new DomainError('TRAINING_ENROLLMENT_TRANSITION_NOT_ALLOWED', reason);
export const TrainingAlreadyEnrolled = (message = 'You already have a pending or active enrollment in this training') =>
  new DomainError('TRAINING_ALREADY_ENROLLED', message);
export const TrainingCohortNotFull = () =>
  new DomainError('TRAINING_COHORT_NOT_FULL', 'This cohort has free seats: enroll instead of joining its waitlist');
/** Enroll (learning-commerce.md "Errors → Training"): the product is not a training's (or does not exist). */
export const TrainingProductRequired = () => new DomainError('TRAINING_PRODUCT_REQUIRED', 'This product is not a training');
export const TrainingProductUnavailable = () =>
  new DomainError('TRAINING_PRODUCT_UNAVAILABLE', 'This training is not open for enrollment (unpublished or not for sale)');
/** formData does not fit the training's enrollment form; `errors` names each bad field (`formData.<key>`). */
export const TrainingInvalidFormData = (errors: FieldProblem[]) =>
  new DomainError('TRAINING_INVALID_FORM_DATA', errors[0]?.message ?? 'The enrollment form is not valid', { errors });
