import { DomainError, FieldProblem } from './domain-error';

export const ValidationFailed = (message: string, errors?: FieldProblem[]) =>
  new DomainError('VALIDATION_ERROR', message, errors ? { errors } : undefined);
export const Unauthorized = (message = 'Authentication required') => new DomainError('UNAUTHORIZED', message);
export const Forbidden = (message = 'You do not have permission to do this') => new DomainError('FORBIDDEN', message);
export const NotFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const RateLimitExceeded = (retryAfterSeconds: number) =>
  new DomainError('RATE_LIMIT_EXCEEDED', 'Too many requests, please try again later', { retryAfterSeconds });
export const ServiceUnavailable = (message = 'Service temporarily unavailable') =>
  new DomainError('SERVICE_UNAVAILABLE', message);
