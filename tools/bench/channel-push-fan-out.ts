import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import type { AppConfig } from '@platform/config';
import { ChannelAccessPolicyModel, ChannelDiscussionModel, ChannelModel, Database, NotificationEventModel } from '@platform/db';
import {
  ALL_PERMISSIONS,
  AccessTokenService,
  channelBroadcastDedupeKey,
  CreateChannelPostUseCase,
  DeliverNotificationUseCase,
  FAN_OUT_PAGE_SIZE,
  PROVIDER_BATCH_TOKENS,
  PushProviders,
} from '@platform/domain';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import { CountingPushProvider, expectedProviderRequests, FanOutOutcome, fanOutChecks, MemorySampler } from './channel-push-fan-out-checks';
import type { BenchActors } from './fixtures';
import type { BenchCheck, ScenarioGroup, Target } from './scenarios';
import { readWholeNumber } from './settings';

/**
 * Issue 22 "Broadcast push", `channels/push-fan-out`: one OPEN broadcast channel with
 * BENCH_FAN_OUT_MEMBERS joined members (default 100,000; bare `users` rows, one push device
 * each), written by SQL in the group's `prepare`; then one post created by the admin use case
 * (which records its CHANNEL_BROADCAST_POST outbox event in the post's transaction) and its
 * fan-out run in-process by DeliverNotificationUseCase in the jobs app's container, as the
 * notification.deliver job runs it, with the log provider (silent at the bench's log level)
 * wrapped to count requests and tokens. Wall time, members/s, RSS and heap (sampled every 50 ms)
 * are reported; `verify` checks every member got the push once (channel-push-fan-out-checks.ts).
 * No worker consumes the bench's queues, so the job the post queued never runs a second fan-out.
 *
 * The HTTP scenario is what follows a push: members open the pushed post
 * (`GET /api/mobile/posts/:postId`, tokens of TAP_MEMBERS members rotated), beside express + pg.
 */
export const FAN_OUT_MEMBERS_DEFAULT = 100_000;
const TAP_MEMBERS = 1_000;
const TOKEN_TTL_SECONDS = 3_600;
const BENCH_ADMIN_ID = 'bench-push-fan-out-admin';

export interface ChannelPushFanOutBench {
  members: number;
  groups: ScenarioGroup[];
}

export function readFanOutMembers(env: NodeJS.ProcessEnv = process.env): number {
  return readWholeNumber(env, 'BENCH_FAN_OUT_MEMBERS', { fallback: FAN_OUT_MEMBERS_DEFAULT, min: 1, max: 1_000_000 });
}

/** Builds the group; the members, the post and the fan-out come from its `prepare`. */
export function startChannelPushFanOutBench(
  config: AppConfig,
  apps: { adminApi: RunningApp; customerApi: RunningApp; jobs: RunningApp },
  baselines: Baselines,
  actors: BenchActors,
  members = readFanOutMembers(),
): ChannelPushFanOutBench {
  const scenario: Target = {
    name: 'customer-api GET /api/mobile/posts/:postId (channels/push-fan-out: members open the pushed post)',
    kind: 'scenario',
    description:
      `customer JWT, user check, the post and its attachments, channel and access policy, membership (the channel access function), view and envelope: ` +
      `the TEXT post just pushed to ${members.toLocaleString('en')} members of an OPEN channel, tokens of ${TAP_MEMBERS} members rotated`,
    url: `${apps.customerApi.baseUrl}/api/mobile/posts/1`,
  };
  let run: Promise<{ seeded: SeededFanOut; outcome: FanOutRun }> | undefined;
  const log = (line: string) => process.stderr.write(`  ${line}\n`);

  const prepare = async () => {
    run ??= (async () => {
      const seeded = await seedFanOutChannel(config, members, randomUUID().slice(0, 8), log);
      const outcome = await runFanOut({ posts: apps.adminApi.app.container, jobs: apps.jobs.app.container }, seeded);
      return { seeded, outcome };
    })();
    const { seeded, outcome } = await run;
    const tokens = apps.customerApi.app.container.get(AccessTokenService);
    const memberTokens = Array.from({ length: Math.min(TAP_MEMBERS, members) }, (_, n) =>
      tokens.sign({ kind: 'customer', id: fanOutMemberId(seeded.tag, n + 1) }, TOKEN_TTL_SECONDS),
    );
    Object.assign(scenario, {
      url: `${apps.customerApi.baseUrl}/api/mobile/posts/${outcome.postId}`,
      headers: { authorization: `Bearer ${memberTokens[0]}` },
      perRequest: { bearerTokens: memberTokens },
    } satisfies Partial<Target>);
  };

  const summarize = async (): Promise<string[]> => {
    if (!run) return [];
    const { seeded, outcome } = await run;
    const seconds = outcome.wallMs / 1_000;
    return [
      `channels/push-fan-out: ${members.toLocaleString('en')} members (users, push devices, joined memberships) written in ${seeded.seedSeconds.toFixed(1)} s, then ANALYZE`,
      `channels/push-fan-out: fan-out of post ${outcome.postId} to ${members.toLocaleString('en')} members in ${seconds.toFixed(2)} s ` +
        `(${Math.round(members / Math.max(seconds, 0.001)).toLocaleString('en')} members/s, ${outcome.provider.requests} provider requests), ` +
        `peak RSS +${mb(outcome.memory.rssPeak - outcome.memory.rssBefore)}, peak heap used +${mb(outcome.memory.heapUsedPeak - outcome.memory.heapUsedBefore)}`,
    ];
  };

  const verify = async (): Promise<BenchCheck[]> => {
    if (!run) return [];
    return fanOutChecks((await run).outcome).map((check) => ({ ...check, name: `channels/push-fan-out: ${check.name}` }));
  };

  return {
    members,
    groups: [
      {
        prepare,
        baseline: {
          name: 'baseline: express + pg (channels/push-fan-out)',
          kind: 'baseline',
          description: 'express() + pg.Pool(DB_POOL_MAX): SELECT id FROM users WHERE id = $1 (one indexed lookup)',
          url: baselines.expressPgUrl(actors.customerId),
        },
        scenarios: [scenario],
        summarize,
        verify,
      },
    ],
  };
}

/** A fan-out's outcome and the post it pushed. */
export type FanOutRun = FanOutOutcome & { postId: number };

export interface SeededFanOut {
  channelId: number;
  members: number;
  /** Names this load's users, emails and tokens (several loads may share a database). */
  tag: string;
  seedSeconds: number;
}

/** Member n's user id (1-based): the uuid the bulk load derives from the tag and n. */
export function fanOutMemberId(tag: string, n: number): string {
  const hex = createHash('md5').update(`${tag}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An OPEN broadcast channel as an admin creates it (row, access policy, discussion; with the
 * models), then its members by generate_series in one transaction: a `users` row each (id
 * md5(tag:n), so the three inserts agree without reading back), one android device whose token ends
 * in `-n`, and a joined membership a day old (is_joined, no left_at: CHECK channel_memberships_left).
 */
export async function seedFanOutChannel(
  config: AppConfig,
  members: number,
  tag: string,
  log: (line: string) => void = () => undefined,
): Promise<SeededFanOut> {
  const started = performance.now();
  log(`seeding one broadcast channel of ${members.toLocaleString('en')} joined members ...`);
  const title = `Bench push fan-out ${tag}`;
  const channel = await ChannelModel.create({ kind: 'BROADCAST', accessPolicy: 'OPEN', visibility: 'PUBLIC', title, createdByAdminId: BENCH_ADMIN_ID });
  await ChannelAccessPolicyModel.create({ channelId: channel.id, accessPolicy: 'OPEN', updatedByAdminId: BENCH_ADMIN_ID });
  await ChannelDiscussionModel.create({ channelId: channel.id, title, createdByAdminId: BENCH_ADMIN_ID });
  const client = new Client({ connectionString: config.db.url, application_name: 'platform-bench-push-fan-out' });
  await client.connect();
  const member = `md5($1::text || ':' || n)::uuid`;
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query(
      `INSERT INTO users (id, email, password_hash, full_name)
       SELECT ${member}, 'bench-fan-out-' || $1::text || '-' || n || '@example.com', 'not-a-hash: these members never log in', 'Bench Member ' || n
       FROM generate_series(1, $2::int) AS g(n)`,
      [tag, members],
    );
    await client.query(
      `INSERT INTO push_devices (user_id, token, platform)
       SELECT ${member}, 'bench-fan-out-' || $1::text || '-' || n, 'android' FROM generate_series(1, $2::int) AS g(n)`,
      [tag, members],
    );
    await client.query(
      `INSERT INTO channel_memberships (channel_id, user_id, is_joined, joined_at)
       SELECT $3::int, ${member}, true, now() - interval '1 day' FROM generate_series(1, $2::int) AS g(n)`,
      [tag, members, channel.id],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE users, push_devices, channel_memberships');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  const seedSeconds = (performance.now() - started) / 1_000;
  log(`seeded in ${seedSeconds.toFixed(1)} s`);
  return { channelId: channel.id, members, tag, seedSeconds };
}

/**
 * One post by the admin use case (`posts`: the admin-api's container), then its fan-out by
 * DeliverNotificationUseCase in `jobs` (the jobs app's container) with that container's push
 * provider wrapped in a CountingPushProvider for the run (put back afterwards), memory sampled
 * every 50 ms; then the event's deliveries as the database holds them.
 */
export async function runFanOut(
  containers: { posts: ContainerInstance; jobs: ContainerInstance },
  seeded: Pick<SeededFanOut, 'channelId' | 'members'>,
): Promise<FanOutRun> {
  const admin = { kind: 'admin' as const, id: BENCH_ADMIN_ID, permissions: [ALL_PERMISSIONS] };
  const body = { type: 'TEXT', body_text: 'NEPSE closes higher as banks lead the turnover.' };
  const post = await containers.posts.get(CreateChannelPostUseCase).execute(admin, seeded.channelId, body, `bench-push-fan-out-${randomUUID()}`);
  const event = await NotificationEventModel.findOne({ where: { dedupeKey: channelBroadcastDedupeKey(post.id) }, rejectOnEmpty: true });

  const providers = containers.jobs.get(PushProviders);
  const configured = await providers.current();
  const counting = new CountingPushProvider(configured, seeded.members);
  const deliver = containers.jobs.get(DeliverNotificationUseCase);
  const sampler = new MemorySampler();
  providers.use(counting);
  sampler.start(50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const delivered = await deliver.execute(String(event.id)).then(
    (report) => ({ report, wallMs: performance.now() - started, cpu: process.cpuUsage(cpuBefore) }),
    (error: unknown) => ({ error }),
  );
  const memory = sampler.stop();
  providers.use(configured);
  if ('error' in delivered) throw delivered.error;
  const { report, wallMs, cpu } = delivered;

  const [deliveries] = await containers.jobs.get(Database).sequelize.query<FanOutOutcome['deliveries']>(
    `SELECT count(*)::int AS rows, (count(*) FILTER (WHERE status = 'sent'))::int AS sent,
            count(DISTINCT recipient)::int AS recipients, coalesce(max(attempts), 0)::int AS "maxAttempts"
     FROM notification_deliveries WHERE event_id = :eventId AND channel = 'push'`,
    { replacements: { eventId: event.id }, type: QueryTypes.SELECT },
  );
  await event.reload();
  return {
    postId: post.id,
    members: seeded.members,
    report,
    deliveries,
    eventProcessed: event.processedAt !== null,
    provider: {
      requests: counting.requests,
      tokens: counting.tokens,
      largestRequest: counting.largestRequest,
      unknownTokens: counting.unknownTokens,
      ...counting.tally(),
    },
    expectedRequests: expectedProviderRequests(seeded.members, FAN_OUT_PAGE_SIZE, PROVIDER_BATCH_TOKENS),
    batchLimit: PROVIDER_BATCH_TOKENS,
    wallMs,
    processCpuMs: (cpu.user + cpu.system) / 1_000,
    memory,
  };
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
