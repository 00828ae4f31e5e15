import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

/**
 * The load generator, run as a child process so it never shares an event loop with the servers:
 * `fork('tools/bench/load.ts')`, then one LoadJob sent over IPC (a job can carry thousands of
 * tokens, too long for argv). Runs an unmeasured warm-up, then the measured run, and prints one
 * LoadOutcome as JSON on stdout.
 */
export interface LoadJob {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Per-request headers, paths and bodies, for routes that create something or are rate limited per request. */
  perRequest?: PerRequestHeaders;
  /**
   * Exactly this many requests, then stop: no warm-up (it would use up what the requests use up,
   * e.g. seats or customers) and no duration; requests/s is then the total over the elapsed time.
   */
  amount?: number;
  /** Count the answers by status and, for non-2xx, the body's errorCode (LoadStats.answers). */
  tallyAnswers?: boolean;
  /** Seconds without an answer before autocannon counts a timeout (its default: 10). */
  timeoutSeconds?: number;
}

export interface PerRequestHeaders {
  /** A fresh `Idempotency-Key` on every request: a random per-process prefix and a counter. */
  idempotencyKey?: boolean;
  /** `Authorization: Bearer <token>` taken round-robin from these (spreads per-user rate limits). */
  bearerTokens?: string[];
  /**
   * Request paths (with query) taken round-robin, e.g. a different search per request so a cache
   * cannot answer. Every `{{request}}` in a path is replaced by the request's number (from 0,
   * counted over the whole process, warm-up included), so a path can be new on every request.
   */
  paths?: string[];
  /**
   * `X-Forwarded-For` taken round-robin from these addresses, on its own (request n: the address
   * n % length), for per-IP rate limits of an app that trusts the load generator as a proxy.
   */
  forwardedFor?: string[];
  /**
   * Rotate through every (token, path) combination instead of through each list on its own, the
   * token changing fastest: request n carries bearerTokens[n % T] and paths[floor(n / T) % P], so a
   * limit per user AND resource (heartbeats: per user and lesson) sees each pair once every T × P
   * requests. Needs both lists.
   */
  crossTokensAndPaths?: boolean;
  /**
   * A body per request: every `{{turn}}` is replaced by how many times the rotation has gone round,
   * from 1 (request n: floor(n / length) + 1, length = T × P with crossTokensAndPaths, otherwise the
   * longer list; n + 1 without lists), e.g. a video position that advances on each visit of a pair.
   */
  bodyTemplate?: string;
}

/** The part of autocannon's request object that setupRequest reads and changes. */
interface AutocannonRequest {
  headers?: Record<string, string>;
  path?: string;
  body?: string;
  [other: string]: unknown;
}

/** Counters live for the whole process: the warm-up and the measured run never repeat a key or a turn. */
export function perRequestSetup(perRequest: PerRequestHeaders) {
  const prefix = `bench-${randomBytes(6).toString('hex')}`;
  const tokens = perRequest.bearerTokens ?? [];
  const paths = (perRequest.paths ?? []).map((path) => path.split('{{request}}'));
  const addresses = perRequest.forwardedFor ?? [];
  const cross = perRequest.crossTokensAndPaths === true;
  if (cross && (tokens.length === 0 || paths.length === 0)) throw new Error('crossTokensAndPaths needs bearerTokens and paths');
  const length = Math.max(1, cross ? tokens.length * paths.length : Math.max(tokens.length, paths.length));
  const template = perRequest.bodyTemplate?.split('{{turn}}');
  let sent = 0;
  return (request: AutocannonRequest): AutocannonRequest => {
    const n = sent++;
    const headers = { ...request.headers };
    if (perRequest.idempotencyKey) headers['idempotency-key'] = `${prefix}-${n}`;
    if (tokens.length > 0) headers['authorization'] = `Bearer ${tokens[n % tokens.length]}`;
    if (addresses.length > 0) headers['x-forwarded-for'] = addresses[n % addresses.length];
    const path = paths.length === 0 ? undefined : paths[(cross ? Math.floor(n / tokens.length) : n) % paths.length].join(String(n));
    const body = template?.join(String(Math.floor(n / length) + 1));
    return { ...request, headers, ...(path === undefined ? {} : { path }), ...(body === undefined ? {} : { body }) };
  };
}

export interface LoadStats {
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
  /** With tallyAnswers: count per answer, keyed `200` for 2xx statuses and `409 TRAINING_COHORT_FULL` (status, errorCode) otherwise. */
  answers?: Record<string, number>;
}

/** The key an answer is counted under in LoadStats.answers. */
export function answerKey(status: number, body: string | Buffer | undefined): string {
  if (status >= 200 && status < 300) return String(status);
  try {
    const code = (JSON.parse(String(body ?? '')) as { errorCode?: unknown }).errorCode;
    return typeof code === 'string' ? `${status} ${code}` : `${status} (no errorCode)`;
  } catch {
    return `${status} (not JSON)`;
  }
}

export interface LoadOutcome {
  warmup: LoadStats;
  measured: LoadStats;
}

async function runOnce(job: LoadJob, durationSeconds: number, setupRequest?: ReturnType<typeof perRequestSetup>): Promise<LoadStats> {
  const answers: Record<string, number> = {};
  const onResponse = (status: number, body: string | Buffer) => {
    const key = answerKey(status, body);
    answers[key] = (answers[key] ?? 0) + 1;
  };
  const request = { ...(setupRequest ? { setupRequest: setupRequest as never } : {}), ...(job.tallyAnswers ? { onResponse } : {}) };
  const result = await autocannon({
    ...(Object.keys(request).length > 0 ? { requests: [request] } : {}),
    url: job.url,
    headers: job.headers,
    method: job.method ?? 'GET',
    body: job.body,
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { duration: durationSeconds }),
    ...(job.timeoutSeconds ? { timeout: job.timeoutSeconds } : {}),
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    // A fixed amount ends mid-second: the per-second samples' average would count the last one as a whole second.
    requestsPerSecond: job.amount && result.duration > 0 ? result.requests.total / result.duration : result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationSeconds: result.duration,
    ...(job.tallyAnswers ? { answers } : {}),
  };
}

const NOTHING: LoadStats = {
  requestsPerSecond: 0,
  totalRequests: 0,
  latencyMs: { p50: 0, p99: 0, average: 0, max: 0 },
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: {},
  durationSeconds: 0,
};

function receiveJob(): Promise<LoadJob> {
  return new Promise((resolve) =>
    process.once('message', (job) => {
      process.disconnect?.();
      resolve(job as LoadJob);
    }),
  );
}

async function main(): Promise<void> {
  const job = await receiveJob();
  const setupRequest = job.perRequest ? perRequestSetup(job.perRequest) : undefined;
  const warmup = job.amount ? NOTHING : await runOnce(job, job.warmupSeconds, setupRequest);
  const measured = await runOnce(job, job.durationSeconds, setupRequest);
  const outcome: LoadOutcome = { warmup, measured };
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`load generator failed: ${error?.stack ?? error}\n`);
    process.exit(1);
  });
}
