import { Clock } from '../../shared';
import { CellProblem, date, instant } from '../ingestion/cell-parsers';
import { InvalidAnalysisQuery } from '../analysis';

/**
 * Query normalisation of the company-data endpoints (market-data.md, rule 2; CONTRACT section 8):
 * values are normalised rather than rejected wherever the spec allows it, and the normalised
 * values are what the cache keys on, so `?years=abc` and `?years=5` share one entry.
 */

/** A raw query value as express hands it over: absent, one string, or repeated. */
export type RawQueryValue = unknown;

const first = (raw: RawQueryValue): string | undefined => {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim() : undefined;
};

/** An integer clamped to [min, max]; absent or not a number gives the default, decimals are truncated. */
export function clampInteger(raw: RawQueryValue, bounds: { min: number; max: number; fallback: number }): number {
  const text = first(raw);
  const number = text ? Number(text) : NaN;
  if (!Number.isFinite(number)) return bounds.fallback;
  return Math.min(bounds.max, Math.max(bounds.min, Math.trunc(number)));
}

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

/** Empty (or absent) reverts to the default; any other value outside the list is the spec's 400. */
function oneOf<T extends string>(raw: RawQueryValue, allowed: readonly T[], fallback: T, message: string): T {
  const value = (first(raw) ?? '').toLowerCase();
  if (!value) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw InvalidAnalysisQuery(message);
  return value as T;
}

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
  const values = (Array.isArray(raw) ? raw : [raw])
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase());
  const known = ANNOUNCEMENT_TYPES.filter((type) => values.includes(type));
  return known.length ? known : [...ANNOUNCEMENT_TYPES];
}

/**
 * NEPSE dates are Nepal dates: a `YYYY-MM-DD` bound, and "today", are days in Asia/Kathmandu
 * (UTC+05:45 all year, no daylight saving).
 */
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
const DAY_MS = 86_400_000;

/** Today in Nepal as YYYY-MM-DD, from the injected clock. */
export const nepalToday = (clock: Clock): string => new Date(clock.now().getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);

/** `day` (YYYY-MM-DD) moved by `days`. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first instant of a Nepal day, as canonical UTC text. */
const startOfNepalDay = (day: string) => `${new Date(Date.parse(`${day}T00:00:00Z`) - NEPAL_OFFSET_MS).toISOString().slice(0, 19)}.000000Z`;
/** The last microsecond of a Nepal day (timestamptz keeps microseconds), as canonical UTC text. */
const endOfNepalDay = (day: string) =>
  `${new Date(Date.parse(`${addDays(day, 1)}T00:00:00Z`) - NEPAL_OFFSET_MS - 1_000).toISOString().slice(0, 19)}.999999Z`;

/**
 * An inclusive `from` / `to` bound as canonical UTC instant text (microseconds), or null when
 * absent or unparseable. A date `from` starts at the day's first instant, a date `to` includes the
 * whole day; an RFC 3339 value is that instant.
 */
export function instantBound(raw: RawQueryValue, edge: 'from' | 'to'): string | null {
  const text = first(raw);
  if (!text) return null;
  try {
    const day = date(text);
    return edge === 'from' ? startOfNepalDay(day) : endOfNepalDay(day);
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
