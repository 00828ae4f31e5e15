import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, validateSync } from 'class-validator';
import { DomainError, FieldProblem } from '../errors';
import { MAX_BIGINT } from '../queries';
import { toInteger } from './query.dto';

export const CURSOR_DEFAULT_LIMIT = 20;
export const CURSOR_MAX_LIMIT = 100;

/** A cursor list's failure: 422 UNPROCESSABLE with every problem (community-content-uploads.md, Errors: 422). */
export const CursorQueryInvalid = (problems: FieldProblem[]) => new DomainError('UNPROCESSABLE', problems[0].message, { errors: problems });

/*
 * The DTOs below are the readers' rules, not route parameters: `@QueryParams() q: IdCursorQueryDto`
 * would run class-validator in routing-controllers (400 VALIDATION_ERROR, and the cross-field rules
 * never run). Routes take `@CursorQuery(...)` from libs/http, which calls the readers (422).
 */

/** `limit`: 1-100, default 20; out of range is refused (422), not capped as an offset list's `size` is. */
class CursorLimitDto {
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(CURSOR_MAX_LIMIT)
  limit: number = CURSOR_DEFAULT_LIMIT;
}

/** `after_id` or `before_id` (at most one), strings of a non-negative integer; neither is the newest page. */
class IdCursorQueryDto extends CursorLimitDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^\d+$/, { message: 'after_id must be a string of a non-negative integer' })
  after_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^\d+$/, { message: 'before_id must be a string of a non-negative integer' })
  before_id?: string;
}

/** An opaque `cursor` (the previous page's `next_cursor`), valid only with the list, `sort` and `order` it came from. */
class SortedCursorQueryDto extends CursorLimitDto {
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  cursor?: string;

  @IsOptional()
  @IsString()
  sort?: string;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export type CursorDirection = 'after' | 'before';

export interface IdCursorOptions {
  /** The directions the list pages in (default both); the other's parameter is 422 (a moderation log: only `before`). */
  directions?: readonly CursorDirection[];
}

/**
 * A page by id: `after` lists ids above `id` ascending, `before` ids below `id` descending; with
 * `id` null (neither parameter) the newest ids, descending. `id` is canonical decimal text.
 */
export interface IdCursorQuery {
  direction: CursorDirection;
  id: string | null;
  limit: number;
}

/** Reads `after_id` / `before_id` / `limit` from a query string; anything wrong is 422 (see CursorQueryInvalid). */
export function readIdCursorQuery(query: Record<string, unknown>, options: IdCursorOptions = {}): IdCursorQuery {
  const directions = options.directions ?? ['after', 'before'];
  const problems: FieldProblem[] = [];
  for (const direction of ['after', 'before'] as const) {
    const field = `${direction}_id` as const;
    if (query[field] !== undefined && !directions.includes(direction)) {
      problems.push({ field, code: 'notAccepted', message: `This list does not take ${field}; use ${directions.map((d) => `${d}_id`).join(' or ')}` });
    }
  }
  if (problems.length) throw CursorQueryInvalid(problems);
  const dto = validated(IdCursorQueryDto, { after_id: query['after_id'], before_id: query['before_id'], limit: query['limit'] });
  if (dto.after_id !== undefined && dto.before_id !== undefined) {
    problems.push({ field: 'after_id', code: 'exclusive', message: 'Give after_id or before_id, not both' });
  }
  for (const field of ['after_id', 'before_id'] as const) {
    const id = dto[field];
    if (id !== undefined && BigInt(id) > MAX_BIGINT) problems.push({ field, code: 'range', message: `${field} is out of range` });
  }
  if (problems.length) throw CursorQueryInvalid(problems);
  const given = dto.after_id ?? dto.before_id;
  return { direction: dto.after_id !== undefined ? 'after' : 'before', id: given === undefined ? null : BigInt(given).toString(), limit: dto.limit };
}

export interface SortedCursorFields {
  cursor?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
}

/** The fields of a sorted cursor list's query, validated (the cursor itself is decoded by ListCursorsService). */
export function readSortedCursorFields(query: Record<string, unknown>): SortedCursorFields {
  return validated(SortedCursorQueryDto, { cursor: query['cursor'], sort: query['sort'], order: query['order'], limit: query['limit'] });
}

function validated<T extends object>(type: new () => T, raw: Record<string, unknown>): T {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined));
  const dto = plainToInstance(type, present);
  const problems = validateSync(dto).flatMap((error) =>
    Object.entries(error.constraints ?? {}).map(([code, message]) => ({ field: error.property, code, message })),
  );
  if (problems.length) throw CursorQueryInvalid(problems);
  return dto;
}
