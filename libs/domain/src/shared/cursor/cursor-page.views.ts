import type { IdCursorQuery } from '../dto/cursor-query.dto';

/** `next_after_id` (newest id of the page) and `next_before_id` (oldest), as strings. */
export interface IdCursor {
  next_after_id: string;
  next_before_id: string;
}

export interface SortedCursor {
  next_cursor: string;
}

/**
 * The `data` of a cursor list (community-content-uploads.md: `data: { items, cursor, limit,
 * has_more, count }`; snake_case as the spec shows it, CONTRACT section 5). `cursor` is `{}` when
 * `has_more` is false; `count` is the number of items in this page (a total would cost a count
 * over the whole list, which keyset pages exist to avoid).
 */
export interface CursorPage<T, C> {
  items: T[];
  cursor: C | Record<string, never>;
  limit: number;
  has_more: boolean;
  count: number;
}

/** The page out of the `limit + 1` rows idKeyset's query returned (in its order). */
export function idCursorPage<T>(rows: T[], query: IdCursorQuery, idOf: (row: T) => string | number | bigint): CursorPage<T, IdCursor> {
  const items = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  let cursor: IdCursor | Record<string, never> = {};
  if (hasMore) {
    const [first, last] = [String(idOf(items[0])), String(idOf(items[items.length - 1]))];
    cursor = query.direction === 'after' ? { next_after_id: last, next_before_id: first } : { next_after_id: first, next_before_id: last };
  }
  return { items, cursor, limit: query.limit, has_more: hasMore, count: items.length };
}

/** The page out of the `limit + 1` rows sortedKeyset's query returned; `next` encodes the last item's position. */
export function sortedCursorPage<T>(rows: T[], limit: number, next: (last: T) => string): CursorPage<T, SortedCursor> {
  const items = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { items, cursor: hasMore ? { next_cursor: next(items[items.length - 1]) } : {}, limit, has_more: hasMore, count: items.length };
}
