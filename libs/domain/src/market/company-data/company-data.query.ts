import { CellProblem, date, instant, isStorableInstant } from '../ingestion/cell-parsers';
import { clampInteger, listValues, oneOf, RawQueryValue, singleText } from '../analysis/query-values';
import { NEPAL_OFFSET_MS, nepalToday } from '../analysis/nepal-time';

export { clampInteger };
export type { RawQueryValue };

/**
 * Query normalisation of the company-data endpoints (market-data.md, rule 2; CONTRACT section 8):
 * values are normalised rather than rejected wherever the spec allows it, and the normalised
 * values are what the cache keys on, so `?years=abc` and `?years=5` share one entry.
 */

/** CONTRACT section 8. */
export const CLAMPS = {
  statementYears: { min: 1, max: 10, fallback: 5 },
  dividendYears: { min: 1, max: 20, fallback: 5 },
  upcomingDays: { min: 1, max: 365, fallback: 30 },
  bookCloseDays: { min: 1, max: 365, fallback: 30 },
  bookCloseLimit: { min: 1, max: 100, fallback: 20 },
  announcementLimit: { min: 1, max: 100, fallback: 20 },
} as const;

export const STATEMENT_TYPES = ['income', 'balance', 'cashflow'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];
export const STATEMENT_PERIODS = ['quarterly', 'annual'] as const;
export type StatementPeriod = (typeof STATEMENT_PERIODS)[number];

export const statementType = (raw: RawQueryValue) =>
  oneOf(raw, STATEMENT_TYPES, 'income', 'invalid type; expected income, balance or cashflow');
export const statementPeriod = (raw: RawQueryValue) =>
  oneOf(raw, STATEMENT_PERIODS, 'quarterly', 'invalid period; expected quarterly or annual');

export const ANNOUNCEMENT_TYPES = ['dividend', 'bonus', 'rights', 'agm', 'financial_report'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/**
 * `types` as comma-separated values and/or repeated parameters; unknown values are dropped, and
 * when none is left all five canonical types apply. Canonical order, no duplicates.
 */
export function announcementTypes(raw: RawQueryValue): AnnouncementType[] {
  const values = listValues(raw).map((value) => value.toLowerCase());
  const known = ANNOUNCEMENT_TYPES.filter((type) => values.includes(type));
  return known.length ? known : [...ANNOUNCEMENT_TYPES];
}

const DAY_MS = 86_400_000;

export { nepalToday };

/** `day` (YYYY-MM-DD) moved by `days`. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A Nepal day's first instant (`from`) or last microsecond (`to`, timestamptz keeps microseconds) as canonical UTC text; null outside 0001..9999 UTC. */
function nepalDayEdge(day: string, edge: 'from' | 'to'): string | null {
  const startMs = Date.parse(`${day}T00:00:00Z`) - NEPAL_OFFSET_MS;
  const ms = edge === 'from' ? startMs : startMs + DAY_MS - 1_000;
  if (!isStorableInstant(ms)) return null;
  return `${new Date(ms).toISOString().slice(0, 19)}.${edge === 'from' ? '000000' : '999999'}Z`;
}

/**
 * An inclusive `from` / `to` bound as canonical UTC instant text (microseconds), or null when
 * absent or unparseable (an instant outside 0001-01-01..9999-12-31 UTC counts as unparseable). A
 * date `from` starts at the day's first instant, a date `to` includes the whole day; an RFC 3339
 * value is that instant.
 */
export function instantBound(raw: RawQueryValue, edge: 'from' | 'to'): string | null {
  const text = singleText(raw);
  if (!text) return null;
  try {
    const day = date(text);
    return nepalDayEdge(day, edge);
  } catch (error) {
    if (!(error instanceof CellProblem)) throw error;
  }
  try {
    return instant(text);
  } catch (error) {
    if (error instanceof CellProblem) return null;
    throw error;
  }
}
