import { invalidMetric, metric, MetricValue } from '../analysis/metric';
import type { CompanyFigures } from './valuation-reader';
import { cagrPercent, fromStored, growthPercent, isValid, ratio } from './valuation-math';

/** Years between the base and the latest annual period of the compound growth rates. */
export const CAGR_YEARS = 3;

/**
 * Ratios of the annual statements (the audited report preferred). "Latest" is the latest fiscal
 * year with an annual report. A company without any annual report has every ratio upstream_missing;
 * one that lacks an earlier year a formula needs (average equity, YoY, 3-year CAGR) has
 * insufficient_history; a line item missing from a year that exists is upstream_missing.
 */
export class AnnualStatements {
  readonly latestYear: number | null;

  constructor(private readonly company: CompanyFigures) {
    const years = [...company.annual.keys()];
    this.latestYear = years.length ? Math.max(...years) : null;
  }

  /** A line item `yearsBack` years before the latest annual period, or the status of its absence. */
  item(lineItem: string, yearsBack = 0): MetricValue {
    if (this.latestYear === null) return invalidMetric('mdp', 'upstream_missing');
    const year = this.company.annual.get(this.latestYear - yearsBack);
    if (!year) return invalidMetric('mdp', 'insufficient_history');
    return fromStored(year[lineItem]);
  }

  /** Whether the company reports the item in any annual period (npl_ratio: banks and microfinance only). */
  reports(lineItem: string): boolean {
    return [...this.company.annual.values()].some((items) => lineItem in items);
  }

  /** (item this year + item last year) / 2; a missing last year is insufficient_history. */
  average(lineItem: string): MetricValue {
    const current = this.item(lineItem);
    const prior = this.item(lineItem, 1);
    for (const part of [current, prior]) if (part.status === 'insufficient_history') return invalidMetric('computed', 'insufficient_history');
    if (!isValid(current) || !isValid(prior)) return invalidMetric('computed', 'upstream_missing');
    return metric((current.value + prior.value) / 2, 'computed');
  }

  /** YoY growth of a line item in percent, or insufficient_history without last year's report. */
  growth(lineItem: string): MetricValue {
    return this.over(1, (current, base) => growthPercent(current, base), lineItem);
  }

  /** CAGR over CAGR_YEARS years in percent, or insufficient_history without the base year's report. */
  cagr(lineItem: string): MetricValue {
    return this.over(CAGR_YEARS, (current, base) => cagrPercent(current, base, CAGR_YEARS), lineItem);
  }

  private over(yearsBack: number, formula: (current: MetricValue, base: MetricValue) => MetricValue, lineItem: string): MetricValue {
    const current = this.item(lineItem);
    const base = this.item(lineItem, yearsBack);
    if (base.status === 'insufficient_history') return invalidMetric('computed', 'insufficient_history');
    return formula(current, base);
  }
}

/** ROE = latest annual net_profit / average total_equity (latest and prior year) × 100 (%). */
export const returnOnEquity = (statements: AnnualStatements): MetricValue => profitOver(statements, 'total_equity');

/** ROA = latest annual net_profit / average total_assets × 100 (%). */
export const returnOnAssets = (statements: AnnualStatements): MetricValue => profitOver(statements, 'total_assets');

function profitOver(statements: AnnualStatements, lineItem: string): MetricValue {
  const average = statements.average(lineItem);
  if (average.status === 'insufficient_history') return average;
  return ratio(statements.item('net_profit'), average, 100);
}

/** The computed metric of a plain ratio of two line items of the latest annual report. */
export const itemRatio = (statements: AnnualStatements, numerator: string, denominator: string, scale = 1): MetricValue =>
  ratio(statements.item(numerator), statements.item(denominator), scale);
