/** Knobs of one bench run, read from the environment (BENCH_*). */
export interface BenchSettings {
  /** Measured seconds per scenario (after the warm-up). */
  durationSeconds: number;
  /** Concurrent keep-alive connections the load generator holds open. */
  connections: number;
  /** Unmeasured seconds of the same load right before each measurement. */
  warmupSeconds: number;
  /** BENCH_FILTER: run only scenarios whose name contains this text, or any of several separated by commas (plus their baselines). */
  filter?: string;
}

export function readBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  return {
    durationSeconds: positiveInt(env, 'BENCH_DURATION_SECONDS', 10, 600),
    connections: positiveInt(env, 'BENCH_CONNECTIONS', 50, 10_000),
    warmupSeconds: positiveInt(env, 'BENCH_WARMUP_SECONDS', 2, 600),
    filter: env['BENCH_FILTER'] || undefined,
  };
}

function positiveInt(env: NodeJS.ProcessEnv, key: string, fallback: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${key} must be a whole number from 1 to ${max} (got "${raw}")`);
  }
  return value;
}
