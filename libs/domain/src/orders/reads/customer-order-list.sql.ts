import { preparedStatement, PreparedStatement } from '@platform/db';
import type { OrderListSource } from './customer-order.views';
import type { CustomerOrderSort } from './dto/customer-order-query.dto';

/** A row of a page of the caller's orders, and `total`: how many match in all (on a page past the end, the only field of the only row). */
export type CustomerOrderListRow = OrderListSource & { itemCount: number; total: number };

const SORT_COLUMNS: Record<CustomerOrderSort, string> = { createdAt: 'created_at', updatedAt: 'updated_at' };

/**
 * One statement per page of GET /api/orders (a miss of its cache): the page, the number of matching
 * orders and each order's line count, in one round trip. The id breaks ties, so pages never overlap
 * or skip an order. A page past the end returns one row with only `total` (the LEFT JOIN).
 */
function listStatement(sort: CustomerOrderSort, direction: 'ASC' | 'DESC'): PreparedStatement {
  const column = SORT_COLUMNS[sort];
  return preparedStatement(
    `customer-order-list-${sort}-${direction.toLowerCase()}`,
    `WITH mine AS NOT MATERIALIZED (
       SELECT id, order_number, type, source, status, total_paisa, discount_paisa, created_at, updated_at
         FROM orders
        WHERE user_id = :userId AND (:status IS NULL OR status = :status)),
     page AS (
       SELECT * FROM mine ORDER BY ${column} ${direction}, id ${direction} LIMIT :limit OFFSET :offset)
     SELECT page.id, page.order_number AS "orderNumber", page.type, page.source, page.status,
            page.total_paisa AS "totalPaisa", page.discount_paisa AS "discountPaisa",
            (SELECT count(*) FROM order_items WHERE order_items.order_id = page.id)::int AS "itemCount",
            page.created_at AS "createdAt", page.updated_at AS "updatedAt",
            (SELECT count(*) FROM mine)::int AS total
       FROM (SELECT 1) AS one LEFT JOIN page ON true
      ORDER BY page.${column} ${direction}, page.id ${direction}`,
    { userId: 'uuid', status: 'text', limit: 'bigint', offset: 'bigint' },
  );
}

const STATEMENTS = new Map<string, PreparedStatement>();

export function customerOrderListStatement(sort: CustomerOrderSort, direction: 'ASC' | 'DESC'): PreparedStatement {
  const key = `${sort}:${direction}`;
  let statement = STATEMENTS.get(key);
  if (!statement) STATEMENTS.set(key, (statement = listStatement(sort, direction)));
  return statement;
}
