import type { CheckedAnswer } from './ask-once';
import type { BenchCheck } from './scenarios';

/**
 * What the hot-read scenarios (hot-reads.ts) must answer, judged on one response taken after the
 * group ran: a fast 200 that lists nothing (an empty page, another customer's inbox) would measure
 * a cheaper route than the one named, so a wrong answer fails the run.
 */
export type HotReadAnswer = CheckedAnswer;

/** What prepare wrote, that the answers must show. */
export interface HotReadExpectations {
  /** Published, sellable courses at least (the list may hold other groups' courses too). */
  minCourses: number;
  pageSize: number;
  detailSlug: string;
  detailTopics: number;
  notifications: number;
  unreadNotifications: number;
  subscriptionId: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const check = (name: string, ok: boolean, detail: string): BenchCheck => ({ name, ok, detail });
const statusOf = (answer: HotReadAnswer) => (answer.status === 200 ? '' : `status ${answer.status}: `);

export function storefrontListCheck(answer: HotReadAnswer, expected: HotReadExpectations): BenchCheck {
  const body = isObject(answer.body) ? answer.body : {};
  const cards = Array.isArray(body['data']) ? body['data'] : [];
  const count = typeof body['count'] === 'number' ? body['count'] : 0;
  const ok = answer.status === 200 && count >= expected.minCourses && cards.length === Math.min(count, expected.pageSize);
  return check('storefront list: a full first page of the published courses', ok, `${statusOf(answer)}${cards.length} cards of ${count}`);
}

export function storefrontDetailCheck(answer: HotReadAnswer, expected: HotReadExpectations): BenchCheck {
  const body = isObject(answer.body) ? answer.body : {};
  const course = isObject(body['data']) ? body['data'] : {};
  const topics = Array.isArray(course['topics']) ? course['topics'].length : 0;
  const ok = answer.status === 200 && course['slug'] === expected.detailSlug && topics === expected.detailTopics;
  return check('storefront detail: the course with its outline', ok, `${statusOf(answer)}slug ${String(course['slug'])}, ${topics} topics`);
}

export function notificationsCheck(answer: HotReadAnswer, expected: HotReadExpectations): BenchCheck {
  const body = isObject(answer.body) ? answer.body : {};
  const rows = Array.isArray(body['data']) ? body['data'] : [];
  const ok =
    answer.status === 200 &&
    body['count'] === expected.notifications &&
    body['unreadCount'] === expected.unreadNotifications &&
    rows.length === Math.min(expected.notifications, expected.pageSize);
  return check(
    "notifications: the first page of the customer's inbox",
    ok,
    `${statusOf(answer)}${rows.length} rows, count ${String(body['count'])}, unreadCount ${String(body['unreadCount'])}`,
  );
}

export function subscriptionAccessCheck(answer: HotReadAnswer, expected: HotReadExpectations): BenchCheck {
  const body = isObject(answer.body) ? answer.body : {};
  const rows = (Array.isArray(body['data']) ? body['data'] : []).filter(isObject);
  const [row] = rows;
  const ok = answer.status === 200 && rows.length === 1 && row['subscriptionId'] === expected.subscriptionId && row['isActive'] === true;
  return check(
    'subscription access: the live subscription, active',
    ok,
    `${statusOf(answer)}${rows.length} rows${row ? `, ${String(row['status'])}, isActive ${String(row['isActive'])}` : ''}`,
  );
}
