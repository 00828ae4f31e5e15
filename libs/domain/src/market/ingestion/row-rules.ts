import { scaledOf } from './decimal-text';
import { RowProblem } from './market-file';
import type { MetricStatus } from './metric-value';

/**
 * A metric or statement value exists exactly when its status is valid (market-data.md, "Metric
 * value"; the schema's *_value_iff_valid CHECKs). An empty status means `valid` with a value and
 * `upstream_missing` without one.
 */
export function metricStatus<R extends { value: string | null; status: MetricStatus | null }>(row: R): R {
  const status = row.status ?? (row.value === null ? 'upstream_missing' : 'valid');
  if (status === 'valid' && row.value === null) throw new RowProblem('value', 'status is valid but the value is empty');
  if (status !== 'valid' && row.value !== null) {
    throw new RowProblem('value', `a value is given but status is ${status}; the value must be empty unless status is valid`);
  }
  return { ...row, status };
}

interface StatementPeriod {
  period_type: 'quarterly' | 'annual';
  fiscal_quarter: number;
  is_audited: boolean;
}

/** Quarter 0 (or empty) is the annual period; only an annual value can be the audited override. */
export function statementPeriod<R extends StatementPeriod>(row: R): R {
  if (row.period_type === 'annual' && row.fiscal_quarter !== 0) {
    throw new RowProblem('fiscal_quarter', `must be 0 or empty for an annual period, not ${row.fiscal_quarter}`);
  }
  if (row.period_type === 'quarterly' && row.fiscal_quarter === 0) throw new RowProblem('fiscal_quarter', 'must be 1 to 4 for a quarterly period');
  if (row.is_audited && row.period_type !== 'annual') throw new RowProblem('is_audited', 'only an annual value can be audited');
  return row;
}

interface PriceBar {
  open: string;
  high: string;
  low: string;
  close: string;
}

/** A daily bar's low and high bracket its open and close (market_daily_prices_range). */
export function priceBar<R extends PriceBar>(row: R): R {
  const [open, high, low, close] = [row.open, row.high, row.low, row.close].map(scaledOf);
  if (low > open || low > close) throw new RowProblem('low', `${row.low} is above the open (${row.open}) or the close (${row.close})`);
  if (high < open || high < close) throw new RowProblem('high', `${row.high} is below the open (${row.open}) or the close (${row.close})`);
  return row;
}
