import { MulterError } from 'multer';
import { isConcurrencyFailure } from '@platform/db';
import { DomainError, ErrorCode, FieldProblem } from '@platform/domain';
import {
  DisallowedFileTypeError,
  InvalidStorageKeyError,
  StorageObjectNotFoundError,
  StorageUnavailableError,
} from '@platform/storage';
import { GENERIC_CODE_BY_STATUS, HTTP_STATUS } from './http-status';
import { flattenValidationErrors, parameterProblem } from './validation-problems';

export interface ErrorBody {
  message: string;
  errorCode: ErrorCode;
  errors?: FieldProblem[];
}

export interface HttpErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** Log it in full (an error not anticipated, or a failing dependency); the body never shows details. */
  unexpected: boolean;
}

const INTERNAL: HttpErrorResponse = {
  status: 500,
  body: { message: 'Internal server error', errorCode: 'INTERNAL_ERROR' },
  headers: {},
  unexpected: true,
};

/** Maps anything thrown during a request to a status and a `{ message, errorCode }` body. */
export function toHttpErrorResponse(error: unknown): HttpErrorResponse {
  if (error instanceof DomainError) return fromDomainError(error);
  const uploadError = fromUploadOrStorage(error);
  if (uploadError) return uploadError;
  // A deadlock PostgreSQL broke or a serialization failure: the transaction wrote nothing, and the
  // client may retry. Logged (unexpected), but never a 500.
  if (isConcurrencyFailure(error)) {
    return {
      status: 409,
      body: { message: 'The request collided with another change and was not applied; please retry', errorCode: 'CONFLICT' },
      headers: { 'Retry-After': '1' },
      unexpected: true,
    };
  }

  const candidate = error as { httpCode?: number; status?: number; type?: string; errors?: unknown; message?: string };
  const bodyParserError = fromBodyParser(candidate);
  if (bodyParserError) return bodyParserError;

  if (typeof candidate?.httpCode === 'number') {
    const validation = Array.isArray(candidate.errors) ? flattenValidationErrors(candidate.errors) : undefined;
    const problems = validation?.length ? validation : [parameterProblem(candidate as Error)].filter((p) => p !== undefined);
    if (problems.length) {
      return fromDomainError(new DomainError('VALIDATION_ERROR', problems[0].message, { errors: problems }));
    }
    const code = GENERIC_CODE_BY_STATUS[candidate.httpCode];
    if (code) return fromDomainError(new DomainError(code, frameworkMessage(code, candidate.message)));
  }
  // express and its middleware (e.g. a bad percent-encoding in a path) mark client errors with `status`.
  if (typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500) {
    const code = GENERIC_CODE_BY_STATUS[candidate.status] ?? 'VALIDATION_ERROR';
    return fromDomainError(new DomainError(code, frameworkMessage(code, 'Invalid request')));
  }
  return INTERNAL;
}

function fromDomainError(error: DomainError): HttpErrorResponse {
  const headers: Record<string, string> = {};
  if (error.details?.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.details.retryAfterSeconds);
  const status = HTTP_STATUS[error.code];
  const challenge = bearerChallenge(error);
  if (challenge) headers['WWW-Authenticate'] = challenge;
  const body: ErrorBody = { message: error.message, errorCode: error.code };
  if (error.details?.errors) body.errors = error.details.errors;
  return { status, body, headers, unexpected: false };
}

/**
 * RFC 6750 section 3, for failures of bearer authentication only (the auth checker's UNAUTHORIZED,
 * an expired access or heartbeat token): a bare challenge without a token, `invalid_token` for a
 * refused one. Other 401s (wrong login credentials, a bad refresh token in a body) are not a
 * bearer challenge and get none.
 */
function bearerChallenge(error: DomainError): string | undefined {
  const expired = 'Bearer error="invalid_token", error_description="expired"';
  switch (error.code) {
    case 'TOKEN_EXPIRED':
    case 'HEARTBEAT_TOKEN_EXPIRED':
      return expired;
    case 'UNAUTHORIZED':
      if (error.details?.['bearerError'] === 'expired') return expired;
      return error.details?.['bearerError'] === 'invalid_token' ? 'Bearer error="invalid_token"' : 'Bearer';
    default:
      return undefined;
  }
}

/**
 * Multipart and storage failures (community-content-uploads.md, "Errors", uploads): a file over
 * the route's limit is 413; too many files, another field or a malformed part 400; a bad key or
 * a refused file type 400; a missing object 404; a failing store 502 STORAGE_ERROR, logged with
 * its cause (the body never carries it).
 */
function fromUploadOrStorage(error: unknown): HttpErrorResponse | undefined {
  if (error instanceof MulterError) {
    return error.code === 'LIMIT_FILE_SIZE'
      ? fromDomainError(new DomainError('PAYLOAD_TOO_LARGE', 'File too large'))
      : fromDomainError(new DomainError('VALIDATION_ERROR', multerMessage(error)));
  }
  if (error instanceof InvalidStorageKeyError || error instanceof DisallowedFileTypeError) {
    return fromDomainError(new DomainError('VALIDATION_ERROR', error.message));
  }
  if (error instanceof StorageObjectNotFoundError) return fromDomainError(new DomainError('NOT_FOUND', 'File not found'));
  if (error instanceof StorageUnavailableError) {
    return { ...fromDomainError(new DomainError('STORAGE_ERROR', 'Storage is unavailable, please try again later')), unexpected: true };
  }
  return undefined;
}

function multerMessage(error: MulterError): string {
  switch (error.code) {
    case 'LIMIT_FILE_COUNT':
      return 'Too many files';
    case 'LIMIT_UNEXPECTED_FILE':
      return error.field ? `Unexpected file field "${error.field}"` : 'Unexpected file field';
    default:
      return error.message || 'Invalid multipart body';
  }
}

/** body-parser signals its failures with `type`; see its README, "Errors". */
function fromBodyParser(error: { type?: string; status?: number }): HttpErrorResponse | undefined {
  switch (error?.type) {
    case 'entity.parse.failed':
      return fromDomainError(new DomainError('VALIDATION_ERROR', 'Malformed JSON'));
    case 'entity.too.large':
      return fromDomainError(new DomainError('PAYLOAD_TOO_LARGE', 'Request body too large'));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return fromDomainError(new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request body encoding'));
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return fromDomainError(new DomainError('VALIDATION_ERROR', 'Invalid request body'));
    default:
      return undefined;
  }
}

/** Framework messages are kept when they are about the request, replaced when they are generic. */
function frameworkMessage(code: ErrorCode, message: string | undefined): string {
  const generic: Partial<Record<ErrorCode, string>> = {
    UNAUTHORIZED: 'Authentication required',
    FORBIDDEN: 'You do not have permission to do this',
    NOT_FOUND: 'Not found',
  };
  return generic[code] ?? (message || 'Invalid request');
}
