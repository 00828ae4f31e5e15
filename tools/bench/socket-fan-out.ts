import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { ContainerInstance } from 'typedi';
import type { AppConfig } from '@platform/config';
import { ALL_PERMISSIONS, AccessTokenService, CreateChannelPostUseCase } from '@platform/domain';
import type { RealtimeServer } from '../../apps/customer-api/src/realtime/realtime-server';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import { fanOutMemberId, seedFanOutChannel, SeededFanOut } from './channel-push-fan-out';
import type { BenchActors } from './fixtures';
import type { BenchCheck, ScenarioGroup, Target } from './scenarios';
import { settledMemory } from './settled-memory';
import { SocketClientProcess } from './socket-client-process';
import { wallClockMs } from './socket-clients.protocol';
import { deliveryLatency, memoryPerSocket, socketFanOutChecks, SocketFanOutOutcome } from './socket-fan-out-checks';
import { readWholeNumber } from './settings';

/**
 * Issue 23 "Realtime", `channels/socket-fan-out`: BENCH_SOCKETS members (default 2,000) of one OPEN
 * broadcast channel, each with a socket.io-client socket (in a child process: socket-clients.ts)
 * connected to the bench's customer-api with its own access token and joined to `channel:{id}`;
 * then POSTS posts created one after another by the admin use case in admin-api's container, each
 * published after its commit through the Redis emitter to the customer-api's adapter, as in
 * production. Reported: the latency from each post's request to each socket's handler (p50, p99,
 * max over every delivery) and the customer-api's memory per socket (heap, external and RSS with
 * every socket joined minus with none, each after a full GC; the bench's apps share this process,
 * so only the difference means anything). `verify` judges them (socket-fan-out-checks.ts).
 *
 * The HTTP scenario is a discussion resync, what a client does after a gap in `message.created`
 * seqs: the messages after the newest it holds (`GET /api/mobile/channels/:id/discussion/messages?after_id=`,
 * the 20 newest of 100 messages, ascending; tokens of 1,000 members rotated).
 */
export const SOCKETS_DEFAULT = 2_000;
const POSTS = 10;
const PAUSE_BETWEEN_POSTS_MS = 250;
const CONNECT_CONCURRENCY = 50;
const COLLECT_TIMEOUT_MS = 30_000;
/** Measured: about 185 sockets a second; the deadline allows ten times that long. */
const CONNECT_DEADLINE_BASE_MS = 30_000;
const CONNECT_DEADLINE_PER_SOCKET_MS = 50;
const DISCUSSION_MESSAGES = 100;
const RESYNC_MESSAGES = 20;
const TAP_MEMBERS = 1_000;
const TOKEN_TTL_SECONDS = 3_600;
const BENCH_ADMIN_ID = 'bench-socket-fan-out-admin';

export function readSocketCount(env: NodeJS.ProcessEnv = process.env): number {
  return readWholeNumber(env, 'BENCH_SOCKETS', { fallback: SOCKETS_DEFAULT, min: 1, max: 20_000 });
}

export interface SocketFanOutBench {
  sockets: number;
  groups: ScenarioGroup[];
}

/** Builds the group; members, sockets and posts come from its `prepare`. */
export function startSocketFanOutBench(
  config: AppConfig,
  apps: { adminApi: RunningApp; customerApi: RunningApp & { realtime: RealtimeServer } },
  baselines: Baselines,
  actors: BenchActors,
  sockets = readSocketCount(),
): SocketFanOutBench {
  const scenario: Target = {
    name: 'customer-api GET /api/mobile/channels/:id/discussion/messages?after_id= (channels/socket-fan-out: a member resyncs after a seq gap)',
    kind: 'scenario',
    description:
      `customer JWT, user check, channel and discussion access, keyset page after_id (limit ${RESYNC_MESSAGES}) of ${DISCUSSION_MESSAGES} messages, views, envelope: ` +
      `the discussion of the channel whose ${sockets.toLocaleString('en')} sockets took the posts, tokens of ${TAP_MEMBERS} members rotated`,
    url: `${apps.customerApi.baseUrl}/api/mobile/channels/0/discussion/messages?limit=20`,
  };
  let run: Promise<SocketFanOutRun & { resyncAfterId: string }> | undefined;
  const log = (line: string) => process.stderr.write(`  ${line}\n`);

  const prepare = async () => {
    run ??= (async () => {
      const seeded = await seedFanOutChannel(config, sockets, randomUUID().slice(0, 8), log);
      const resyncAfterId = await seedDiscussionMessages(config, seeded);
      return { ...(await runSocketFanOut({ posts: apps.adminApi.app.container, customerApi: apps.customerApi }, seeded, log)), resyncAfterId };
    })();
    const outcome = await run;
    const tokens = apps.customerApi.app.container.get(AccessTokenService);
    const memberTokens = Array.from({ length: Math.min(TAP_MEMBERS, sockets) }, (_, n) =>
      tokens.sign({ kind: 'customer', id: fanOutMemberId(outcome.tag, n + 1) }, TOKEN_TTL_SECONDS),
    );
    Object.assign(scenario, {
      url: `${apps.customerApi.baseUrl}/api/mobile/channels/${outcome.channelId}/discussion/messages?after_id=${outcome.resyncAfterId}&limit=${RESYNC_MESSAGES}`,
      headers: { authorization: `Bearer ${memberTokens[0]}` },
      perRequest: { bearerTokens: memberTokens },
    } satisfies Partial<Target>);
  };

  const summarize = async (): Promise<string[]> => {
    if (!run) return [];
    const outcome = await run;
    const latency = deliveryLatency(outcome);
    const perSocket = memoryPerSocket(outcome);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    return [
      `channels/socket-fan-out: ${sockets.toLocaleString('en')} sockets connected and joined in ${(outcome.connectMs / 1_000).toFixed(1)} s; ` +
        `${Object.keys(outcome.postStartedAt).length} posts, ${latency.count.toLocaleString('en')} deliveries: ` +
        `p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`,
      `channels/socket-fan-out: server memory per socket (the bench process's growth): heap ${kb(perSocket.heapUsed)}, external ${kb(perSocket.external)}, RSS ${kb(perSocket.rss)}`,
    ];
  };

  const verify = async (): Promise<BenchCheck[]> => {
    if (!run) return [];
    return socketFanOutChecks(await run).map((check) => ({ ...check, name: `channels/socket-fan-out: ${check.name}` }));
  };

  return {
    sockets,
    groups: [
      {
        prepare,
        baseline: {
          name: 'baseline: express + pg (channels/socket-fan-out)',
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

/**
 * DISCUSSION_MESSAGES messages by the channel's first members, written by SQL; answers the id after
 * which RESYNC_MESSAGES messages follow (what a resyncing client holds as its newest).
 */
async function seedDiscussionMessages(config: AppConfig, seeded: SeededFanOut): Promise<string> {
  const client = new Client({ connectionString: config.db.url, application_name: 'platform-bench-socket-fan-out' });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO discussion_messages (discussion_id, author_type, author_user_id, body)
       SELECT d.id, 'USER', md5($2::text || ':' || (1 + n % $3::int))::uuid, 'Bench message ' || n
       FROM channel_discussions d, generate_series(1, $4::int) AS g(n) WHERE d.channel_id = $1
       RETURNING id`,
      [seeded.channelId, seeded.tag, seeded.members, DISCUSSION_MESSAGES],
    );
    const ids = rows.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return String(ids[ids.length - RESYNC_MESSAGES - 1]);
  } finally {
    await client.end();
  }
}

/** The outcome, with the channel and the load's tag the HTTP scenario needs. */
export type SocketFanOutRun = SocketFanOutOutcome & { channelId: number; tag: string };

/**
 * Connects a socket per member (child process), measures the customer-api's memory before and
 * after, creates POSTS posts one by one through `posts` (admin-api's container), and collects
 * when each reached each socket.
 */
export async function runSocketFanOut(
  apps: { posts: ContainerInstance; customerApi: Pick<RunningApp, 'app' | 'baseUrl'> & { realtime: RealtimeServer } },
  seeded: SeededFanOut,
  log: (line: string) => void = () => undefined,
  posts = POSTS,
): Promise<SocketFanOutRun> {
  const room = `channel:${seeded.channelId}`;
  const signer = apps.customerApi.app.container.get(AccessTokenService);
  const tokens = Array.from({ length: seeded.members }, (_, n) => signer.sign({ kind: 'customer', id: fanOutMemberId(seeded.tag, n + 1) }, TOKEN_TTL_SECONDS));
  const clients = new SocketClientProcess();
  try {
    const before = settledMemory();
    log(`connecting ${seeded.members.toLocaleString('en')} sockets ...`);
    const connectStarted = wallClockMs();
    const ready = await clients.connect(
      { type: 'connect', url: apps.customerApi.baseUrl, tokens, room, concurrency: CONNECT_CONCURRENCY },
      CONNECT_DEADLINE_BASE_MS + seeded.members * CONNECT_DEADLINE_PER_SOCKET_MS,
    );
    const connectMs = wallClockMs() - connectStarted;
    log(`${ready.joined.toLocaleString('en')} joined in ${(connectMs / 1_000).toFixed(1)} s${ready.refusals.length > 0 ? `; refusals: ${ready.refusals.join('; ')}` : ''}`);
    const connected = settledMemory();
    const roomSize = apps.customerApi.realtime.io.of('/').adapter.rooms.get(room)?.size ?? 0;

    const create = apps.posts.get(CreateChannelPostUseCase);
    const admin = { kind: 'admin' as const, id: BENCH_ADMIN_ID, permissions: [ALL_PERMISSIONS] };
    const postStartedAt: Record<string, number> = {};
    for (let n = 1; n <= posts; n += 1) {
      const startedAt = wallClockMs();
      const post = await create.execute(admin, seeded.channelId, { type: 'TEXT', body_text: `Market update ${n}` }, `bench-socket-fan-out-${randomUUID()}`);
      postStartedAt[String(post.id)] = startedAt;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_POSTS_MS));
    }
    const receipts = await clients.collect({ type: 'collect', postIds: Object.keys(postStartedAt).map(Number), timeoutMs: COLLECT_TIMEOUT_MS });
    return { channelId: seeded.channelId, tag: seeded.tag, sockets: seeded.members, ready, roomSize, connectMs, postStartedAt, receipts, memory: { before, connected } };
  } finally {
    clients.stop();
  }
}
