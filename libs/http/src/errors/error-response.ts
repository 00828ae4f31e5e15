import type { ValidationError } from 'class-validator';
import { DomainError, ErrorCode, FieldProblem } from '@platform/domain';
import { GENERIC_CODE_BY_STATUS, HTTP_STATUS } from './http-status';

export interface ErrorBody {
  message: string;
  errorCode: ErrorCode;
  errors?: FieldProblem[];
}

export interface HttpErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** True when the error was not anticipated: log it in full, answer without details. */
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

  const candidate = error as { httpCode?: number; status?: number; type?: string; errors?: unknown; message?: string };
  const bodyParserError = fromBodyParser(candidate);
  if (bodyParserError) return bodyParserError;

  if (typeof candidate?.httpCode === 'number') {
    const validation = Array.isArray(candidate.errors) ? flattenValidationErrors(candidate.errors) : undefined;
    if (validation?.length) {
      return fromDomainError(new DomainError('VALIDATION_ERROR', validation[0].message, { errors: validation }));
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
  const body: ErrorBody = { message: error.message, errorCode: error.code };
  if (error.details?.errors) body.errors = error.details.errors;
  return { status: HTTP_STATUS[error.code], body, headers, unexpected: false };
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

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([code, message]) => ({
      field,
      code,
      message: message.replace(error.property, field),
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}
