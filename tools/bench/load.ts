import autocannon from 'autocannon';

/**
 * The load generator, run as a child process so it never shares an event loop with the servers:
 * `node -r @swc-node/register tools/bench/load.ts '<LoadJob as JSON>'`. Runs an unmeasured
 * warm-up, then the measured run, and prints one LoadOutcome as JSON on stdout.
 */
export interface LoadJob {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
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
}

export interface LoadOutcome {
  warmup: LoadStats;
  measured: LoadStats;
}

async function runOnce(job: LoadJob, durationSeconds: number): Promise<LoadStats> {
  const result = await autocannon({
    url: job.url,
    headers: job.headers,
    method: job.method ?? 'GET',
    body: job.body,
    connections: job.connections,
    duration: durationSeconds,
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationSeconds: result.duration,
  };
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '') as LoadJob;
  const warmup = await runOnce(job, job.warmupSeconds);
  const measured = await runOnce(job, job.durationSeconds);
  const outcome: LoadOutcome = { warmup, measured };
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`load generator failed: ${error?.stack ?? error}\n`);
    process.exit(1);
  });
}
