import { integerDigits, scaleDecimal } from './decimal-text';

/** A non-empty cell: CSV gives text, JSON also numbers and booleans. */
export type Cell = string | number | boolean;

/** Reads one non-empty cell, or throws a CellProblem saying what is wrong with it. */
export type CellParser<T> = (cell: Cell) => T;

/** A cell that cannot be read; the validator adds the file, line and field. */
export class CellProblem extends Error {}

/** The cell as a message quotes it: `"abc"`, `12.5`, `true`. */
export function show(cell: Cell): string {
  if (typeof cell !== 'string') return String(cell);
  return JSON.stringify(cell.length > 60 ? `${cell.slice(0, 57)}...` : cell);
}

function textOf(cell: Cell, what: string): string {
  if (typeof cell !== 'string') throw new CellProblem(`${show(cell)} is not ${what} (expected a string)`);
  if (cell.includes('\u0000')) throw new CellProblem('contains a NUL character');
  return cell;
}

/** Number cells: a JSON number, or text in plain or exponent notation. */
function numberText(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'boolean') throw new CellProblem(`${show(cell)} is not a number`);
  return cell.trim();
}

export interface TextRule {
  /** Most characters (code points, as PostgreSQL's length counts them). */
  max: number;
  /** At least one non-space character. */
  notBlank?: boolean;
  pattern?: { regex: RegExp; description: string };
}

export function text(rule: TextRule): CellParser<string> {
  return (cell) => {
    const value = textOf(cell, 'text');
    if (rule.notBlank && !value.trim()) throw new CellProblem('must not be blank');
    const length = [...value].length;
    if (length > rule.max) throw new CellProblem(`is ${length} characters long; at most ${rule.max} are allowed`);
    if (rule.pattern && !rule.pattern.regex.test(value)) throw new CellProblem(`${show(cell)} is not ${rule.pattern.description}`);
    return value;
  };
}

/** A listed company's symbol, upper-cased (symbols are case-insensitive, stored upper-case). */
export const symbol: CellParser<string> = (cell) => {
  const value = textOf(cell, 'a symbol').trim().toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(value)) throw new CellProblem(`${show(cell)} is not a symbol (1-20 letters and digits)`);
  return value;
};

/** A lower-case identifier such as a sector code or a line item (`net_profit`). */
export function identifier(pattern: RegExp, max: number): CellParser<string> {
  return text({ max, pattern: { regex: pattern, description: `a lower-case identifier (${pattern.source})` } });
}

export function oneOf<T extends string>(values: readonly T[]): CellParser<T> {
  return (cell) => {
    const value = textOf(cell, `one of ${values.join(', ')}`);
    if (!(values as readonly string[]).includes(value)) throw new CellProblem(`${show(cell)} is not one of ${values.join(', ')}`);
    return value as T;
  };
}

function wholeNumber(cell: Cell, min: bigint, max: bigint): bigint {
  // JSON.parse has already rounded a number past 2^53: such a number must come as a string.
  if (typeof cell === 'number' && Number.isInteger(cell) && !Number.isSafeInteger(cell)) {
    throw new CellProblem(`${show(cell)} is too large for a JSON number; write it as a string`);
  }
  const digits = numberText(cell);
  if (!/^[+-]?\d+$/.test(digits)) throw new CellProblem(`${show(cell)} is not a whole number`);
  const value = BigInt(digits);
  if (value < min || value > max) throw new CellProblem(`${show(cell)} is out of range (${min} to ${max})`);
  return value;
}

/** A smallint or integer column, as a JS number. */
export function integer(min: number, max: number): CellParser<number> {
  return (cell) => Number(wholeNumber(cell, BigInt(min), BigInt(max)));
}

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** A bigint column, as decimal text (volumes and share counts may pass 2^53). */
export function bigInteger(min: bigint): CellParser<string> {
  return (cell) => wholeNumber(cell, min, BIGINT_MAX).toString();
}

export interface DecimalRule {
  precision: number;
  scale: number;
  min?: 'positive' | 'non-negative';
  /** Largest value, in units (100 for a percentage). */
  max?: number;
}

/** A JSON number keeps only about 15 significant decimal digits exactly (a double has 15.95). */
const MAX_JSON_SIGNIFICANT_DIGITS = 15;

/** Significant digits of a JSON number as JS writes it (`0.30000000000000004` has 17, `1.5e-7` 2). */
function significantDigits(value: number): number {
  const mantissa = String(Math.abs(value)).split('e')[0].replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length;
}

/**
 * A numeric(precision, scale) column, as exact text with `scale` decimals. A JSON number with more
 * than 15 significant digits is refused: JSON.parse has already rounded it to a double (as the
 * whole-number path refuses numbers past 2^53), so it must come as a string.
 */
export function decimal(rule: DecimalRule): CellParser<string> {
  const max = rule.max === undefined ? undefined : BigInt(rule.max) * 10n ** BigInt(rule.scale);
  return (cell) => {
    if (typeof cell === 'number' && Number.isFinite(cell) && significantDigits(cell) > MAX_JSON_SIGNIFICANT_DIGITS) {
      throw new CellProblem(`${show(cell)} has more than ${MAX_JSON_SIGNIFICANT_DIGITS} significant digits, too many for a JSON number; write it as a string`);
    }
    const value = scaleDecimal(numberText(cell), rule.scale);
    if (!value) throw new CellProblem(`${show(cell)} is not a number`);
    if (integerDigits(value.scaled, rule.scale) > rule.precision - rule.scale) {
      throw new CellProblem(`${show(cell)} is too large (at most ${rule.precision - rule.scale} digits before the decimal point)`);
    }
    if (rule.min === 'positive' && value.scaled <= 0n) throw new CellProblem(`${show(cell)} must be greater than 0`);
    if (rule.min === 'non-negative' && value.scaled < 0n) throw new CellProblem(`${show(cell)} must not be negative`);
    if (max !== undefined && value.scaled > max) throw new CellProblem(`${show(cell)} must not exceed ${rule.max}`);
    return value.text;
  };
}

export const boolean: CellParser<boolean> = (cell) => {
  if (typeof cell === 'boolean') return cell;
  const value = typeof cell === 'string' ? cell.trim().toLowerCase() : '';
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new CellProblem(`${show(cell)} is not true or false`);
};

/** A calendar date, `YYYY-MM-DD`. */
export const date: CellParser<string> = (cell) => {
  const value = textOf(cell, 'a date').trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || !isCalendarDate(+match[1], +match[2], +match[3])) throw new CellProblem(`${show(cell)} is not a date (YYYY-MM-DD)`);
  return value;
};

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 instant with its offset (`2024-07-01T10:15:00+05:45`), as canonical UTC text with
 * microseconds (timestamptz keeps microseconds), so one instant written two ways is one key.
 */
export const instant: CellParser<string> = (cell) => {
  const value = textOf(cell, 'an instant').trim();
  const match = INSTANT.exec(value);
  const invalid = () => new CellProblem(`${show(cell)} is not an RFC 3339 instant (e.g. 2024-07-01T10:15:00+05:45)`);
  if (!match) throw invalid();
  const [, year, month, day, hour, minute, second, fraction = '', zulu, sign, offsetHours, offsetMinutes] = match;
  if (!isCalendarDate(+year, +month, +day) || +hour > 23 || +minute > 59 || +second > 59) throw invalid();
  if (!zulu && (+offsetHours > 23 || +offsetMinutes > 59)) throw invalid();
  if (fraction.length > 6 && /[1-9]/.test(fraction.slice(6))) throw new CellProblem(`${show(cell)} is finer than a microsecond`);
  const offsetMs = zulu ? 0 : (sign === '-' ? -1 : 1) * (+offsetHours * 60 + +offsetMinutes) * 60_000;
  const utcMs = utcTime(+year, +month, +day, +hour, +minute, +second) - offsetMs;
  if (!isStorableInstant(utcMs)) throw new CellProblem(`${show(cell)} is outside 0001-01-01 to 9999-12-31 (UTC)`);
  return `${new Date(utcMs).toISOString().slice(0, 19)}.${fraction.slice(0, 6).padEnd(6, '0')}Z`;
};

const FIRST_INSTANT_MS = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Whether a UTC instant (whole milliseconds) lies in 0001-01-01..9999-12-31 UTC: the range a
 * four-digit canonical text can write (an offset can push a valid local time past either end).
 */
export const isStorableInstant = (utcMs: number): boolean => utcMs >= FIRST_INSTANT_MS && utcMs <= LAST_INSTANT_MS;

/** Date.UTC without its two-digit-year rule (Date.UTC(1, 0, 1) is 1901): years 1-99 are themselves. */
function utcTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, 0);
  return at.getTime();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const at = new Date(utcTime(year, month, day));
  return year >= 1 && at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** An http(s) URL. */
export const httpUrl: CellParser<string> = (cell) => {
  const value = textOf(cell, 'a URL').trim();
  if (!/^https?:\/\/\S+$/.test(value)) throw new CellProblem(`${show(cell)} is not an http(s) URL`);
  return value;
};
