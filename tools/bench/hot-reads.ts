import { askOnce } from './ask-once';
import { randomUUID } from 'node:crypto';
import { Database, UserModel } from '@platform/db';
import { AccessTokenService } from '@platform/domain';
import { createCourse, createSubscription, createSubscriptionCatalog } from '@platform/testing';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import type { BenchActors } from './fixtures';
import {
  HotReadExpectations,
  notificationsCheck,
  storefrontDetailCheck,
  storefrontListCheck,
  subscriptionAccessCheck,
} from './hot-read-answers';
import type { ScenarioGroup, Target } from './scenarios';

/**
 * Issue 25 ("Also"): the reads the spec makes hot, each beside express + pg (one indexed lookup):
 * the storefront course list and course page (public), a customer's notifications list, and
 * `GET /api/subscriptions/access` (the entitlement check gated reads use). Each group writes its
 * rows in `prepare` (only when BENCH_FILTER keeps it) and, after its run, asks each scenario once
 * and checks the answer holds what prepare wrote (hot-read-answers.ts): a failed check fails the run.
 */
export const STOREFRONT_COURSES = 24;
/** Topics (of 3 lessons each) of every storefront course; the course page lists the topics. */
export const STOREFRONT_TOPICS = 2;
export const NOTIFICATIONS_PER_CUSTOMER = 50;
/** 300 notification reads a minute each (NOTIFICATION_READS): 200 customers allow 60,000 a minute. */
export const NOTIFICATION_CUSTOMERS = 200;
const PAGE_SIZE = 20;
const TOKEN_TTL_SECONDS = 3_600;
const DAY_MS = 86_400_000;

export interface HotReadsBench {
  groups: ScenarioGroup[];
}

export function startHotReadsBench(customerApi: RunningApp, baselines: Baselines, actors: BenchActors): HotReadsBench {
  const container = customerApi.app.container;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const baseline = (topic: string): Target => ({
    name: `baseline: express + pg (${topic})`,
    kind: 'baseline',
    description: 'express() + pg.Pool(DB_POOL_MAX): SELECT id FROM users WHERE id = $1 (one indexed lookup)',
    url: baselines.expressPgUrl(actors.customerId),
  });
  const expected: HotReadExpectations = {
    minCourses: STOREFRONT_COURSES,
    pageSize: PAGE_SIZE,
    detailSlug: '',
    detailTopics: STOREFRONT_TOPICS,
    notifications: NOTIFICATIONS_PER_CUSTOMER,
    unreadNotifications: NOTIFICATIONS_PER_CUSTOMER / 2,
    subscriptionId: '',
  };

  const courseList: Target = {
    name: 'customer-api GET /api/courses (storefront list)',
    kind: 'scenario',
    description:
      `public, no token: first page (${PAGE_SIZE}) of the published, sellable courses (${STOREFRONT_COURSES} written for the bench, ` +
      'plus any other group wrote), count, lesson totals per course and list envelope; cached in Redis (catalog:storefront-courses), so mostly hits',
    url: `${customerApi.baseUrl}/api/courses`,
  };
  const courseDetail: Target = {
    name: 'customer-api GET /api/courses/:slug (storefront detail)',
    kind: 'scenario',
    description: `public, no token: slug resolution, course + product + ${STOREFRONT_TOPICS} topics, lesson totals and envelope; cached in Redis (catalog:storefront-courses), so mostly hits`,
    url: `${customerApi.baseUrl}/api/courses/unset`,
  };
  let courses: Promise<string> | undefined;
  const storefront: ScenarioGroup = {
    baseline: baseline('storefront'),
    scenarios: [courseList, courseDetail],
    prepare: async () => {
      courses ??= writeStorefrontCourses();
      expected.detailSlug = await courses;
      Object.assign(courseDetail, { url: `${customerApi.baseUrl}/api/courses/${expected.detailSlug}` } satisfies Partial<Target>);
    },
    verify: async () => {
      if (!courses) return [];
      return [storefrontListCheck(await ask(courseList), expected), storefrontDetailCheck(await ask(courseDetail), expected)];
    },
  };

  const notificationList: Target = {
    name: 'customer-api GET /api/notifications',
    kind: 'scenario',
    description:
      `customer JWT, user check, rate limit (Redis), first page (${PAGE_SIZE}) of the customer's ${NOTIFICATIONS_PER_CUSTOMER} notifications ` +
      `(half unread), count, unread count and list envelope; tokens of ${NOTIFICATION_CUSTOMERS} such customers rotated (300 reads a minute each)`,
    url: `${customerApi.baseUrl}/api/notifications`,
    headers: bearer(actors.customerToken),
  };
  let inboxes: Promise<string[]> | undefined;
  const notifications: ScenarioGroup = {
    baseline: baseline('notifications'),
    scenarios: [notificationList],
    prepare: async () => {
      inboxes ??= writeInboxes();
      // The bench customer answers the pre-flight request and the check; the rotated customers carry the load.
      Object.assign(notificationList, { perRequest: { bearerTokens: await inboxes } } satisfies Partial<Target>);
    },
    verify: async () => (inboxes ? [notificationsCheck(await ask(notificationList), expected)] : []),
  };

  const access: Target = {
    name: 'customer-api GET /api/subscriptions/access',
    kind: 'scenario',
    description: "customer JWT, user check, the customer's non-revoked trial and active subscriptions (one live) with module and plan, and envelope",
    url: `${customerApi.baseUrl}/api/subscriptions/access`,
    headers: bearer(actors.customerToken),
  };
  let subscription: Promise<string> | undefined;
  const subscriptionAccess: ScenarioGroup = {
    baseline: baseline('subscription access'),
    scenarios: [access],
    prepare: async () => {
      subscription ??= writeLiveSubscription(actors.customerId);
      expected.subscriptionId = await subscription;
    },
    verify: async () => (subscription ? [subscriptionAccessCheck(await ask(access), expected)] : []),
  };

  /** The bench customer and NOTIFICATION_CUSTOMERS bare `users` rows, NOTIFICATIONS_PER_CUSTOMER each; the rotated customers' tokens. */
  const writeInboxes = async (): Promise<string[]> => {
    const users = await UserModel.bulkCreate(
      Array.from({ length: NOTIFICATION_CUSTOMERS }, (_, n) => ({
        id: randomUUID(),
        email: `bench-notifications-${n}@example.com`,
        passwordHash: 'not-a-hash: these customers never log in',
        fullName: `Bench Notifications ${n}`,
      })),
    );
    await writeNotifications(container.get(Database), [actors.customerId, ...users.map((user) => user.id)]);
    const tokens = container.get(AccessTokenService);
    return users.map((user) => tokens.sign({ kind: 'customer', id: user.id }, TOKEN_TTL_SECONDS));
  };

  return { groups: [storefront, notifications, subscriptionAccess] };
}

/** STOREFRONT_COURSES published, sellable courses; the slug of the last one (the course page's target). */
async function writeStorefrontCourses(): Promise<string> {
  let slug = '';
  for (let n = 0; n < STOREFRONT_COURSES; n++) {
    const { product } = await createCourse({ title: `Bench storefront course ${n + 1}`, lessonsPerTopic: Array(STOREFRONT_TOPICS).fill(3) });
    slug = product.slug;
  }
  return slug;
}

/**
 * NOTIFICATIONS_PER_CUSTOMER in-app notifications per customer, as the deliver job writes them (one
 * outbox event each, already processed so the jobs app leaves them alone), a minute apart, every
 * second one read. One statement.
 */
async function writeNotifications(db: Database, userIds: string[]): Promise<void> {
  await db.sequelize.query(
    `WITH events AS (
       INSERT INTO notification_events (event, audience, user_id, payload, dedupe_key, created_at, dispatched_at, processed_at)
       SELECT 'ORDER_CANCELLED', 'customer', u.id,
              jsonb_build_object('orderId', n, 'orderNumber', 'BENCH-' || n, 'cancelledBy', 'admin', 'reason', null),
              'ORDER_CANCELLED:bench:' || u.id || ':' || n, at, at, at
       FROM unnest(ARRAY[:userIds]::uuid[]) AS u(id), generate_series(1, :count) AS g(n),
       LATERAL (SELECT now() - n * interval '1 minute' AS at) AS t
       RETURNING id, user_id, payload, created_at)
     INSERT INTO notifications (user_id, event_id, type, title, body, data, read_at, created_at)
     SELECT user_id, id, 'ORDER_CANCELLED', 'Order cancelled', 'Order ' || (payload->>'orderNumber') || ' was cancelled by our team.', payload,
            CASE WHEN (payload->>'orderId')::int % 2 = 0 THEN created_at + interval '30 seconds' END, created_at
     FROM events`,
    { replacements: { userIds, count: NOTIFICATIONS_PER_CUSTOMER } },
  );
}

/** A subscription catalog and one admin-granted subscription of the customer, live from yesterday for 30 days; its id. */
async function writeLiveSubscription(userId: string): Promise<string> {
  const catalog = await createSubscriptionCatalog();
  const now = Date.now();
  const row = await createSubscription(
    userId,
    { planId: catalog.basic.plan.id, moduleId: catalog.module.id },
    { startsAt: new Date(now - DAY_MS), endsAt: new Date(now + 30 * DAY_MS) },
  );
  return row.id;
}

/** One request with the target's own headers (the pre-flight customer's token), after its run. */
const ask = (target: Target) => askOnce(target.url, target.headers);
