import { invalidMetric, metric, MetricValue } from '../analysis/metric';
import { isValid, round } from './valuation-math';

/** The peer radar's axes; P/E and P/B are inverted (the cheaper company scores higher). */
export const RADAR_AXES = [
  { metric: 'pe', label: 'P/E (lower is better)', higherIsBetter: false },
  { metric: 'pb', label: 'P/B (lower is better)', higherIsBetter: false },
  { metric: 'roe', label: 'Return on equity', higherIsBetter: true },
  { metric: 'eps', label: 'Earnings per share', higherIsBetter: true },
  { metric: 'dividendYield', label: 'Dividend yield', higherIsBetter: true },
  { metric: 'marketCap', label: 'Market capitalisation', higherIsBetter: true },
] as const;

export type RadarMetric = (typeof RADAR_AXES)[number]['metric'];

export interface RadarAxis {
  metric: RadarMetric;
  label: string;
  higherIsBetter: boolean;
  values: Array<{ symbol: string; score: MetricValue }>;
}

/**
 * Each axis scales the group's valid values to 0-100 by min-max within the group (100 = best of
 * the group, 0 = worst; every valid value is 100 when they are all equal). A company whose metric
 * is not valid gets no score, with the metric's own status.
 */
export function radar(companies: ReadonlyArray<{ symbol: string; metrics: Record<RadarMetric, MetricValue> }>): RadarAxis[] {
  return RADAR_AXES.map(({ metric: key, label, higherIsBetter }) => {
    const valid = companies.map((c) => c.metrics[key]).filter(isValid).map((m) => m.value);
    const min = Math.min(...valid);
    const max = Math.max(...valid);
    const values = companies.map(({ symbol, metrics }) => {
      const raw = metrics[key];
      if (!isValid(raw)) return { symbol, score: invalidMetric('computed', raw.status === 'valid' ? 'upstream_missing' : raw.status) };
      const share = max === min ? 1 : (raw.value - min) / (max - min);
      return { symbol, score: metric(round((higherIsBetter ? share : 1 - share) * 100, 2), 'computed') };
    });
    return { metric: key, label, higherIsBetter, values };
  });
}
