import { preparedStatement, PreparedStatement } from '@platform/db';
import { NOTIFICATION_COLUMNS } from './notification.views';

/**
 * One statement per page of GET /api/notifications: the page, how many match in all, and how many
 * of the caller's notifications are unread, in one round trip. The id breaks ties. A page past the
 * end returns one row with only the counts (the LEFT JOIN). `mine` is not materialised, so the page
 * and the count are each planned on their own (the page can stop early).
 */
function listStatement(direction: 'ASC' | 'DESC'): PreparedStatement {
  return preparedStatement(
    `customer-notification-list-${direction.toLowerCase()}`,
    `WITH mine AS NOT MATERIALIZED (
       SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE user_id = :userId AND (NOT :unreadOnly OR read_at IS NULL)),
     page AS (
       SELECT * FROM mine ORDER BY "createdAt" ${direction}, id ${direction} LIMIT :limit OFFSET :offset)
     SELECT page.*,
            (SELECT count(*) FROM mine)::int AS total,
            (SELECT count(*) FROM notifications WHERE user_id = :userId AND read_at IS NULL)::int AS unread
       FROM (SELECT 1) AS one LEFT JOIN page ON true
      ORDER BY page."createdAt" ${direction}, page.id ${direction}`,
    { userId: 'uuid', unreadOnly: 'boolean', limit: 'bigint', offset: 'bigint' },
  );
}

export const CUSTOMER_NOTIFICATION_LIST = { ASC: listStatement('ASC'), DESC: listStatement('DESC') } as const;
