import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { AppConfig } from '@platform/config';
import { ChannelAccessPolicyModel, ChannelDiscussionModel, ChannelModel } from '@platform/db';
import { AccessTokenService } from '@platform/domain';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import { answeredPage, AnsweredPage, postCursorChecks } from './channel-post-cursor-checks';
import type { BenchActors } from './fixtures';
import type { Measurement } from './measure';
import type { BenchCheck, ScenarioGroup, Target } from './scenarios';
import { readWholeNumber } from './settings';

/**
 * Issue 21, `channels/post-cursor`: one channel of BENCH_CHANNEL_POST_COUNT TEXT posts (default
 * 1,000,000), written by SQL right before the group runs, then the admin post list
 * (`GET /api/admin/channels/:id/posts?limit=20`, an admin token holding Communications_READ)
 * measured on its first page (the newest posts), on the page at the far end (`before_id` = the
 * 21st oldest id: the 20 oldest posts), and on the first page again (so drift of a busy machine
 * weighs on both sides). The id cursor must make both cost the same: the group's `verify` checks
 * both pages hold what they should and that the deep one costs at most 1.2× the first page's mean
 * (channel-post-cursor-checks.ts). The data goes with the bench's scratch database.
 */
export const CHANNEL_POST_COUNT_DEFAULT = 1_000_000;
const PAGE_LIMIT = 20;
const TOKEN_TTL_SECONDS = 3_600;
const BENCH_ADMIN_ID = 'bench-channels-admin';

export interface ChannelsBench {
  postCount: number;
  groups: ScenarioGroup[];
}

export function readChannelPostCount(env: NodeJS.ProcessEnv = process.env): number {
  return readWholeNumber(env, 'BENCH_CHANNEL_POST_COUNT', { fallback: CHANNEL_POST_COUNT_DEFAULT, min: 100, max: 10_000_000 });
}

/** Builds the group; the channel and its posts are written by its `prepare`. */
export function startChannelsBench(
  config: AppConfig,
  adminApi: RunningApp,
  baselines: Baselines,
  actors: BenchActors,
  postCount = readChannelPostCount(),
): ChannelsBench {
  const token = adminApi.app.container
    .get(AccessTokenService)
    .sign({ kind: 'admin', id: randomUUID(), permissions: ['Communications_READ'] }, TOKEN_TTL_SECONDS);
  const scale = `one channel of ${postCount.toLocaleString('en')} TEXT posts`;
  const target = (name: string, description: string): Target => ({
    name: `admin-api GET /api/admin/channels/:id/posts (channels/post-cursor: ${name})`,
    kind: 'scenario',
    description: `admin JWT, permission, query validation, channel lookup, keyset SQL (limit ${PAGE_LIMIT}), attachments, views, envelope on ${scale}: ${description}`,
    url: `${adminApi.baseUrl}/api/admin/channels/0/posts?limit=${PAGE_LIMIT}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const first = target('first page', 'no cursor, the newest 20 posts');
  const deep = target(`depth ${postCount.toLocaleString('en')}`, 'before_id = the 21st oldest id, the oldest 20 posts');
  const firstAgain = target('first page, again', 'no cursor, the newest 20 posts, measured again after the deep page');
  let seeded: Promise<SeededChannel> | undefined;

  const prepare = async () => {
    seeded ??= seedChannel(config, postCount);
    const { channelId, deepBeforeId } = await seeded;
    const url = `${adminApi.baseUrl}/api/admin/channels/${channelId}/posts?limit=${PAGE_LIMIT}`;
    for (const firstPage of [first, firstAgain]) Object.assign(firstPage, { url } satisfies Partial<Target>);
    Object.assign(deep, { url: `${url}&before_id=${deepBeforeId}` } satisfies Partial<Target>);
  };

  const summarize = async (): Promise<string[]> => {
    if (!seeded) return [];
    const { seedSeconds, triggersSkipped } = await seeded;
    return [
      `channels/post-cursor: ${postCount.toLocaleString('en')} TEXT posts written in ${seedSeconds.toFixed(1)} s ` +
        `(${triggersSkipped ? 'row triggers skipped: session_replication_role = replica' : 'row triggers ran: not a superuser'}), then VACUUM ANALYZE`,
    ];
  };

  const verify = async (measurements: Measurement[]): Promise<BenchCheck[]> => {
    if (!seeded) return [];
    const { newest, oldest } = await seeded;
    const statsOf = (...targets: Target[]) =>
      targets.flatMap((target) => measurements.find((m) => m.target === target)?.outcome?.measured ?? []);
    const [firstStats, [deepStats]] = [statsOf(first, firstAgain), statsOf(deep)];
    const [firstPage, deepPage] = [firstStats.length ? await fetchPage(first) : undefined, deepStats ? await fetchPage(deep) : undefined];
    const checks = postCursorChecks({
      first: firstPage && { page: firstPage, stats: firstStats },
      deep: deepPage && deepStats && { page: deepPage, stats: deepStats },
      expected: { newest, oldest },
    });
    return checks.map((check) => ({ ...check, name: `channels/post-cursor: ${check.name}` }));
  };

  return {
    postCount,
    groups: [
      {
        prepare,
        baseline: {
          name: 'baseline: express + pg (channels)',
          kind: 'baseline',
          description: 'express() + pg.Pool(DB_POOL_MAX): SELECT id FROM users WHERE id = $1 (one indexed lookup)',
          url: baselines.expressPgUrl(actors.customerId),
        },
        scenarios: [first, deep, firstAgain],
        summarize,
        verify,
      },
    ],
  };
}

export interface SeededChannel {
  channelId: number;
  /** The page at the far end: before the 21st oldest id. */
  deepBeforeId: string;
  /** The newest and the oldest PAGE_LIMIT ids, newest first. */
  newest: string[];
  oldest: string[];
  seedSeconds: number;
  triggersSkipped: boolean;
}

/**
 * The channel as an admin creates it (row, access policy, discussion; with the models), then its
 * posts in one INSERT ... SELECT generate_series, published 30 s apart, and VACUUM ANALYZE.
 */
export async function seedChannel(config: AppConfig, postCount: number, log: (line: string) => void = (line) => process.stderr.write(`  ${line}\n`)): Promise<SeededChannel> {
  const started = Date.now();
  log(`seeding one channel of ${postCount.toLocaleString('en')} TEXT posts ...`);
  const title = 'Bench post cursor';
  const channel = await ChannelModel.create({ kind: 'BROADCAST', accessPolicy: 'OPEN', visibility: 'PUBLIC', title, createdByAdminId: BENCH_ADMIN_ID });
  await ChannelAccessPolicyModel.create({ channelId: channel.id, accessPolicy: 'OPEN', updatedByAdminId: BENCH_ADMIN_ID });
  await ChannelDiscussionModel.create({ channelId: channel.id, title, createdByAdminId: BENCH_ADMIN_ID });
  const client = new Client({ connectionString: config.db.url, application_name: 'platform-bench-channels' });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    // Bulk load only: the deferred constraint trigger that matches attachment_count to attachment
    // rows would run once per post at COMMIT (a million lookups); TEXT posts have no attachments
    // (attachment_count 0, which the row CHECK still enforces), so the replica role skips the row
    // triggers for this transaction. It also skips the channel foreign key's trigger: the channel
    // was just created. Only a superuser may set it; otherwise the triggers run (slower, same rows).
    const superuser = (await client.query<{ on: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS on`)).rows[0]?.on === true;
    if (superuser) await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      `INSERT INTO channel_posts (channel_id, type, body_text, published_at, created_by_admin_id, created_at, updated_at)
       SELECT $1::int, 'TEXT', 'Bench post ' || n || ': NEPSE closes higher as banks lead the turnover.', at, $3::text, at, at
       FROM generate_series(1, $2::int) AS g(n),
       LATERAL (SELECT timestamptz '2024-01-01' + n * interval '30 seconds' AS at) AS t`,
      [channel.id, postCount, BENCH_ADMIN_ID],
    );
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE channel_posts');
    // The load's dirty pages are written now, not by the checkpointer while the first page is measured.
    if (superuser) await client.query('CHECKPOINT');
    const ids = async (order: 'ASC' | 'DESC') =>
      (await client.query<{ id: string }>(`SELECT p.id::text AS id FROM channel_posts p WHERE p.channel_id = $1 ORDER BY p.id ${order} LIMIT $2`, [channel.id, PAGE_LIMIT + 1])).rows.map(
        (row) => row.id,
      );
    const oldestFirst = await ids('ASC');
    const seedSeconds = (Date.now() - started) / 1_000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);
    return {
      channelId: channel.id,
      deepBeforeId: oldestFirst[PAGE_LIMIT],
      newest: (await ids('DESC')).slice(0, PAGE_LIMIT),
      oldest: oldestFirst.slice(0, PAGE_LIMIT).reverse(),
      seedSeconds,
      triggersSkipped: superuser,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function fetchPage(target: Target): Promise<AnsweredPage | undefined> {
  const response = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(10_000) });
  return response.ok ? answeredPage(await response.json()) : undefined;
}
