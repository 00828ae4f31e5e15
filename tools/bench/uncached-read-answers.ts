import type { CheckedAnswer } from './ask-once';
import { isDeepStrictEqual } from 'node:util';
import type { BenchCheck } from './scenarios';

/**
 * What the "cache disabled" scenarios (uncached-reads.ts) must answer, judged on one response of
 * the app and one of its baseline taken after the group ran: the app's page must be full, and the
 * baseline's SQL must build the very same answer, or the two would not be doing comparable work.
 */
export type PageReadAnswer = CheckedAnswer;

/** What the group's customers hold. */
export interface PageReadExpectations {
  orders: number;
  ordersPageSize: number;
  linesPerOrder: number;
  cartLines: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const statusOf = (answer: PageReadAnswer) => (answer.status === 200 ? '' : `status ${answer.status}: `);
const dataOf = (answer: PageReadAnswer): unknown => (isObject(answer.body) ? answer.body['data'] : undefined);

/** The fields of an order list item (OrderListItemView), in the order the app writes them. */
const ORDER_LIST_ITEM_FIELDS = [
  'id',
  'orderNumber',
  'type',
  'source',
  'status',
  'paymentStatus',
  'orderTotalPaisa',
  'discountPaisa',
  'itemCount',
  'createdAt',
  'updatedAt',
];

export function uncachedOrdersCheck(answer: PageReadAnswer, expected: PageReadExpectations): BenchCheck {
  const data = dataOf(answer);
  const rows = Array.isArray(data) ? data : [];
  const count = isObject(answer.body) ? answer.body['count'] : undefined;
  const wellFormed = rows.filter(
    (row) => isObject(row) && isDeepStrictEqual(Object.keys(row), ORDER_LIST_ITEM_FIELDS) && row['itemCount'] === expected.linesPerOrder,
  );
  const ok = answer.status === 200 && rows.length === expected.ordersPageSize && wellFormed.length === rows.length && count === expected.orders;
  return {
    name: "orders (cache disabled): a full first page of the customer's orders",
    ok,
    detail: `${statusOf(answer)}${rows.length} orders (${wellFormed.length} list items with ${expected.linesPerOrder} lines), count ${String(count)}`,
  };
}

export function uncachedCartCheck(answer: PageReadAnswer, expected: PageReadExpectations): BenchCheck {
  const data = dataOf(answer);
  const items = isObject(data) && Array.isArray(data['items']) ? data['items'] : [];
  const ok = answer.status === 200 && items.length === expected.cartLines;
  return { name: "cart (cache disabled): the customer's cart with its lines", ok, detail: `${statusOf(answer)}${items.length} lines` };
}

/** The baseline's SQL builds the same answer as the app (same rows, same values; key order aside). */
export function sameAnswerCheck(what: string, app: PageReadAnswer, baseline: PageReadAnswer): BenchCheck {
  const ok = app.status === 200 && baseline.status === 200 && isDeepStrictEqual(app.body, baseline.body);
  const detail = ok ? 'equal bodies' : `app ${app.status}, baseline ${baseline.status}${app.status === baseline.status ? ', bodies differ' : ''}`;
  return { name: `${what} (cache disabled): the baseline answers what the app answers`, ok, detail };
}

/** Views the uncached app would have cached, had the real VersionedCaches served it. */
export function noCachedViewsCheck(what: string, keys: string[]): BenchCheck {
  return {
    name: `${what} (cache disabled): the app cached no view`,
    ok: keys.length === 0,
    detail: keys.length === 0 ? 'no view keys in Redis' : `${keys.length} view keys, e.g. ${keys[0]}`,
  };
}
