import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { CHANNEL_KINDS, CHANNEL_STATUSES, Database } from '@platform/db';
import type { ChannelKind, ChannelStatus } from '@platform/db';
import { CursorPage, CursorQueryInvalid, FieldProblem, KeysetRow, SortedCursor, sortedKeyset, SortedPageQuery, ListCursorsService } from '../../../shared';
import { ChannelRepository } from '../../channel.repository';
import { AdminChannelListItemView, ChannelDetailView, toChannelDetail } from './channel.views';

/** The admin channel list's sorts and cursor binding: the route takes `@CursorQuery({ by: 'cursor', ...ADMIN_CHANNEL_LIST })`. */
export const ADMIN_CHANNEL_LIST = {
  list: 'channels.admin',
  sorts: ['createdAt', 'updatedAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
} as const;
export type AdminChannelSort = (typeof ADMIN_CHANNEL_LIST.sorts)[number];

/** Sort names to columns, a fixed table (never SQL from the request). Both have an index on (column, id). */
const SORT_COLUMNS: Record<AdminChannelSort, string> = { createdAt: 'c.created_at', updatedAt: 'c.updated_at' };

/** The filters as the query string holds them: unchecked (a repeated parameter is an array). */
export interface RawChannelFilters {
  status?: unknown;
  kind?: unknown;
}

export interface AdminChannelFilters {
  status?: ChannelStatus;
  kind?: ChannelKind;
}

/**
 * Admin reads of channels (community-content-uploads.md "Channels, admin"): the full detail, and
 * the list as keyset pages (sortedKeyset + ListCursorsService: no OFFSET, an opaque cursor bound to
 * the sort and order), every status unless filtered.
 */
@Service()
export class AdminChannelsService {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
    private readonly cursors: ListCursorsService,
  ) {}

  async detail(id: number): Promise<ChannelDetailView> {
    return toChannelDetail(await this.channels.requireChannel(id));
  }

  /** `page` from @CursorQuery(ADMIN_CHANNEL_LIST); `query` holds the raw `status` and `kind` query parameters (bad ones: 422). */
  async list(page: SortedPageQuery, query: RawChannelFilters): Promise<CursorPage<AdminChannelListItemView, SortedCursor>> {
    const filters = readFilters(query);
    const keyset = sortedKeyset(page, { sort: SORT_COLUMNS[page.sort as AdminChannelSort], id: 'c.id', type: 'timestamptz' });
    const where = [keyset.where];
    if (filters.status !== undefined) where.push('c.status = :status');
    if (filters.kind !== undefined) where.push('c.kind = :kind');
    const rows = await this.db.sequelize.query<AdminChannelListItemView & KeysetRow>(
      `SELECT c.id, c.title, c.kind, c.access_policy AS "accessPolicy", c.visibility, c.status,
              c.created_at AS "createdAt", c.updated_at AS "updatedAt", ${keyset.select}
         FROM channels c
        WHERE ${where.join(' AND ')}
        ORDER BY ${keyset.orderBy}
        LIMIT ${keyset.limit}`,
      { type: QueryTypes.SELECT, replacements: { ...filters, ...keyset.replacements } },
    );
    return this.cursors.page(rows, page);
  }
}

function readFilters(query: RawChannelFilters): AdminChannelFilters {
  const problems: FieldProblem[] = [];
  const pick = <T extends string>(field: keyof RawChannelFilters, allowed: readonly T[]): T | undefined => {
    const value = query[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !allowed.includes(value as T)) {
      problems.push({ field, code: 'isIn', message: `${field} must be one of ${allowed.join(', ')}` });
      return undefined;
    }
    return value as T;
  };
  const filters = { status: pick('status', CHANNEL_STATUSES), kind: pick('kind', CHANNEL_KINDS) };
  if (problems.length) throw CursorQueryInvalid(problems);
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}
