/** PostgreSQL `integer` (serial) upper bound. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * Whether `id` can name a serial row. Ids outside the integer range would make PostgreSQL raise
 * (a 500); callers answer "not found" instead.
 */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;

/** PostgreSQL `bigint` (bigserial) upper bound: a larger id names no row and would make a query raise. */
export const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * Whether `text` can name a bigserial row: 1 to 19 decimal digits (leading zeros allowed, as in
 * rowIdFromPath) for a value from 1 to MAX_BIGINT. Kept as text: such ids pass 2^53.
 */
export const isBigintId = (text: string): boolean => /^\d{1,19}$/.test(text) && BigInt(text) > 0n && BigInt(text) <= MAX_BIGINT;

/**
 * A PostgreSQL array literal of `values` (`{"a","b"}`), for `= ANY(CAST(:values AS text[]))` with
 * one replacement however many values there are (a replacement array would become an IN list).
 */
export const textArrayLiteral = (values: readonly string[]): string =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(',')}}`;

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
