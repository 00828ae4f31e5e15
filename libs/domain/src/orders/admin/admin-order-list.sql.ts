import { containsPattern } from '../../shared';
import { OrderPaymentStatus, orderStatusesWithPaymentStatus } from '../reads/order-payment-status';
import type { AdminOrderSort } from './dto/admin-order-query.dto';

/** The filters of the admin order list, validated (AdminOrderQueryDto). */
export interface AdminOrderFilter {
  status?: string;
  paymentMethod?: string;
  paymentStatus?: string;
  orderType?: string;
  refundStatus?: string;
  /** Orders with (true) or without (false) a payment whose refund is owed and not yet settled. */
  refundOwed?: boolean;
  /** Trimmed; blank means no search. */
  search?: string;
}

export interface AdminOrderListWindow {
  sort: AdminOrderSort;
  order: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export interface AdminOrderSql {
  sql: string;
  replacements: Record<string, unknown>;
}

/**
 * The customer's name, email or phone matched through the trigram indexes of migration 0006
 * (users_full_name_trgm, users_email_trgm, users_phone_trgm). One SELECT per column joined by
 * UNION, not one SELECT with OR: PostgreSQL costs a GIN trigram scan high and, for the OR of
 * three, prefers a sequential scan of `users` (100 ms at 100,000 users, against 10 ms this way).
 * `= ANY (ARRAY(...))` makes the ids an InitPlan, so the OR with the order number stays a
 * BitmapOr of orders_order_number_trgm and orders_user_idx (an `IN (SELECT ...)` inside an OR
 * would be a filter evaluated on every order).
 */
const SEARCH = `(o.order_number ILIKE :pattern OR o.user_id = ANY (ARRAY(
      SELECT id FROM users WHERE full_name ILIKE :pattern
      UNION SELECT id FROM users WHERE email ILIKE :pattern
      UNION SELECT id FROM users WHERE phone ILIKE :pattern)))`;

/** A payment of order `o` whose money is owed back and not yet returned (payments_refund_owed_idx). */
const REFUND_OWED_PAYMENT = 'SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.refund_owed_at IS NOT NULL AND p.refund_settled_at IS NULL';

/** The WHERE clause over `orders o` for the filters (always valid SQL: `TRUE` without filters). */
export function adminOrderWhere(filter: AdminOrderFilter): AdminOrderSql {
  const conditions: string[] = [];
  const replacements: Record<string, unknown> = {};
  if (filter.status) {
    conditions.push('o.status = :status');
    replacements['status'] = filter.status;
  }
  if (filter.paymentStatus) {
    conditions.push('o.status IN (:paymentStatuses)');
    replacements['paymentStatuses'] = orderStatusesWithPaymentStatus(filter.paymentStatus as OrderPaymentStatus);
  }
  if (filter.paymentMethod) {
    conditions.push('o.payment_method = :paymentMethod');
    replacements['paymentMethod'] = filter.paymentMethod;
  }
  if (filter.orderType) {
    conditions.push('o.type = :orderType');
    replacements['orderType'] = filter.orderType;
  }
  if (filter.refundStatus) {
    conditions.push('o.refund_status = :refundStatus');
    replacements['refundStatus'] = filter.refundStatus;
  }
  if (filter.refundOwed !== undefined) {
    conditions.push(`${filter.refundOwed ? '' : 'NOT '}EXISTS (${REFUND_OWED_PAYMENT})`);
  }
  if (filter.search) {
    conditions.push(SEARCH);
    replacements['pattern'] = containsPattern(filter.search);
  }
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : 'TRUE', replacements };
}

/** The order columns every admin view shows, with the customer (`users u`), as camelCase aliases. */
export const ADMIN_ORDER_COLUMNS = `
  o.id, o.order_number AS "orderNumber", o.status, o.payment_method AS "paymentMethod", o.type AS "orderType",
  o.source, o.refund_status AS "refundStatus", o.mrp_total_paisa AS "mrpTotalPaisa", o.subtotal_paisa AS "subtotalPaisa",
  o.discount_paisa AS "discountPaisa", o.total_paisa AS "totalPaisa", o.gateway,
  o.created_at AS "createdAt", o.updated_at AS "updatedAt", o.paid_at AS "paidAt", o.cancelled_at AS "cancelledAt",
  u.id AS "customerId", u.full_name AS "customerFullName", u.email AS "customerEmail", u.phone AS "customerPhone",
  (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS "itemCount",
  EXISTS (${REFUND_OWED_PAYMENT}) AS "refundOwed"`;

const SORT_COLUMNS: Record<AdminOrderSort, string> = { createdAt: 'o.created_at', updatedAt: 'o.updated_at' };

/**
 * One page of the list. The sort column and the id (tie-break, so pages never overlap or skip an
 * order) run the same direction, matching orders_created_idx / orders_updated_idx (col DESC, id
 * DESC) forwards or backwards. The per-row subqueries run only for the rows returned.
 */
export function adminOrderListQuery(filter: AdminOrderFilter, window: AdminOrderListWindow): AdminOrderSql {
  const where = adminOrderWhere(filter);
  const direction = window.order === 'asc' ? 'ASC' : 'DESC';
  const replacements: Record<string, unknown> = { ...where.replacements };
  let paging = '';
  if (window.limit !== undefined) {
    paging = ' LIMIT :limit OFFSET :offset';
    replacements['limit'] = window.limit;
    replacements['offset'] = window.offset ?? 0;
  }
  return {
    sql:
      `SELECT ${ADMIN_ORDER_COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE ${where.sql} ` +
      `ORDER BY ${SORT_COLUMNS[window.sort]} ${direction}, o.id ${direction}${paging}`,
    replacements,
  };
}

/** How many orders match (orders.user_id is NOT NULL and references users, so no join is needed). */
export function adminOrderCountQuery(filter: AdminOrderFilter): AdminOrderSql {
  const where = adminOrderWhere(filter);
  return { sql: `SELECT count(*)::int AS count FROM orders o WHERE ${where.sql}`, replacements: where.replacements };
}
