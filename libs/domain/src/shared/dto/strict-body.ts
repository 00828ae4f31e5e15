import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { DomainError, FieldProblem } from '../errors';

export interface StrictBodyOptions {
  /** At least one field must be given (a PATCH): an empty object is refused too. */
  atLeastOne?: boolean;
}

/**
 * A JSON body read by a DTO's rules, where every failure is 422 UNPROCESSABLE with `errors[]`
 * (community-content-uploads.md, channel Errors: "invalid enum, range or type", "empty patch
 * body"; CONTRACT section 4), not the 400 VALIDATION_ERROR routing-controllers answers. Unknown
 * keys are refused, not stripped: a client sending `access_policy` to a route that cannot change
 * it must hear so. Routes take the body unvalidated (`@Body({ validate: false, required: false })`)
 * and document it with `@ApiBody(Dto)`; the use case calls this first.
 */
export function readStrictBody<T extends object>(type: new () => T, raw: unknown, options: StrictBodyOptions = {}): T {
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw BodyUnprocessable([{ field: 'body', code: 'isObject', message: 'The request body must be a JSON object' }]);
  }
  if (options.atLeastOne && Object.keys(raw).length === 0) {
    throw BodyUnprocessable([{ field: 'body', code: 'atLeastOne', message: 'Give at least one field to change' }]);
  }
  const dto = plainToInstance(type, raw);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  const problems = errors.flatMap((error) => problemsOf(error, ''));
  if (problems.length) throw BodyUnprocessable(problems);
  return dto;
}

/**
 * The body of a route that takes none (a POST action): absent or `{}` passes; anything else is 422
 * UNPROCESSABLE as readStrictBody answers, each key named. (An empty DTO cannot do it:
 * class-validator refuses a class without rules as an unknown value.)
 */
export function readEmptyBody(raw: unknown): void {
  if (raw === undefined) return;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw BodyUnprocessable([{ field: 'body', code: 'isObject', message: 'The request body must be a JSON object' }]);
  }
  const keys = Object.keys(raw);
  if (keys.length > 0) {
    throw BodyUnprocessable(keys.map((key) => ({ field: key, code: 'whitelistValidation', message: `${key} is not a field this route takes` })));
  }
}

export const BodyUnprocessable = (problems: FieldProblem[]) => new DomainError('UNPROCESSABLE', problems[0].message, { errors: problems });

function problemsOf(error: ValidationError, prefix: string): FieldProblem[] {
  const field = prefix ? `${prefix}.${error.property}` : error.property;
  const own = Object.entries(error.constraints ?? {}).map(([code, message]) => ({
    field,
    code,
    message: code === 'whitelistValidation' ? `${field} is not a field this route takes` : prefix ? `${prefix}.${message}` : message,
  }));
  return [...own, ...(error.children ?? []).flatMap((child) => problemsOf(child, field))];
}
