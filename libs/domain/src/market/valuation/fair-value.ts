import { isDeepStrictEqual } from 'node:util';
import { invalidMetric, metric, MetricValue } from '../analysis/metric';
import type { PriceMetrics } from './price-metrics';
import { isValid, MONEY_DECIMALS, ratio, round } from './valuation-math';

export interface FairValueMethod {
  method: 'graham_number' | 'sector_pe';
  value: MetricValue;
  inputs: Record<string, MetricValue>;
  formula: string;
}

export interface FairValueSummary {
  fairValue: MetricValue;
  lastPrice: MetricValue;
  upsidePercent: MetricValue;
  validMethods: number;
}

type InvalidStatus = Exclude<MetricValue['status'], 'valid'>;
const invalidStatus = (value: MetricValue | undefined): InvalidStatus =>
  value === undefined || value.status === 'valid' ? 'upstream_missing' : value.status;

/** Status of a formula needing positive inputs: upstream_missing (or the input's own status) first, then negative_input. */
function positiveInputs(inputs: MetricValue[]): MetricValue | null {
  const invalid = inputs.find((input) => !isValid(input));
  // A missing input is upstream_missing, except a sector median lacking peers, which keeps its reason.
  if (invalid) return invalidMetric('computed', invalid.status === 'insufficient_cohort' ? 'insufficient_cohort' : 'upstream_missing');
  if (inputs.some((input) => (input.value as number) <= 0)) return invalidMetric('computed', 'negative_input');
  return null;
}

/**
 * Graham number = √(22.5 × EPS × BVPS) (REFERENCE "Fundamentals and fair value"): 15 × earnings and
 * 1.5 × book value at most; undefined (negative_input) when EPS or BVPS is not positive.
 */
export function grahamNumber(prices: PriceMetrics): FairValueMethod {
  const inputs = { eps: prices.eps, bvps: prices.bvps };
  const value = positiveInputs([prices.eps, prices.bvps]) ?? metric(round(Math.sqrt(22.5 * (prices.eps.value as number) * (prices.bvps.value as number)), MONEY_DECIMALS), 'computed');
  return { method: 'graham_number', value, inputs, formula: '√(22.5 × eps × bvps)' };
}

/**
 * Relative P/E value = sector median P/E × EPS: what the company would be priced at on its sector's
 * typical multiple. negative_input when EPS ≤ 0; insufficient_cohort when fewer than 3 other companies
 * of the sector (the company itself excluded) have a valid P/E. (A dividend-discount model suits banks better, but needs a discount
 * rate and a growth rate the data does not carry; the relative P/E uses only stored figures.)
 */
export function sectorPeValue(prices: PriceMetrics, sectorMedianPe: MetricValue): FairValueMethod {
  const inputs = { eps: prices.eps, sectorMedianPe };
  const value = positiveInputs([prices.eps, sectorMedianPe]) ?? metric(round((sectorMedianPe.value as number) * (prices.eps.value as number), MONEY_DECIMALS), 'computed');
  return { method: 'sector_pe', value, inputs, formula: 'sectorMedianPe × eps' };
}

/**
 * Every input any method used, by name (market-data.md: fair value has methods, inputs and a
 * summary). Methods share inputs (eps) and must read the same value, so one entry per name; two
 * methods giving one name different values is a bug, refused rather than answered with either.
 */
export function fairValueInputs(methods: readonly FairValueMethod[]): Record<string, MetricValue> {
  const inputs: Record<string, MetricValue> = {};
  for (const { method, inputs: used } of methods) {
    for (const [name, value] of Object.entries(used)) {
      if (name in inputs && !isDeepStrictEqual(inputs[name], value)) {
        throw new Error(`fair value: ${method} gives input ${name} ${JSON.stringify(value)}, an earlier method ${JSON.stringify(inputs[name])}`);
      }
      inputs[name] = value;
    }
  }
  return inputs;
}

/**
 * fairValue = mean of the valid methods' values (when none is valid: the first method's status);
 * upsidePercent = (fairValue − lastPrice) / lastPrice × 100. Both methods invalid is still a 200 (rule 4).
 */
export function fairValueSummary(methods: readonly FairValueMethod[], lastPrice: MetricValue): FairValueSummary {
  const valid = methods.map((m) => m.value).filter(isValid);
  const fairValue = valid.length
    ? metric(meanOfRupees(valid.map((m) => m.value)), 'computed')
    : invalidMetric('computed', invalidStatus(methods[0]?.value));
  const upsidePercent =
    isValid(fairValue) && isValid(lastPrice)
      ? ratio(metric(fairValue.value - lastPrice.value, 'computed'), lastPrice, 100)
      : invalidMetric('computed', isValid(fairValue) ? 'upstream_missing' : invalidStatus(fairValue));
  return { fairValue, lastPrice, upsidePercent, validMethods: valid.length };
}

/** The mean of rupee amounts (2 decimals) in whole paisa, rounded half up: no float drift (417.705 is 417.71). */
function meanOfRupees(values: readonly number[]): number {
  const paisa = values.reduce((sum, value) => sum + Math.round(value * 100), 0);
  return Math.round(paisa / values.length) / 100;
}
