/** PostgreSQL `integer` (serial) upper bound. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * Whether `id` can name a serial row. Ids outside the integer range would make PostgreSQL raise
 * (a 500); callers answer "not found" instead.
 */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;

/**
 * A path parameter as a serial id, or 0 (which names no row) when it is not one. `7` and `007`
 * are the same id, so anything keyed by an id (a rate limit) must key by this, not the text.
 */
export function rowIdFromPath(value: string): number {
  const id = /^[0-9]{1,10}$/.test(value) ? Number(value) : 0;
  return isRowId(id) ? id : 0;
}

/** An ILIKE pattern matching `text` anywhere, with LIKE wildcards in `text` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
