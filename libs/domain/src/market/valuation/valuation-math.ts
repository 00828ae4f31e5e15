import type { MetricSource, MetricStatus } from '../ingestion/metric-value';
import { invalidMetric, metric, MetricValue } from '../analysis/metric';

/** A stored metric or statement value as read (numeric as exact text), before it becomes a MetricValue. */
export interface StoredValue {
  value: string | null;
  source: MetricSource;
  status: MetricStatus;
}

/** Ratios are shown to 4 decimals; rupee amounts to 2 (money rounding is done exactly, see multiplyExact). */
export const RATIO_DECIMALS = 4;
export const MONEY_DECIMALS = 2;

export function round(value: number, decimals = RATIO_DECIMALS): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * (Math.round(Math.abs(value) * factor) / factor) + 0;
}

/** A stored value as shown: its own source and status; absent altogether is the provider not having it. */
export const fromStored = (stored: StoredValue | undefined, source: MetricSource = 'mdp'): MetricValue =>
  stored ? metric(stored.value, stored.source, stored.status) : invalidMetric(source, 'upstream_missing');

export const isValid = (value: MetricValue): value is MetricValue & { value: number } => value.status === 'valid' && value.value !== undefined;

/**
 * numerator / denominator × scale, computed. An input that is not valid makes the result
 * upstream_missing (market-data.md rule 4); a denominator ≤ 0 is negative_input (every ratio here
 * divides by a price, a per-share figure, equity, assets, revenue or a prior period that must be
 * positive for the ratio to mean anything: P/E of a loss, ROE on negative equity ...).
 */
export function ratio(numerator: MetricValue, denominator: MetricValue, scale = 1, decimals = RATIO_DECIMALS): MetricValue {
  if (!isValid(numerator) || !isValid(denominator)) return invalidMetric('computed', 'upstream_missing');
  if (denominator.value <= 0) return invalidMetric('computed', 'negative_input');
  return metric(round((numerator.value / denominator.value) * scale, decimals), 'computed');
}

/** Year-over-year growth in percent: (current − prior) / prior × 100; prior ≤ 0 is negative_input. */
export const growthPercent = (current: MetricValue, prior: MetricValue): MetricValue =>
  isValid(current) && isValid(prior) ? ratio(metric(current.value - prior.value, 'computed'), prior, 100) : invalidMetric('computed', 'upstream_missing');

/** Compound annual growth in percent over `years`: ((current / base)^(1/years) − 1) × 100; both must be positive. */
export function cagrPercent(current: MetricValue, base: MetricValue, years: number): MetricValue {
  if (!isValid(current) || !isValid(base)) return invalidMetric('computed', 'upstream_missing');
  if (current.value <= 0 || base.value <= 0) return invalidMetric('computed', 'negative_input');
  return metric(round(((current.value / base.value) ** (1 / years) - 1) * 100), 'computed');
}

/** The median of valid values; fewer than `minimum` is insufficient_cohort (a sector comparison without peers). */
export function median(values: readonly number[], minimum: number): MetricValue {
  if (values.length < minimum) return invalidMetric('computed', 'insufficient_cohort');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return metric(round(value), 'computed');
}

/**
 * a × b of two exact decimal texts (numeric columns as PostgreSQL prints them), rounded half away
 * from zero to `decimals` with integer arithmetic, e.g. a market capitalisation of price × shares
 * that a float product could miss by a paisa.
 */
export function multiplyExact(a: string, b: string, decimals = MONEY_DECIMALS): number {
  const parse = (text: string) => {
    const [whole, fraction = ''] = text.trim().split('.');
    return { units: BigInt(`${whole}${fraction}`), scale: fraction.length };
  };
  const x = parse(a);
  const y = parse(b);
  const product = x.units * y.units;
  const drop = x.scale + y.scale - decimals;
  if (drop <= 0) return Number(product * 10n ** BigInt(-drop)) / 10 ** decimals;
  const divisor = 10n ** BigInt(drop);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + divisor / 2n) / divisor;
  const digits = rounded.toString().padStart(decimals + 1, '0');
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return Number(product < 0n ? `-${text}` : text);
}
