import type { FieldProblem } from '../../../shared';
import { addDays } from '../../company-data/company-data.query';
import { choice } from '../input';
import { PortfolioInputInvalid } from '../portfolio.errors';

/** market-data.md "Portfolio endpoints and rules": the valuation ranges; 1D reads intraday prices, the others daily closes. */
export const VALUATION_RANGES = ['1D', '1W', '1M', '3M', '6M', '1Y', 'YTD', 'ALL'] as const;
export type ValuationRange = (typeof VALUATION_RANGES)[number];
export type DailyRange = Exclude<ValuationRange, '1D'>;

const DEFAULT_RANGE: ValuationRange = '1M';
const MONTHS: Partial<Record<DailyRange, number>> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 };

/** `range`, case-insensitive; absent or empty is 1M; anything else is 400 `range must be one of: …`. */
export function readValuationRange(query: Record<string, unknown>): ValuationRange {
  const problems: FieldProblem[] = [];
  const range = choice(query['range'], 'range', VALUATION_RANGES, problems, (text) => text.toUpperCase());
  if (problems.length) throw PortfolioInputInvalid(problems);
  return range ?? DEFAULT_RANGE;
}

/**
 * The first day of a daily range ending at `latestDay` (both YYYY-MM-DD): the last 7 calendar days
 * for 1W, the last N calendar months for 1M…1Y (the day after the same date N months earlier, a
 * missing date clamped to its month's end, as the 52-week range of the snapshot counts 365 days
 * up to and including its day), 1 January of `latestDay`'s year for YTD, `firstDay` for ALL.
 */
export function rangeStart(range: DailyRange, latestDay: string, firstDay: string): string {
  if (range === 'ALL') return firstDay;
  if (range === 'YTD') return `${latestDay.slice(0, 4)}-01-01`;
  if (range === '1W') return addDays(latestDay, -6);
  return addDays(monthsBefore(latestDay, MONTHS[range] ?? 1), 1);
}

function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastOfMonth));
  return target.toISOString().slice(0, 10);
}
