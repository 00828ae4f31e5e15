import type { FieldProblem } from '../../../shared';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '../../../shared';
import { singleText } from '../../analysis/query-values';

export interface ListQuery<Sort extends string> {
  page: number;
  size: number;
  sort: Sort;
  order: 'asc' | 'desc';
}

const ORDERS = ['asc', 'desc'] as const;

/**
 * `page`, `size`, `sort`, `order` of a portfolio list (CONTRACT section 5): a size above 100 is
 * capped, anything else out of range or not whole is a problem (market-data.md: bad pagination is
 * 400, unlike the stock-analysis clamps). `sort` takes the list's own names.
 */
export function readListQuery<Sort extends string>(
  query: Record<string, unknown>,
  sorts: readonly Sort[],
  defaults: { sort: Sort; order: 'asc' | 'desc' },
): { value: ListQuery<Sort> } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const page = wholeNumber(query['page'], 'page', 1, MAX_PAGE, problems) ?? 1;
  const size = Math.min(wholeNumber(query['size'], 'size', 1, Infinity, problems) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const sort = choice(query['sort'], 'sort', sorts, problems) ?? defaults.sort;
  const order = choice(query['order'], 'order', ORDERS, problems, (text) => text.toLowerCase()) ?? defaults.order;
  return problems.length ? { problems } : { value: { page, size, sort, order } };
}

/** A whole number in [min, max]; absent or empty is undefined; anything else is a problem. */
export function wholeNumber(raw: unknown, field: string, min: number, max: number, problems: FieldProblem[]): number | undefined {
  const text = singleText(raw);
  if (text === undefined || text === '') return undefined;
  if (text === null || !/^-?\d+$/.test(text)) {
    problems.push({ field, code: 'type', message: `${field} must be a whole number` });
    return undefined;
  }
  const value = Number(text);
  if (value < min) problems.push({ field, code: 'min', message: `${field} must be at least ${min}` });
  else if (value > max) problems.push({ field, code: 'max', message: `${field} must not exceed ${max}` });
  else return value;
  return undefined;
}

/** A value of `choices` (exact names, or as `normalise` makes them); empty is absent. */
export function choice<T extends string>(
  raw: unknown,
  field: string,
  choices: readonly T[],
  problems: FieldProblem[],
  normalise: (text: string) => string = (text) => text,
): T | undefined {
  const text = singleText(raw);
  if (text === undefined || text === '') return undefined;
  const value = text === null ? null : normalise(text);
  if (value !== null && (choices as readonly string[]).includes(value)) return value as T;
  problems.push({ field, code: 'oneof', message: `${field} must be one of: ${choices.join(' ')}` });
  return undefined;
}
