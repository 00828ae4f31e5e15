import { containsPattern } from '../../shared';
import { effectiveStatusCondition, SubscriptionStatus } from '../subscription-status';
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_FROM } from '../views';
import type { AdminSubscriptionSort } from './dto/admin-subscription-query.dto';

export interface AdminSubscriptionFilter {
  userId?: string;
  moduleId?: string;
  planId?: string;
  source?: string;
  /** The effective status at `now`. */
  status?: SubscriptionStatus;
  /** Trimmed; blank means no search. */
  search?: string;
}

export interface SqlQuery {
  sql: string;
  replacements: Record<string, unknown>;
}

/**
 * The user's email or full name through the trigram indexes of migration 0006, one SELECT per
 * column joined by UNION and made an InitPlan by `= ANY (ARRAY(...))` (as the admin order search).
 */
const SEARCH = `s.user_id = ANY (ARRAY(
    SELECT id FROM users WHERE full_name ILIKE :pattern
    UNION SELECT id FROM users WHERE email ILIKE :pattern))`;

const SORT_COLUMNS: Record<AdminSubscriptionSort, string> = {
  createdAt: 's.created_at',
  startDate: 's.starts_at',
  endDate: 's.ends_at',
};

/** The WHERE clause over `subscriptions s` (TRUE without filters); `:now` is always bound. */
export function adminSubscriptionWhere(filter: AdminSubscriptionFilter, now: Date): SqlQuery {
  const conditions: string[] = [];
  const replacements: Record<string, unknown> = { now };
  for (const [key, column] of [
    ['userId', 's.user_id'],
    ['moduleId', 's.module_id'],
    ['planId', 's.plan_id'],
    ['source', 's.source'],
  ] as const) {
    if (filter[key] === undefined) continue;
    conditions.push(`${column} = :${key}`);
    replacements[key] = filter[key];
  }
  if (filter.status) conditions.push(effectiveStatusCondition(filter.status));
  if (filter.search) {
    conditions.push(SEARCH);
    replacements['pattern'] = containsPattern(filter.search);
  }
  return { sql: conditions.length ? conditions.join(' AND ') : 'TRUE', replacements };
}

/**
 * One page of rows with their user. Windowless rows (pending_payment, payment_failed) sort last
 * by startDate or endDate in either order; ties are broken by id in the same direction.
 */
export function adminSubscriptionPageQuery(
  where: SqlQuery,
  window: { sort: AdminSubscriptionSort; order: 'asc' | 'desc'; limit?: number; offset?: number },
): SqlQuery {
  const direction = window.order === 'asc' ? 'ASC' : 'DESC';
  const paging = window.limit === undefined ? '' : 'LIMIT :limit OFFSET :offset';
  return {
    sql: `SELECT ${SUBSCRIPTION_COLUMNS}, u.email AS "userEmail", u.full_name AS "userFullName"
      FROM ${SUBSCRIPTION_FROM} JOIN users u ON u.id = s.user_id
      WHERE ${where.sql}
      ORDER BY ${SORT_COLUMNS[window.sort]} ${direction} NULLS LAST, s.id ${direction}
      ${paging}`,
    replacements: { ...where.replacements, limit: window.limit, offset: window.offset ?? 0 },
  };
}

export function adminSubscriptionCountQuery(where: SqlQuery): SqlQuery {
  return { sql: `SELECT count(*)::int AS count FROM subscriptions s WHERE ${where.sql}`, replacements: where.replacements };
}
