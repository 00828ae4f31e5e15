import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { Clock, containsPattern, textArrayLiteral } from '../../shared';
import { CONTENT_TIER_HOLDERS_CTE, NIL_USER_ID } from './content-tier-holders.sql';
import { ContentTier, ContentTierHolder, contentTiersSatisfying } from './entitlements.service';

export const CONTENT_TIER_HOLDER_SORTS = ['name', 'email', 'tier', 'validUntil'] as const;
export type ContentTierHolderSort = (typeof CONTENT_TIER_HOLDER_SORTS)[number];

/** Which holders, in what order, and which window of them. */
export interface ContentTierHolderSearch {
  /** Holders whose tier reads items requiring this tier (null: every holder; contentTiersSatisfying). */
  required: ContentTier | null;
  /** A part of the name or email, any case (% and _ literal). */
  search?: string;
  sort: ContentTierHolderSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  at?: Date;
}

/** Sort keys as columns of the CTE's `holders`; ties by user id in the same direction. */
const SORT_SQL: Record<ContentTierHolderSort, (direction: 'ASC' | 'DESC') => string> = {
  name: (direction) => `lower(full_name) ${direction}, full_name ${direction}`,
  email: (direction) => `lower(email) ${direction}`,
  tier: (direction) => `tier ${direction}`,
  validUntil: (direction) => `valid_until ${direction}`,
};

/**
 * The users holding a content tier, searched, sorted and windowed (the admin subscriber list;
 * issue 24 "Admin"), by the same SQL as EntitlementService.contentTierHolders, the newsletter
 * audience: trials and admin grants count, a revoked or expired subscription does not. The SQL
 * stays in this context; other contexts ask through this service.
 */
@Service()
export class ContentTierHoldersService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** One window of the matching holders, and how many match in all. */
  async search(query: ContentTierHolderSearch): Promise<{ rows: ContentTierHolder[]; count: number }> {
    const replacements: Record<string, unknown> = {
      now: query.at ?? this.clock.now(),
      heldTiers: textArrayLiteral(contentTiersSatisfying(query.required)),
      after: NIL_USER_ID,
    };
    let where = '';
    if (query.search) {
      where = 'WHERE full_name ILIKE :searchLike OR email ILIKE :searchLike';
      replacements['searchLike'] = containsPattern(query.search);
    }
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const { sequelize } = this.db;
    const [rows, [{ count }]] = await Promise.all([
      sequelize.query<ContentTierHolder>(
        `${CONTENT_TIER_HOLDERS_CTE}
         SELECT user_id AS "userId", full_name AS "name", email, tier, valid_until AS "validUntil"
         FROM holders ${where}
         ORDER BY ${SORT_SQL[query.sort](direction)}, user_id ${direction}
         LIMIT :limit OFFSET :offset`,
        { replacements: { ...replacements, limit: query.limit, offset: query.offset }, type: QueryTypes.SELECT },
      ),
      sequelize.query<{ count: number }>(`${CONTENT_TIER_HOLDERS_CTE} SELECT count(*)::int AS count FROM holders ${where}`, {
        replacements,
        type: QueryTypes.SELECT,
      }),
    ]);
    return { rows, count };
  }
}
