import { DomainError } from '../shared';

/** learning-commerce.md, "Errors: Video progress" (statuses in libs/http/src/errors/http-status.ts). */
export const HeartbeatTokenExpired = (message = 'Access token is missing, invalid or expired') =>
  new DomainError('HEARTBEAT_TOKEN_EXPIRED', message);
export const HeartbeatNotEnrolled = () => new DomainError('HEARTBEAT_NOT_ENROLLED', 'You have no active access to this course');
export const HeartbeatLessonNotFound = () =>
  new DomainError('HEARTBEAT_LESSON_NOT_FOUND', 'Lesson not found in this course, or not available');
