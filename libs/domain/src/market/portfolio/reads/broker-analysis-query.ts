import type { FieldProblem } from '../../../shared';
import { singleText } from '../../analysis/query-values';
import { NEPAL_OFFSET_MS } from '../../analysis/nepal-time';
import { CellProblem, date, instant } from '../../ingestion/cell-parsers';
import { wholeNumber } from '../input';
import { PortfolioInputInvalid } from '../portfolio.errors';

export const BROKER_LIMIT = { min: 1, max: 50, fallback: 10 } as const;

export interface BrokerAnalysisQuery {
  /** First business date (YYYY-MM-DD); null: 29 days before `to` (30 days in all). */
  from: string | null;
  /** Last business date; null: the latest business date of the held symbols in the floor sheet. */
  to: string | null;
  /** Brokers listed per symbol. */
  limit: number;
}

/**
 * `from`, `to` (a date, or an RFC 3339 timestamp read as its Nepal business date; CONTRACT
 * section 5) and `limit` (a whole number 1..50, default 10). Unlike the stock-analysis clamps, a
 * bad value is 400, as bad pagination is on the other portfolio reads; every problem is listed.
 */
export function readBrokerAnalysisQuery(query: Record<string, unknown>): BrokerAnalysisQuery {
  const problems: FieldProblem[] = [];
  const from = businessDate(query['from'], 'from', problems);
  const to = businessDate(query['to'], 'to', problems);
  const limit = wholeNumber(query['limit'], 'limit', BROKER_LIMIT.min, BROKER_LIMIT.max, problems) ?? BROKER_LIMIT.fallback;
  if (problems.length) throw PortfolioInputInvalid(problems);
  return { from, to, limit };
}

function businessDate(raw: unknown, field: 'from' | 'to', problems: FieldProblem[]): string | null {
  const text = singleText(raw);
  if (text === undefined || text === '') return null;
  const day = text === null ? null : nepalDateOf(text);
  if (day === null) problems.push({ field, code: 'iso8601', message: `${field} must be a date (YYYY-MM-DD) or an RFC 3339 timestamp` });
  return day;
}

/** A date as itself; an instant as its Nepal date; null for anything else, or a date past 9999. */
function nepalDateOf(text: string): string | null {
  try {
    return date(text);
  } catch (error) {
    if (!(error instanceof CellProblem)) throw error;
  }
  try {
    const utc = instant(text);
    const day = new Date(Date.parse(`${utc.slice(0, 23)}Z`) + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
    return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
  } catch (error) {
    if (error instanceof CellProblem) return null;
    throw error;
  }
}
