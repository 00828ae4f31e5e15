import type { MetricSource, MetricStatus } from '../ingestion/metric-value';

/**
 * market-data.md, "Metric value": `value` is present only when `status` is valid. Every number an
 * analysis endpoint shows goes through `metric`, so the rule cannot be forgotten field by field.
 */
export interface MetricValue {
  value?: number;
  source: MetricSource;
  status: MetricStatus;
}

/** A metric from a stored or computed value: null, undefined or a non-finite number is never valid. */
export function metric(value: number | string | null | undefined, source: MetricSource, status: MetricStatus = 'valid'): MetricValue {
  const number = value === null || value === undefined ? NaN : Number(value);
  if (status !== 'valid') return { source, status };
  if (!Number.isFinite(number)) return { source, status: 'upstream_missing' };
  return { value: number, source, status };
}

/** A metric that could not be computed, for the reason `status` names. */
export const invalidMetric = (source: MetricSource, status: Exclude<MetricStatus, 'valid'>): MetricValue => ({ source, status });
