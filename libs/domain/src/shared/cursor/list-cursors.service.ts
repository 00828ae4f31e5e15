import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CursorQueryInvalid, readSortedCursorFields } from '../dto/cursor-query.dto';
import { CONFIG } from '../tokens';
import { CursorPage, SortedCursor, sortedCursorPage } from './cursor-page.views';
import type { SortedPageQuery, SortedPosition } from './keyset';

export interface SortedListOptions<S extends string> {
  sorts: readonly S[];
  defaultSort: S;
  defaultOrder: 'asc' | 'desc';
}

/** The position a cursor holds, bound to the sort and order it was issued for. */
interface CursorPayload {
  s: string;
  o: 'asc' | 'desc';
  v: string | number;
  i: string;
}

const TOKEN = /^([A-Za-z0-9_-]{1,900})\.([A-Za-z0-9_-]{43})$/;
const invalidCursor = (message = 'cursor is invalid') => CursorQueryInvalid([{ field: 'cursor', code: 'cursor', message }]);

/**
 * Opaque cursors of sorted lists (`cursor` / `next_cursor`): base64url JSON of { sort, order, last
 * value, last id } and an HMAC-SHA256 over it (key derived from JWT_SECRET), so a cursor altered by
 * a client, or used with another sort or order, is 422, never a page from somewhere else.
 *
 *   const query = this.cursors.read(rawQuery, { sorts: ['createdAt', 'updatedAt'], defaultSort: 'createdAt', defaultOrder: 'desc' });
 *   const page = sortedKeyset(query, { sort: SORT_COLUMNS[query.sort], id: 'c.id' });
 *   const rows = await select(`SELECT ... WHERE c.status = :status AND ${page.where} ORDER BY ${page.orderBy} LIMIT ${page.limit}`,
 *     { status, ...page.replacements });
 *   return this.cursors.page(rows, query, (row) => ({ value: row.createdAt.toISOString(), id: String(row.id) }));
 */
@Service()
export class ListCursorsService {
  private readonly key: Buffer;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.auth.jwtSecret).update('list-cursor/v1').digest();
  }

  /** `sort`, `order`, `cursor`, `limit` of a query string; anything wrong (or a foreign cursor) is 422. */
  read<S extends string>(query: Record<string, unknown>, options: SortedListOptions<S>): SortedPageQuery & { sort: S } {
    const fields = readSortedCursorFields(query);
    const sort = (fields.sort ?? options.defaultSort) as S;
    if (!options.sorts.includes(sort)) {
      throw CursorQueryInvalid([{ field: 'sort', code: 'isIn', message: `sort must be one of: ${options.sorts.join(', ')}` }]);
    }
    const order = fields.order ?? options.defaultOrder;
    return { sort, order, after: fields.cursor === undefined ? null : this.decode(fields.cursor, sort, order), limit: fields.limit };
  }

  /** The page out of the `limit + 1` rows of sortedKeyset's query; `positionOf` gives a row's sort value (as stored) and id. */
  page<T>(rows: T[], query: SortedPageQuery, positionOf: (row: T) => SortedPosition): CursorPage<T, SortedCursor> {
    return sortedCursorPage(rows, query.limit, (last) => this.encode(query, positionOf(last)));
  }

  encode(query: Pick<SortedPageQuery, 'sort' | 'order'>, position: SortedPosition): string {
    const payload: CursorPayload = { s: query.sort, o: query.order, v: position.value, i: position.id };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body).toString('base64url')}`;
  }

  decode(token: string, sort: string, order: 'asc' | 'desc'): SortedPosition {
    const match = TOKEN.exec(token);
    const signature = match && Buffer.from(match[2], 'base64url');
    if (!match || !signature || signature.length !== 32 || !timingSafeEqual(signature, this.sign(match[1]))) throw invalidCursor();
    const payload = parse(match[1]);
    if (!payload) throw invalidCursor();
    if (payload.s !== sort || payload.o !== order) throw invalidCursor('cursor is valid only with the sort and order it was issued for');
    return { value: payload.v, id: payload.i };
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

/** Strict shape: exactly s, o, v, i with their types (a signed cursor always has it; this guards a leaked key's misuse). */
function parse(body: string): CursorPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { s, o, v, i, ...rest } = value as Record<string, unknown>;
  const valid =
    Object.keys(rest).length === 0 && typeof s === 'string' && (o === 'asc' || o === 'desc') && typeof i === 'string' &&
    (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
  return valid ? (value as CursorPayload) : null;
}
