import { invalidMetric, metric, MetricValue } from '../analysis/metric';
import type { CompanyFigures } from './valuation-reader';
import { fromStored, isValid, median, multiplyExact, ratio } from './valuation-math';

/** A sector median needs at least this many companies with a valid value, else insufficient_cohort. */
export const MIN_SECTOR_COHORT = 3;

/** Price-based figures of one company, shared by the valuation tab, the fair value and the peers. */
export interface PriceMetrics {
  lastPrice: MetricValue;
  eps: MetricValue;
  bvps: MetricValue;
  pe: MetricValue;
  pb: MetricValue;
  earningsYield: MetricValue;
  dividendYield: MetricValue;
  marketCap: MetricValue;
}

/**
 * - lastPrice: the core snapshot's latest close (from the provider's prices, source mdp).
 * - eps: the provider's trailing-twelve-month EPS (`eps_ttm`), bvps: its book value per share
 *   (`bvps`), both as stored, source mdp; a missing row is upstream_missing. They are not re-derived
 *   from statements: the provider's figures already account for bonus shares and interim periods.
 * - pe = lastPrice / eps; pb = lastPrice / bvps (negative_input when eps or bvps ≤ 0).
 * - earningsYield = eps / lastPrice × 100 (%; negative for a loss, still valid).
 * - dividendYield = latest cash dividend % × paid-up value per share / lastPrice (%): a cash
 *   dividend of c % pays c % of the paid-up value (Rs 100) per share. No dividend row: upstream_missing.
 * - marketCap = lastPrice × listed shares (NPR, exact decimal product).
 */
export function priceMetrics(company: CompanyFigures): PriceMetrics {
  const lastPrice = company.lastPrice === null ? invalidMetric('mdp', 'upstream_missing') : metric(company.lastPrice, 'mdp');
  const eps = fromStored(company.metrics['eps_ttm']);
  const bvps = fromStored(company.metrics['bvps']);
  // c % × paid-up value is 100 × the cash paid per share, so dividing it by the price gives percent.
  const cashTimesPaidUp =
    company.latestCashPercent === null
      ? invalidMetric('computed', 'upstream_missing')
      : metric(multiplyExact(company.latestCashPercent, company.paidUpPerShare, 6), 'computed');
  return {
    lastPrice,
    eps,
    bvps,
    pe: ratio(lastPrice, eps),
    pb: ratio(lastPrice, bvps),
    earningsYield: ratio(eps, lastPrice, 100),
    dividendYield: ratio(cashTimesPaidUp, lastPrice),
    marketCap:
      company.lastPrice !== null && company.listedShares !== null
        ? metric(multiplyExact(company.lastPrice, company.listedShares), 'computed')
        : invalidMetric('computed', 'upstream_missing'),
  };
}

export interface SectorMedians {
  /** The other companies of the sector (not delisted): the focal company is excluded. */
  cohortSize: number;
  medianPe: MetricValue;
  medianPb: MetricValue;
}

/**
 * Sector median P/E and P/B over the cohort's valid values (at least MIN_SECTOR_COHORT, else
 * insufficient_cohort). The cohort is the focal company's sector without it: 3 means 3 others.
 */
export function sectorMedians(cohort: readonly CompanyFigures[]): SectorMedians {
  const metrics = cohort.map(priceMetrics);
  const valid = (pick: (m: PriceMetrics) => MetricValue) => metrics.map(pick).filter(isValid).map((m) => m.value);
  return {
    cohortSize: cohort.length,
    medianPe: median(valid((m) => m.pe), MIN_SECTOR_COHORT),
    medianPb: median(valid((m) => m.pb), MIN_SECTOR_COHORT),
  };
}
