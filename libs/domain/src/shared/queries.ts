/** PostgreSQL `integer` (serial) upper bound. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * Whether `id` can name a serial row. Ids outside the integer range would make PostgreSQL raise
 * (a 500); callers answer "not found" instead.
 */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;

/** An ILIKE pattern matching `text` anywhere, with LIKE wildcards in `text` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
