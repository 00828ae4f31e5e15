import type { ErrorCode } from './error-codes';

/** A field-level problem, used by validation failures (`errors: [{ field, code, message }]`). */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

export interface DomainErrorDetails {
  errors?: FieldProblem[];
  /** Seconds a client should wait before retrying (rate limits). */
  retryAfterSeconds?: number;
  [key: string]: unknown;
}

/**
 * The one error type domain code throws. It knows nothing of HTTP: libs/http maps `code` to a
 * status, and the body is `{ message, errorCode }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: DomainErrorDetails,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
