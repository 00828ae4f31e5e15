import type { AdminOrdersBench } from './admin-orders';
import type { AppsUnderTest, RunningApp } from './apps';
import type { Baselines } from './baselines';
import type { CommerceFixtures } from './commerce';
import { BUY_NOW_CUSTOMERS, ORDER_COUNT, ORDER_CUSTOMERS } from './commerce';
import type { BenchActors } from './fixtures';
import {
  countHeartbeatWrites,
  HEARTBEAT_BODY_TEMPLATE,
  HEARTBEAT_CUSTOMERS,
  HEARTBEAT_LESSONS,
  HEARTBEAT_PAIRS,
  HeartbeatFixtures,
  heartbeatRateLimitSeconds,
  writeHeartbeatFixtures,
} from './heartbeat';
import type { PerRequestHeaders } from './load';
import type { MarketBench } from './market';
import type { Measurement } from './measure';
import { signedUrlsBody, SigningTargets } from './uploads';

/** One URL to load: a baseline server or a route of an app. */
export interface Target {
  name: string;
  kind: 'baseline' | 'scenario';
  /** What this target measures, for the report. */
  description: string;
  url: string;
  headers?: Record<string, string>;
  /** GET when absent. */
  method?: 'GET' | 'POST';
  body?: string;
  /** Overrides BENCH_CONNECTIONS for a CPU-bound target, where more connections only queue (and time out). */
  connections?: number;
  /** Headers that change on every request (fresh Idempotency-Keys, rotated tokens). */
  perRequest?: PerRequestHeaders;
  /** Exactly this many requests, no warm-up and no BENCH_DURATION_SECONDS: each request uses something up (a seat, a customer). */
  amount?: number;
  /** Non-2xx statuses that are answers the scenario expects (a full cohort's 409s), not failures: the group's `verify` judges them. */
  expectedStatuses?: number[];
  /** Count the answers by status and errorCode (LoadStats.answers), for the group's `verify`. */
  tallyAnswers?: boolean;
  /** Seconds without an answer before a request counts as a timeout (autocannon's default: 10). */
  timeoutSeconds?: number;
}

/** One check a group makes after it ran (e.g. "no seat oversold"); a failed one fails the run. */
export interface BenchCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** A baseline, measured right before the scenarios that are compared with it. */
export interface ScenarioGroup {
  baseline: Target;
  scenarios: Target[];
  /** Data the group needs, written right before it runs (only when BENCH_FILTER keeps it). */
  prepare?: () => Promise<void>;
  /** Lines for the log after the group ran (e.g. what its requests wrote), given its measurements. */
  summarize?: (measurements: Measurement[]) => Promise<string[]>;
  /** Checks of what the group's requests did (answers, database state), made after summarize; a failed one fails the run. */
  verify?: (measurements: Measurement[]) => Promise<BenchCheck[]>;
}

export function buildPlan(
  apps: AppsUnderTest,
  baselines: Baselines,
  actors: BenchActors,
  signing: SigningTargets,
  commerce: CommerceFixtures,
  adminOrders?: AdminOrdersBench,
  market?: MarketBench,
): ScenarioGroup[] {
  const healthz = (app: RunningApp): Target => ({
    name: `${app.name} GET /healthz`,
    kind: 'scenario',
    description: 'liveness route: the app middleware stack (logging, metrics, helmet, cors) in front of a constant body',
    url: `${app.baseUrl}/healthz`,
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const json = { 'content-type': 'application/json' };
  const signingNote = signing.driver === 's3' ? 'signed with SigV4 (S3 driver, s3rver endpoint)' : 'local driver, so URLs are /<key> and nothing is signed';
  // 100 signatures are ~45 ms of CPU per request: 10 connections saturate the process already.
  const signingConnections = 10;
  const buyNowBody = JSON.stringify({ productId: commerce.buyNowProductId, gateway: 'esewa', returnUrl: 'http://localhost:5173/orders' });

  return [
    {
      baseline: {
        name: 'baseline: bare express',
        kind: 'baseline',
        description: 'express() with one route answering the health body',
        url: baselines.bareExpressUrl,
      },
      scenarios: [
        healthz(apps.adminApi),
        healthz(apps.customerApi),
        healthz(apps.marketApi),
        healthz(apps.jobs),
        {
          name: 'admin-api GET /api/admin/auth/me',
          kind: 'scenario',
          description: 'admin JWT (passport-jwt), permission check, routing-controllers action and envelope; no database',
          url: `${apps.adminApi.baseUrl}/api/admin/auth/me`,
          headers: bearer(actors.adminToken),
        },
      ],
    },
    {
      baseline: {
        name: 'baseline: express + pg',
        kind: 'baseline',
        description: 'express() + pg.Pool(DB_POOL_MAX): SELECT id FROM users WHERE id = $1',
        url: baselines.expressPgUrl(actors.customerId),
      },
      scenarios: [
        {
          name: 'customer-api GET /api/auth/me',
          kind: 'scenario',
          description: 'customer JWT, user-exists check, user load (sequelize) and envelope',
          url: `${apps.customerApi.baseUrl}/api/auth/me`,
          headers: bearer(actors.customerToken),
        },
        {
          name: 'customer-api GET /api/cart',
          kind: 'scenario',
          description: 'customer JWT, user check, active cart with 2 course lines (products, prices, promotion state) and envelope',
          url: `${apps.customerApi.baseUrl}/api/cart`,
          headers: bearer(commerce.cartToken),
        },
        {
          name: 'customer-api GET /api/orders',
          kind: 'scenario',
          description:
            `customer JWT, user check, rate limit (Redis), first page of the customer's ${ORDER_COUNT} orders (2 lines each) and envelope; ` +
            `tokens of ${ORDER_CUSTOMERS} such customers rotated (60 lists a minute each)`,
          url: `${apps.customerApi.baseUrl}/api/orders`,
          headers: bearer(commerce.ordersTokens[0]),
          perRequest: { bearerTokens: commerce.ordersTokens },
        },
      ],
    },
    {
      baseline: {
        name: 'baseline: express + pg insert',
        kind: 'baseline',
        description: 'express.json + pg.Pool(DB_POOL_MAX): one INSERT per request keyed by a fresh Idempotency-Key',
        url: baselines.expressPgInsertUrl,
        method: 'POST',
        headers: { ...json, 'idempotency-key': 'bench-preflight' },
        body: buyNowBody,
        perRequest: { idempotencyKey: true },
      },
      scenarios: [
        {
          name: 'customer-api POST /api/orders/buy-now (esewa)',
          kind: 'scenario',
          description:
            `customer JWT, user check, rate limit (Redis), idempotency key, order + line + payment in one transaction, signed eSewa form, ` +
            `ORDER_PLACED job; a fresh Idempotency-Key per request, tokens of ${BUY_NOW_CUSTOMERS} customers rotated (10 buy-nows a minute each)`,
          url: `${apps.customerApi.baseUrl}/api/orders/buy-now`,
          method: 'POST',
          headers: { ...bearer(commerce.buyNowTokens[0]), ...json, 'idempotency-key': 'bench-preflight' },
          body: buyNowBody,
          perRequest: { idempotencyKey: true, bearerTokens: commerce.buyNowTokens },
        },
      ],
    },
    {
      baseline: {
        name: `baseline: express + presigner (${signing.driver})`,
        kind: 'baseline',
        description: `express.json and one presigned GET per key with the AWS SDK, answered as a JSON map: 100 private keys, ${signingNote}, ${signingConnections} connections`,
        url: signing.baselineUrl,
        method: 'POST',
        headers: json,
        body: signedUrlsBody(signing.keys),
        connections: signingConnections,
      },
      scenarios: [
        {
          name: `${signing.adminApi.name} POST /api/upload/signed-urls`,
          kind: 'scenario',
          description: `admin JWT, body validation (100 keys), key normalization, URL resolution and envelope: 100 private keys, ${signingNote}, ${signingConnections} connections`,
          url: `${signing.adminApi.baseUrl}/api/upload/signed-urls`,
          method: 'POST',
          headers: { ...bearer(actors.adminToken), ...json },
          body: signedUrlsBody(signing.keys),
          connections: signingConnections,
        },
      ],
    },
    heartbeatGroup(apps.customerApi, baselines),
    ...(adminOrders?.groups ?? []),
    ...(market?.groups ?? []),
  ];
}

/**
 * Issue 8: video heartbeats against bare Express + pg doing one INSERT and one UPDATE. Both
 * targets rotate the same (customer, lesson) pairs with the same advancing bodies; their URLs,
 * tokens and paths exist only once `prepare` wrote the fixtures, so it fills them in (the
 * pre-flight request of each target uses a customer outside the rotation).
 */
function heartbeatGroup(customerApi: RunningApp, baselines: Baselines): ScenarioGroup {
  const json = { 'content-type': 'application/json' };
  const preflightBody = JSON.stringify({ watchPosition: 1, totalWatchedSeconds: 1 });
  const rotation =
    `${HEARTBEAT_CUSTOMERS.toLocaleString('en')} customers x ${HEARTBEAT_LESSONS} lessons rotated together ` +
    `(each of the ${HEARTBEAT_PAIRS.toLocaleString('en')} pairs once per ${HEARTBEAT_PAIRS.toLocaleString('en')} requests), ` +
    'position and watched total one higher on each visit of a pair, progress rows existing (a resumed lesson)';
  const baseline: Target = {
    name: 'baseline: express + pg insert+update',
    kind: 'baseline',
    description:
      'express.json + pg.Pool(DB_POOL_MAX): one INSERT into a table shaped like watch_events (not partitioned), then one ' +
      `UPDATE ... SET watch_position = GREATEST(...) of the (user, lesson) progress row, two statements; user id = the bearer value, unverified; ${rotation}`,
    url: baselines.expressPgHeartbeatUrl(0, 0),
    method: 'POST',
  };
  const scenario: Target = {
    name: 'customer-api POST /api/courses/:courseId/lessons/:lessonId/heartbeat',
    kind: 'scenario',
    description:
      'rate limit per customer and lesson (Redis), customer JWT, body validation, one SQL statement (user, access and lesson ' +
      `checks, course_progress upsert, watch_events insert into the monthly partition) and envelope; ${rotation}`,
    url: `${customerApi.baseUrl}/api/courses/0/lessons/0/heartbeat`,
    method: 'POST',
  };
  let fixtures: HeartbeatFixtures | undefined;
  const container = customerApi.app.container;

  return {
    baseline,
    scenarios: [scenario],
    prepare: async () => {
      fixtures ??= await writeHeartbeatFixtures(container);
      const { courseId, lessonIds, customerIds, customerTokens, preflight } = fixtures;
      const appPath = (lessonId: number) => `/api/courses/${courseId}/lessons/${lessonId}/heartbeat`;
      const baselinePath = (lessonId: number) => new URL(baselines.expressPgHeartbeatUrl(courseId, lessonId)).pathname;
      Object.assign(baseline, {
        url: baselines.expressPgHeartbeatUrl(courseId, preflight.lessonId),
        headers: { ...json, authorization: `Bearer ${preflight.customerId}` },
        body: preflightBody,
        perRequest: { bearerTokens: customerIds, paths: lessonIds.map(baselinePath), crossTokensAndPaths: true, bodyTemplate: HEARTBEAT_BODY_TEMPLATE },
      } satisfies Partial<Target>);
      Object.assign(scenario, {
        url: `${customerApi.baseUrl}${appPath(preflight.lessonId)}`,
        headers: { ...json, authorization: `Bearer ${preflight.token}` },
        body: preflightBody,
        perRequest: { bearerTokens: customerTokens, paths: lessonIds.map(appPath), crossTokensAndPaths: true, bodyTemplate: HEARTBEAT_BODY_TEMPLATE },
      } satisfies Partial<Target>);
    },
    summarize: async (measurements) => {
      if (!fixtures) return [];
      const writes = await countHeartbeatWrites(container, fixtures);
      const lines = [
        `heartbeat writes: app ${writes.watchEvents} watch_events, ${writes.progressAdvanced} course_progress rows advanced ` +
          `(highest position ${writes.maxPosition}); baseline ${writes.baselineEvents} events, ` +
          `${writes.baselineProgressAdvanced} progress rows advanced (highest position ${writes.baselineMaxPosition})`,
      ];
      for (const { target, outcome } of measurements) {
        const rps = outcome?.measured.requestsPerSecond;
        if (!outcome || !rps) continue;
        const sent = outcome.warmup.totalRequests + outcome.measured.totalRequests;
        const every = `every ${(HEARTBEAT_PAIRS / rps).toFixed(1)} s at ${Math.round(rps)} req/s`;
        lines.push(
          `${target.name}: ${sent} requests (warm-up + measured) over ${HEARTBEAT_PAIRS} pairs; ` +
            (sent > HEARTBEAT_PAIRS ? `each pair came back ${every}` : `no pair came back (it would ${every})`),
        );
        const limit = heartbeatRateLimitSeconds(container);
        if (target.kind === 'scenario' && HEARTBEAT_PAIRS / rps < limit) {
          lines.push(`  faster than the rate limit allows (a pair once per ${limit} s): 429s are the bench's, raise HEARTBEAT_CUSTOMERS`);
        }
      }
      return lines;
    },
  };
}

/**
 * Keeps the scenarios whose name contains `filter` (case-insensitive; several texts separated by
 * commas: any of them), each group with its baseline.
 */
export function filterPlan(plan: ScenarioGroup[], filter: string | undefined): ScenarioGroup[] {
  const wanted = (filter ?? '').split(',').map((text) => text.trim().toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return plan;
  return plan
    .map((group) => ({ ...group, scenarios: group.scenarios.filter((s) => wanted.some((text) => s.name.toLowerCase().includes(text))) }))
    .filter((group) => group.scenarios.length > 0);
}
