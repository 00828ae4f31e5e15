import type { MetricValue } from '../analysis/metric';
import { oneOf } from '../analysis/query-values';
import type { PriceMetrics, SectorMedians } from './price-metrics';
import { AnnualStatements, itemRatio, returnOnAssets, returnOnEquity } from './statement-ratios';

export const RATIO_TABS = ['valuation', 'profitability', 'solvency', 'growth'] as const;
export type RatioTab = (typeof RATIO_TABS)[number];

/** market-data.md rule 2: `tab` trimmed and lower-cased; empty (or absent) is valuation; anything else 400. */
export const normaliseTab = (raw: unknown): RatioTab =>
  oneOf(raw, RATIO_TABS, 'valuation', 'invalid tab; expected valuation, profitability, solvency or growth');

/** One ratio as shown: a MetricValue with what it is, its unit and its formula. */
export interface RatioEntry extends MetricValue {
  key: string;
  label: string;
  unit: 'x' | '%' | 'NPR';
  formula: string;
}

const entry = (key: string, label: string, unit: RatioEntry['unit'], formula: string, value: MetricValue): RatioEntry => ({
  key,
  label,
  unit,
  formula,
  ...value,
});

export function valuationRatios(prices: PriceMetrics): RatioEntry[] {
  return [
    entry('pe', 'Price to earnings', 'x', 'lastPrice / eps (eps ≤ 0: negative_input)', prices.pe),
    entry('pb', 'Price to book', 'x', 'lastPrice / bvps (bvps ≤ 0: negative_input)', prices.pb),
    entry('eps', 'Earnings per share (TTM)', 'NPR', 'provider eps_ttm', prices.eps),
    entry('bvps', 'Book value per share', 'NPR', 'provider bvps', prices.bvps),
    entry('earningsYield', 'Earnings yield', '%', 'eps / lastPrice × 100', prices.earningsYield),
    entry('dividendYield', 'Dividend yield', '%', 'latest cash dividend % × paid-up value per share / lastPrice', prices.dividendYield),
  ];
}

/** NPL ratio appears only for a company that reports npl_ratio in some annual period (banks, microfinance). */
export function profitabilityRatios(statements: AnnualStatements): RatioEntry[] {
  const entries = [
    entry('roe', 'Return on equity', '%', 'net_profit / average(total_equity this and last year) × 100', returnOnEquity(statements)),
    entry('roa', 'Return on assets', '%', 'net_profit / average(total_assets this and last year) × 100', returnOnAssets(statements)),
    entry('netMargin', 'Net profit margin', '%', 'net_profit / total_revenue × 100', itemRatio(statements, 'net_profit', 'total_revenue', 100)),
  ];
  if (statements.reports('npl_ratio')) {
    entries.push(entry('npl', 'Non-performing loans', '%', 'provider npl_ratio of the latest annual report', statements.item('npl_ratio')));
  }
  return entries;
}

export function solvencyRatios(statements: AnnualStatements): RatioEntry[] {
  return [
    entry('debtToEquity', 'Debt to equity', 'x', 'total_liabilities / total_equity (equity ≤ 0: negative_input)', itemRatio(statements, 'total_liabilities', 'total_equity')),
    entry('equityRatio', 'Equity ratio', '%', 'total_equity / total_assets × 100', itemRatio(statements, 'total_equity', 'total_assets', 100)),
  ];
}

export function growthRatios(statements: AnnualStatements): RatioEntry[] {
  return [
    entry('revenueGrowth', 'Revenue growth (YoY)', '%', '(total_revenue − last year) / last year × 100', statements.growth('total_revenue')),
    entry('netProfitGrowth', 'Net profit growth (YoY)', '%', '(net_profit − last year) / last year × 100', statements.growth('net_profit')),
    entry('revenueCagr3y', 'Revenue CAGR (3 years)', '%', '((total_revenue / 3 years earlier)^(1/3) − 1) × 100', statements.cagr('total_revenue')),
    entry('netProfitCagr3y', 'Net profit CAGR (3 years)', '%', '((net_profit / 3 years earlier)^(1/3) − 1) × 100', statements.cagr('net_profit')),
  ];
}

/** The valuation tab's sector comparison: median P/E and P/B of the sector's other companies (cohortSize counts them). */
export interface SectorComparison {
  sector: { code: string; name: string };
  cohortSize: number;
  medianPe: MetricValue;
  medianPb: MetricValue;
}

export const sectorComparison = (sector: { code: string; name: string }, medians: SectorMedians): SectorComparison => ({ sector, ...medians });
