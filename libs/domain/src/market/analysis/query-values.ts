import { InvalidAnalysisQuery } from './analysis.errors';

/**
 * Reading the query values of every stock-analysis endpoint (market-data.md rule 2; CONTRACT
 * section 8), one rule for all of them. A value arrives as express hands it over: absent, a
 * string, an array (the parameter repeated) or an object (`?tab[a]=x`).
 *
 * - A single-valued parameter reads a string, or the first value of a repeated one. Anything
 *   else (an object, an array whose first value is not a string) is not a string value: a
 *   whitelisted parameter answers 400, an integer its default.
 * - A list parameter (`types`, `symbols`) reads every string value, comma-separated and/or
 *   repeated; values that are not strings are ignored, as unknown entries are.
 */

/** A raw query value as express hands it over. */
export type RawQueryValue = unknown;

/** The trimmed text of a single-valued parameter; undefined when absent; null when not a string value. */
export function singleText(raw: RawQueryValue): string | undefined | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value.trim() : null;
}

/** A plain decimal number: digits with an optional fraction and exponent; no hex, no Infinity, no spaces inside. */
const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)(e[+-]?\d+)?$/i;

export interface IntegerBounds {
  min: number;
  max: number;
  fallback: number;
}

/**
 * An integer clamped to [min, max], decimals truncated; a number too large for a double
 * (`1e309`, `-1e309`) clamps like any other. Absent, empty, not a decimal number (`abc`, `0x14`,
 * `Infinity`) or not a string value: the default.
 */
export function clampInteger(raw: RawQueryValue, bounds: IntegerBounds): number {
  const text = singleText(raw);
  if (!text || !DECIMAL_NUMBER.test(text)) return bounds.fallback;
  const number = Number(text);
  if (number === Infinity) return bounds.max;
  if (number === -Infinity) return bounds.min;
  return Math.min(bounds.max, Math.max(bounds.min, Math.trunc(number)));
}

/**
 * A whitelisted value, trimmed and lower-cased: empty or absent is the default; a value outside
 * the list, or not a string value, is 400 with `message`.
 */
export function oneOf<T extends string>(raw: RawQueryValue, allowed: readonly T[], fallback: T, message: string): T {
  const text = singleText(raw);
  if (text === null) throw InvalidAnalysisQuery(message);
  const value = (text ?? '').toLowerCase();
  if (!value) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw InvalidAnalysisQuery(message);
  return value as T;
}

/** The entries of a list parameter, comma-separated and/or repeated, each trimmed, empties dropped, in order. */
export function listValues(raw: RawQueryValue): string[] {
  return (Array.isArray(raw) ? raw : [raw])
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}
