import { type Day, isoDate } from './calendar';
import type { Cell } from './csv';
import type { DemoCompany } from './companies';
import { round } from './numbers';
import type { Dividend } from './dividends';
import type { StatementFacts } from './statements';

/**
 * Provider (mdp) metrics as of the latest trading day, consistent with the statements and prices:
 * eps_ttm (last four reported quarters), bvps (latest quarter), market_cap (close × listed shares),
 * pe, pb, roe (%, on average equity) and dividend_yield (% of the close, latest cash dividend of the
 * last two fiscal years). Ratios of a non-positive EPS or book value are negative_input; the
 * upstream_missing company lacks bvps, pb, roe and dividend_yield.
 */
export const METRIC_HEADER = ['symbol', 'metric', 'as_of', 'value', 'source', 'status'];
const MISSING_UPSTREAM = ['bvps', 'pb', 'roe', 'dividend_yield'];

export function buildMetrics(company: DemoCompany, asOf: Day, close: number, facts: StatementFacts, dividends: readonly Dividend[], lastAnnual: number): Cell[][] {
  const epsTtm = facts.ttmNetProfit / facts.latestShares;
  const bvps = facts.latestEquity / facts.latestShares;
  const averageEquity = (facts.latestEquity + facts.equityYearAgo) / 2;
  const recent = dividends.filter((d) => d.fiscalYear >= lastAnnual - 1).pop();
  const values: Record<string, number | 'negative_input'> = {
    eps_ttm: round(epsTtm, 2),
    bvps: round(bvps, 2),
    market_cap: round(close * company.listedShares, 2),
    pe: epsTtm > 0 ? round(close / epsTtm, 2) : 'negative_input',
    pb: bvps > 0 ? round(close / bvps, 2) : 'negative_input',
    roe: facts.latestEquity > 0 && facts.equityYearAgo > 0 ? round((facts.ttmNetProfit / averageEquity) * 100, 2) : 'negative_input',
    dividend_yield: round(((recent?.cashPercent ?? 0) / close) * 100, 2),
  };
  return Object.entries(values).map(([metric, value]) => {
    if (company.degenerate === 'upstream_missing' && MISSING_UPSTREAM.includes(metric)) return [company.symbol, metric, isoDate(asOf), null, 'mdp', 'upstream_missing'];
    if (value === 'negative_input') return [company.symbol, metric, isoDate(asOf), null, 'mdp', 'negative_input'];
    return [company.symbol, metric, isoDate(asOf), value, 'mdp', 'valid'];
  });
}
