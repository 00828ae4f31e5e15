import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { NoControlCharacters, Trim } from './decorators';

export const MAX_PAGE_SIZE = 100;
/** Keeps page × size far inside PostgreSQL's offset range (a larger page is a client bug). */
export const MAX_PAGE = 1_000_000;
export const DEFAULT_PAGE_SIZE = 20;

/** Query-string integers for @Transform: decimal text becomes a number; anything else is left for @IsInt to refuse. */
export const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
/** Query-string booleans: true/1 and false/0; anything else is left for @IsBoolean to refuse. */
export const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

/**
 * Offset list query shared by every list (CONTRACT section 5): `size` above 100 is capped, not
 * rejected. Lists extend it, narrowing `sort` with their own allowed values.
 */
export class QueryDto {
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page: number = 1;

  @IsOptional()
  @Transform((params) => {
    const value = toInteger(params);
    return typeof value === 'number' && value > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : value;
  })
  @IsInt()
  @Min(1)
  size: number = DEFAULT_PAGE_SIZE;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  pagination: boolean = true;

  @IsOptional()
  @IsString()
  sort?: string;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  order: 'asc' | 'desc' = 'desc';

  /** Trimmed; control characters (NUL above all, which PostgreSQL text cannot hold) are refused, not searched. */
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  @NoControlCharacters()
  search?: string;
}

export interface PageWindow {
  limit?: number;
  offset?: number;
}

/** The SQL window for a query: everything when `pagination` is false. */
export function pageWindow(query: Pick<QueryDto, 'page' | 'size' | 'pagination'>): PageWindow {
  if (query.pagination === false) return {};
  return { limit: query.size, offset: (query.page - 1) * query.size };
}

export interface Page<T> {
  rows: T[];
  count: number;
  page: number;
  size: number;
}

export function toPage<T>(rows: T[], count: number, query: Pick<QueryDto, 'page' | 'size' | 'pagination'>): Page<T> {
  return query.pagination === false
    ? { rows, count, page: 1, size: rows.length }
    : { rows, count, page: query.page, size: query.size };
}
