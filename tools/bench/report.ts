import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { LoadStats } from './load';
import type { Measurement } from './measure';
import type { BenchCheck } from './scenarios';
import type { BenchSettings } from './settings';

export interface ResultRow {
  name: string;
  kind: 'baseline' | 'scenario';
  description: string;
  path: string;
  baseline: string | null;
  requestsPerSecond: number | null;
  latencyMs: LoadStats['latencyMs'] | null;
  /** requests/s of this target ÷ requests/s of its baseline. */
  ratioToBaseline: number | null;
  totalRequests: number | null;
  non2xx: number | null;
  errors: number | null;
  timeouts: number | null;
  statusCodes: Record<string, number> | null;
  /** Non-2xx answers the scenario expects (Target.expectedStatuses), counted in non2xx but no problem. */
  expectedNon2xx: number | null;
  /** Answers by status and errorCode (Target.tallyAnswers). */
  answers: Record<string, number> | null;
  /** Target.amount: a fixed number of requests without warm-up instead of a timed run. */
  fixedAmount: number | null;
  warmup: Pick<LoadStats, 'requestsPerSecond' | 'non2xx' | 'errors' | 'timeouts'> | null;
  error: string | null;
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  settings: BenchSettings & { dbPoolMax: number };
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  results: ResultRow[];
  /** The groups' checks of what their requests did (ScenarioGroup.verify). */
  checks: BenchCheck[];
  problems: string[];
}

export function toRows(measurements: Measurement[]): ResultRow[] {
  // Keyed by the target itself: groups of one run may name their baselines alike.
  const rps = new Map(measurements.map((m) => [m.target, m.outcome?.measured.requestsPerSecond]));
  return measurements.map(({ target, baseline, outcome, error }) => {
    const stats = outcome?.measured;
    const baselineRps = baseline ? rps.get(baseline) : undefined;
    return {
      name: target.name,
      kind: target.kind,
      description: target.description,
      path: new URL(target.url).pathname,
      baseline: baseline?.name ?? null,
      requestsPerSecond: stats ? round(stats.requestsPerSecond, 1) : null,
      latencyMs: stats?.latencyMs ?? null,
      ratioToBaseline: stats && baselineRps ? round(stats.requestsPerSecond / baselineRps, 3) : null,
      totalRequests: stats?.totalRequests ?? null,
      non2xx: stats?.non2xx ?? null,
      errors: stats?.errors ?? null,
      timeouts: stats?.timeouts ?? null,
      statusCodes: stats?.statusCodes ?? null,
      expectedNon2xx: stats ? expectedNon2xx(target.expectedStatuses, stats.statusCodes) : null,
      answers: stats?.answers ?? null,
      fixedAmount: target.amount ?? null,
      warmup: outcome
        ? {
            requestsPerSecond: round(outcome.warmup.requestsPerSecond, 1),
            non2xx: outcome.warmup.non2xx,
            errors: outcome.warmup.errors,
            timeouts: outcome.warmup.timeouts,
          }
        : null,
      error: error ?? null,
    };
  });
}

/**
 * Every reason the run should exit non-zero: a failed target, non-2xx answers (other than a
 * target's expectedStatuses), connection errors, a failed check.
 */
export function findProblems(measurements: Measurement[], checks: BenchCheck[] = []): string[] {
  const problems: string[] = [];
  for (const { target, outcome, error } of measurements) {
    if (error) problems.push(`${target.name}: ${error}`);
    if (!outcome) continue;
    for (const [phase, stats] of [['measured', outcome.measured], ['warm-up', outcome.warmup]] as const) {
      const unexpected = stats.non2xx - expectedNon2xx(target.expectedStatuses, stats.statusCodes);
      if (unexpected > 0) problems.push(`${target.name} (${phase}): ${unexpected} unexpected non-2xx responses ${codes(stats.statusCodes)}`);
      if (stats.errors > 0) problems.push(`${target.name} (${phase}): ${stats.errors} errors, ${stats.timeouts} of them timeouts`);
    }
  }
  for (const check of checks) if (!check.ok) problems.push(`check failed: ${check.name}: ${check.detail}`);
  return problems;
}

function expectedNon2xx(expected: number[] | undefined, statusCodes: Record<string, number>): number {
  return (expected ?? []).reduce((sum, status) => sum + (status >= 200 && status < 300 ? 0 : statusCodes[String(status)] ?? 0), 0);
}

export function buildReport(
  measurements: Measurement[],
  settings: BenchSettings,
  dbPoolMax: number,
  startedAt: Date,
  checks: BenchCheck[] = [],
): BenchReport {
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    settings: { ...settings, dbPoolMax },
    machine: { node: process.version, platform: process.platform, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown' },
    results: toRows(measurements),
    checks,
    problems: findProblems(measurements, checks),
  };
}

export async function writeReport(report: BenchReport, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}

/** The results as an aligned text table (baselines first in each group, ratios against them). */
export function formatTable(rows: ResultRow[]): string {
  const header = ['Scenario', 'Req/s', 'p50 ms', 'p99 ms', 'vs baseline', 'Non-2xx', 'Errors'];
  const body = rows.map((row) => [
    row.kind === 'baseline' ? row.name : `  ${row.name}`,
    row.requestsPerSecond === null ? 'n/a' : row.requestsPerSecond.toLocaleString('en-US', { maximumFractionDigits: 0 }),
    row.latencyMs ? String(row.latencyMs.p50) : 'n/a',
    row.latencyMs ? String(row.latencyMs.p99) : 'n/a',
    row.kind === 'baseline' ? '(baseline)' : row.ratioToBaseline === null ? 'n/a' : `${row.ratioToBaseline.toFixed(2)}x`,
    row.non2xx === null ? (row.error ? 'FAILED' : 'n/a') : row.expectedNon2xx ? `${row.non2xx - row.expectedNon2xx} (+${row.expectedNon2xx} expected)` : String(row.non2xx),
    row.errors === null ? 'n/a' : String(row.errors),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** The checks as lines: `ok` or `FAILED`, name, detail. */
export function formatChecks(checks: BenchCheck[]): string {
  return checks.map((check) => `${check.ok ? 'ok    ' : 'FAILED'}  ${check.name}: ${check.detail}`).join('\n');
}

function codes(statusCodes: Record<string, number>): string {
  const shown = Object.entries(statusCodes).filter(([code]) => !code.startsWith('2'));
  return shown.length ? `(${shown.map(([code, count]) => `${code}: ${count}`).join(', ')})` : '';
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
