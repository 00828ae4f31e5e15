import type { IdCursorQuery } from '../dto/cursor-query.dto';

/**
 * The WHERE condition, ORDER BY and LIMIT of a keyset page, with its own replacements (prefixed
 * `keyset`, so they do not meet the caller's). LIMIT is the page's limit + 1: the extra row only
 * says `has_more`. There is no OFFSET: with an index on the order's columns, a page deep in the
 * list is one index range scan, costing what the first page costs. Qualify the columns (`p.id`): an
 * unqualified name in ORDER BY means a select-list alias first (`id::text AS id` sorts as text and
 * reads the whole list).
 */
export interface KeysetSql {
  where: string;
  orderBy: string;
  limit: number;
  replacements: Record<string, string | number>;
}

/** The position after which a sorted page starts: the last row's exact sort value (as text) and id. */
export interface SortedPosition {
  value: string;
  id: string;
}

export interface SortedPageQuery {
  /** The list's name, signed into its cursors so another list refuses them. */
  list: string;
  sort: string;
  order: 'asc' | 'desc';
  /** null: the first page. */
  after: SortedPosition | null;
  limit: number;
}

/** The columns sortedKeyset's `select` adds to each row: the row's position, exactly as PostgreSQL holds it. */
export interface KeysetRow {
  keysetValue: string;
  keysetId: string;
}

export interface SortedKeysetSql extends KeysetSql {
  /** Select-list items (`..., ${page.select}`) giving each row's KeysetRow; ListCursorsService.page reads them. */
  select: string;
}

/**
 * How a sort column's value is written into a cursor. `timestamptz` keeps microseconds, which a JS
 * Date drops (a desc page would skip rows, an asc page repeat one), so the position is PostgreSQL's
 * own text: ISO 8601 in UTC with six decimals for timestamps, `::text` for text and numbers
 * (numeric and integers print exactly; float8 prints its shortest round-tripping digits).
 */
export type KeysetSortType = 'timestamptz' | 'text' | 'number';

/**
 * A page by id (`after_id` / `before_id`): `idColumn` is SQL the caller owns, e.g. `p.id`; it needs
 * a btree index (a primary key is one). Ids are compared as bigint, so an integer column works too.
 *
 *   const query = readIdCursorQuery(rawQuery);   // 422 UNPROCESSABLE for a bad after_id, before_id or limit
 *   const page = idKeyset(query, 'p.id');
 *   const rows = await select(`SELECT ... FROM channel_posts p WHERE p.channel_id = :channelId AND ${page.where}
 *     ORDER BY ${page.orderBy} LIMIT ${page.limit}`, { channelId, ...page.replacements });
 *   return idCursorPage(rows, query, (row) => row.id);   // the `data` of the answer
 */
export function idKeyset(query: IdCursorQuery, idColumn: string): KeysetSql {
  const limit = query.limit + 1;
  if (query.id === null) return { where: 'TRUE', orderBy: `${idColumn} DESC`, limit, replacements: {} };
  const after = query.direction === 'after';
  return {
    where: `${idColumn} ${after ? '>' : '<'} CAST(:keysetId AS bigint)`,
    orderBy: `${idColumn} ${after ? 'ASC' : 'DESC'}`,
    limit,
    replacements: { keysetId: query.id },
  };
}

/**
 * A page of a sorted list: ordered by `columns.sort` then `columns.id`, both in the query's order,
 * resuming strictly past `query.after` by one row comparison, which PostgreSQL answers from an
 * index on (sort, id). The sort column must be NOT NULL; `columns` are SQL the caller owns (map
 * the query's `sort` name to a column through a fixed table, never from the request). Select
 * `page.select` too: the cursor is made of those columns, never of a value read back into JS.
 */
export function sortedKeyset(query: SortedPageQuery, columns: { sort: string; id: string; type: KeysetSortType }): SortedKeysetSql {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = `${columns.sort} ${direction}, ${columns.id} ${direction}`;
  const exact = columns.type === 'timestamptz' ? `to_char(${columns.sort} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : `(${columns.sort})::text`;
  const select = `${exact} AS "keysetValue", (${columns.id})::text AS "keysetId"`;
  const limit = query.limit + 1;
  if (!query.after) return { select, where: 'TRUE', orderBy, limit, replacements: {} };
  const value = columns.type === 'timestamptz' ? 'CAST(:keysetValue AS timestamptz)' : ':keysetValue';
  return {
    select,
    where: `(${columns.sort}, ${columns.id}) ${query.order === 'asc' ? '>' : '<'} (${value}, :keysetId)`,
    orderBy,
    limit,
    replacements: { keysetValue: query.after.value, keysetId: query.after.id },
  };
}
