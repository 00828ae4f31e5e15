import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CursorQueryInvalid, readSortedCursorFields } from '../dto/cursor-query.dto';
import { CONFIG } from '../tokens';
import { CursorPage, SortedCursor, sortedCursorPage } from './cursor-page.views';
import type { KeysetRow, SortedPageQuery, SortedPosition } from './keyset';

/** A list the client sorts: `sort` one of `sorts`, `order` asc or desc. */
export interface ChoosableSortListOptions<S extends string> {
  /** Names the list inside its cursors (`channels.web`): a cursor of another list is 422. */
  list: string;
  sorts: readonly S[];
  defaultSort: S;
  defaultOrder: 'asc' | 'desc';
}

/** A list with one fixed order that takes only `cursor` and `limit` (the mobile channel list); `sort` or `order` is 422. */
export interface FixedSortListOptions<S extends string> {
  list: string;
  sort: S;
  order: 'asc' | 'desc';
}

export type SortedListOptions<S extends string> = ChoosableSortListOptions<S> | FixedSortListOptions<S>;

/** The position a cursor holds, bound to the list, sort and order it was issued for. */
interface CursorPayload {
  l: string;
  s: string;
  o: 'asc' | 'desc';
  v: string;
  i: string;
}

const TOKEN = /^([A-Za-z0-9_-]{1,900})\.([A-Za-z0-9_-]{43})$/;
const invalidCursor = (message = 'cursor is invalid') => CursorQueryInvalid([{ field: 'cursor', code: 'cursor', message }]);

/**
 * Opaque cursors of sorted lists (`cursor` / `next_cursor`): base64url JSON of { list, sort,
 * order, last value, last id } and an HMAC-SHA256 over it (key derived from JWT_SECRET), so a
 * cursor altered by a client, or used with another list, sort or order, is 422, never a page from
 * somewhere else. The position is the row's `keysetValue` / `keysetId` (sortedKeyset's `select`),
 * PostgreSQL's exact text of the sort value, never a JS Date (which drops microseconds).
 *
 *   const query = this.cursors.read(rawQuery, { list: 'channels.web', sorts: ['createdAt', 'updatedAt'], defaultSort: 'createdAt', defaultOrder: 'desc' });
 *   const page = sortedKeyset(query, { sort: SORT_COLUMNS[query.sort], id: 'c.id', type: 'timestamptz' });
 *   const rows = await select(`SELECT c.id, c.name, ${page.select} FROM channels c WHERE c.status = :status AND ${page.where}
 *     ORDER BY ${page.orderBy} LIMIT ${page.limit}`, { status, ...page.replacements });
 *   return this.cursors.page(rows, query);   // items without keysetValue / keysetId
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
    if ('sorts' in options) {
      const sort = (fields.sort ?? options.defaultSort) as S;
      if (!options.sorts.includes(sort)) {
        throw CursorQueryInvalid([{ field: 'sort', code: 'isIn', message: `sort must be one of: ${options.sorts.join(', ')}` }]);
      }
      return this.query(options.list, sort, fields.order ?? options.defaultOrder, fields);
    }
    const given = (['sort', 'order'] as const).filter((field) => fields[field] !== undefined);
    if (given.length) {
      throw CursorQueryInvalid(given.map((field) => ({ field, code: 'notAccepted', message: `This list takes only cursor and limit, not ${field}` })));
    }
    return this.query(options.list, options.sort, options.order, fields);
  }

  /** The page out of the `limit + 1` rows of sortedKeyset's query (with its `select`); the items leave the keyset columns out. */
  page<T extends KeysetRow>(rows: T[], query: SortedPageQuery): CursorPage<Omit<T, keyof KeysetRow>, SortedCursor> {
    const page = sortedCursorPage(rows, query.limit, (last) => this.encode(query, { value: last.keysetValue, id: last.keysetId }));
    return { ...page, items: page.items.map(({ keysetValue: _value, keysetId: _id, ...item }) => item) };
  }

  encode(query: Pick<SortedPageQuery, 'list' | 'sort' | 'order'>, position: SortedPosition): string {
    const payload: CursorPayload = { l: query.list, s: query.sort, o: query.order, v: position.value, i: position.id };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body).toString('base64url')}`;
  }

  decode(token: string, query: Pick<SortedPageQuery, 'list' | 'sort' | 'order'>): SortedPosition {
    const match = TOKEN.exec(token);
    const signature = match && Buffer.from(match[2], 'base64url');
    if (!match || !signature || signature.length !== 32 || !timingSafeEqual(signature, this.sign(match[1]))) throw invalidCursor();
    const payload = parse(match[1]);
    if (!payload) throw invalidCursor();
    if (payload.l !== query.list) throw invalidCursor('cursor belongs to another list');
    if (payload.s !== query.sort || payload.o !== query.order) throw invalidCursor('cursor is valid only with the sort and order it was issued for');
    return { value: payload.v, id: payload.i };
  }

  private query<S extends string>(list: string, sort: S, order: 'asc' | 'desc', fields: { cursor?: string; limit: number }) {
    const after = fields.cursor === undefined ? null : this.decode(fields.cursor, { list, sort, order });
    return { list, sort, order, after, limit: fields.limit };
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

/** Strict shape: exactly l, s, o, v, i with their types (a signed cursor always has it; this guards a leaked key's misuse). */
function parse(body: string): CursorPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { l, s, o, v, i, ...rest } = value as Record<string, unknown>;
  const valid =
    Object.keys(rest).length === 0 && typeof l === 'string' && typeof s === 'string' && (o === 'asc' || o === 'desc') &&
    typeof i === 'string' && typeof v === 'string';
  return valid ? (value as CursorPayload) : null;
}
