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
    durationSeconds: readWholeNumber(env, 'BENCH_DURATION_SECONDS', { fallback: 10, min: 1, max: 600 }),
    connections: readWholeNumber(env, 'BENCH_CONNECTIONS', { fallback: 50, min: 1, max: 10_000 }),
    warmupSeconds: readWholeNumber(env, 'BENCH_WARMUP_SECONDS', { fallback: 2, min: 1, max: 600 }),
    filter: env['BENCH_FILTER'] || undefined,
  };
}

/** A BENCH_* knob: `fallback` when unset or empty, else a whole number from `min` to `max` (or the run stops, naming it). */
export function readWholeNumber(env: NodeJS.ProcessEnv, key: string, { fallback, min, max }: { fallback: number; min: number; max: number }): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${key} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}
