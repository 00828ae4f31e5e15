import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { Database } from '@platform/db';
import { AccessTokenService, CONFIG } from '@platform/domain';
import { createCourse } from '@platform/testing';

/**
 * Video heartbeats allow one request per HEARTBEAT_RATE_LIMIT_SECONDS (default 8) per customer
 * AND lesson. The load rotates every (customer, lesson) pair of HEARTBEAT_CUSTOMERS customers with
 * lifetime access to one course of HEARTBEAT_LESSONS lessons (load.ts crossTokensAndPaths): a pair
 * comes back once every HEARTBEAT_PAIRS requests, i.e. after 8 s or more below 4,000 heartbeats
 * a second (2 cores answer about 1,000, the bare baseline about 2,500), so the limiter is consulted
 * on every request but never refuses one. A run long enough to wrap around (BENCH_DURATION_SECONDS
 * above ~30 here) sends each pair a higher position on each visit (`{{turn}}`), so it still writes.
 */
export const HEARTBEAT_CUSTOMERS = 2_000;
export const HEARTBEAT_LESSONS = 16;
export const HEARTBEAT_PAIRS = HEARTBEAT_CUSTOMERS * HEARTBEAT_LESSONS;
/** A body per request: the position and watched total grow by one second on each visit of a pair, so every heartbeat writes. */
export const HEARTBEAT_BODY_TEMPLATE = '{"watchPosition":{{turn}},"totalWatchedSeconds":{{turn}}}';
const TOKEN_TTL_SECONDS = 3_600;

export interface HeartbeatFixtures {
  courseId: number;
  /** The rotated lessons. */
  lessonIds: number[];
  /** The rotated customers, ids and signed access tokens in the same order. */
  customerIds: string[];
  customerTokens: string[];
  /** A customer outside the rotation, for the pre-flight request (which spends a rate-limit point of its pair). */
  preflight: { customerId: string; token: string; lessonId: number };
}

export interface HeartbeatWrites {
  /** watch_events rows of the bench course's lessons (one per processed heartbeat). */
  watchEvents: number;
  /** course_progress rows (of HEARTBEAT_PAIRS + the pre-flight customer's) whose position moved. */
  progressAdvanced: number;
  /** The highest position stored: above 1 once the rotation went round and the pairs' second visits wrote. */
  maxPosition: number;
  /** The same three in the baseline's tables. */
  baselineEvents: number;
  baselineProgressAdvanced: number;
  baselineMaxPosition: number;
}

/**
 * Writes the heartbeat fixtures (once; call it from the group's `prepare`): a course of
 * HEARTBEAT_LESSONS enabled lessons with videos, HEARTBEAT_CUSTOMERS + 1 customers (bare `users`
 * rows, tokens signed directly) with lifetime access to it, and a progress row per (customer,
 * lesson) at position 0 in course_progress and in the baseline's bench_baseline_progress: a
 * player resuming a lesson, so the app's upsert takes its UPDATE branch and the baseline's UPDATE
 * finds its row.
 */
export async function writeHeartbeatFixtures(container: ContainerInstance): Promise<HeartbeatFixtures> {
  const started = Date.now();
  const { sequelize } = container.get(Database);
  const tokens = container.get(AccessTokenService);
  const { course, product, topics } = await createCourse({ title: 'Bench heartbeat course', lessonsPerTopic: [HEARTBEAT_LESSONS] });
  const lessonIds = topics[0].lessons.map((lesson) => lesson.id);
  const ids = Array.from({ length: HEARTBEAT_CUSTOMERS + 1 }, () => randomUUID());

  const run = (sql: string, bind: unknown[] = []) => sequelize.query(sql, { bind, type: QueryTypes.RAW });
  await run(
    `INSERT INTO users (id, email, password_hash, full_name)
     SELECT id, 'bench-heartbeat-' || n || '@example.com', 'not-a-hash: these customers never log in', 'Bench Heartbeat ' || n
       FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)`,
    [ids],
  );
  await run(
    `INSERT INTO product_access (user_id, product_id, granted_by_admin_id, access_type)
     SELECT id, $2::int, 'bench-admin', 'lifetime' FROM unnest($1::uuid[]) AS u(id)`,
    [ids, product.id],
  );
  await run(
    `INSERT INTO course_progress (user_id, lesson_id, course_id)
     SELECT u.id, l.id, $3::int FROM unnest($1::uuid[]) AS u(id) CROSS JOIN unnest($2::int[]) AS l(id)`,
    [ids, lessonIds, course.id],
  );
  await run(
    `INSERT INTO bench_baseline_progress (user_id, lesson_id)
     SELECT user_id, lesson_id FROM course_progress WHERE course_id = $1::int`,
    [course.id],
  );
  await run('VACUUM ANALYZE users, product_access, lessons, course_progress, bench_baseline_progress');
  process.stderr.write(
    `  heartbeat fixtures: ${ids.length.toLocaleString('en')} customers x ${lessonIds.length} lessons in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const sign = (id: string) => tokens.sign({ kind: 'customer', id }, TOKEN_TTL_SECONDS);
  const customerIds = ids.slice(0, HEARTBEAT_CUSTOMERS);
  const preflightId = ids[HEARTBEAT_CUSTOMERS];
  return {
    courseId: course.id,
    lessonIds,
    customerIds,
    customerTokens: customerIds.map(sign),
    preflight: { customerId: preflightId, token: sign(preflightId), lessonId: lessonIds[0] },
  };
}

/** HEARTBEAT_RATE_LIMIT_SECONDS of the app under test: a pair must not come back sooner. */
export function heartbeatRateLimitSeconds(container: ContainerInstance): number {
  return container.get(CONFIG).limits.heartbeatRateLimitSeconds;
}

/** What the heartbeats wrote (both targets), to check that they wrote at all. */
export async function countHeartbeatWrites(container: ContainerInstance, fixtures: HeartbeatFixtures): Promise<HeartbeatWrites> {
  const [row] = await container.get(Database).sequelize.query<Record<keyof HeartbeatWrites, string>>(
    `SELECT (SELECT count(*) FROM watch_events WHERE lesson_id = ANY($1::int[])) AS "watchEvents",
            (SELECT count(*) FROM course_progress WHERE course_id = $2::int AND watch_position > 0) AS "progressAdvanced",
            (SELECT coalesce(max(watch_position), 0) FROM course_progress WHERE course_id = $2::int) AS "maxPosition",
            (SELECT count(*) FROM bench_baseline_watch_events WHERE lesson_id = ANY($1::int[])) AS "baselineEvents",
            (SELECT count(*) FROM bench_baseline_progress WHERE lesson_id = ANY($1::int[]) AND watch_position > 0) AS "baselineProgressAdvanced",
            (SELECT coalesce(max(watch_position), 0) FROM bench_baseline_progress WHERE lesson_id = ANY($1::int[])) AS "baselineMaxPosition"`,
    { bind: [fixtures.lessonIds, fixtures.courseId], type: QueryTypes.SELECT },
  );
  return {
    watchEvents: Number(row.watchEvents),
    progressAdvanced: Number(row.progressAdvanced),
    maxPosition: Number(row.maxPosition),
    baselineEvents: Number(row.baselineEvents),
    baselineProgressAdvanced: Number(row.baselineProgressAdvanced),
    baselineMaxPosition: Number(row.baselineMaxPosition),
  };
}
