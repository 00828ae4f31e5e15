import Big from 'big.js';
import type { FieldProblem } from '../../../shared';
import { canonicalText, decimalFrom, decimalPlaces } from './decimal-values';
import { SELL_TERMS, TRANSACTION_TYPES } from './transaction-fields';
import type { FieldName, Reading } from './transaction-fields';

/** Control characters other than tab and line breaks: PostgreSQL text cannot hold NUL, and none belongs in a note. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WHOLE_NUMBER = /^-?\d+$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
/** A date without a time is the start of that day on the Nepal exchange's clock (UTC+05:45). */
const NEPAL_OFFSET_MINUTES = 5 * 60 + 45;
const MAX_QUANTITY = Big(2_147_483_647);
const NOTES_MAX_CHARACTERS = 500;

/** A numeric column: at most `decimals` places, between `min` and `max` inclusive. */
interface Column {
  decimals: number;
  min: Big;
  max: Big;
}
const column = (decimals: number, min: string, max: string): Column => ({ decimals, min: Big(min), max: Big(max) });
const RATE = column(4, '0.0001', '9999999999.9999');
const PRICE = column(4, '0', '9999999999.9999');
const MONEY = column(2, '0', '99999999999999.99');

const problem = (field: string, code: string, message: string): { problem: FieldProblem } => ({ problem: { field, code, message } });

const READERS: Record<FieldName, (raw: unknown) => Reading> = {
  companyId: (raw) =>
    typeof raw === 'string' && UUID.test(raw.trim()) ? { value: raw.trim().toLowerCase() } : problem('companyId', 'uuid', 'companyId must be a valid UUID'),
  type: (raw) => readChoice('type', raw, TRANSACTION_TYPES, (text) => text.toUpperCase()),
  transactedAt: readInstant,
  quantity: readQuantity,
  rate: (raw) => readDecimal('rate', raw, RATE),
  amount: (raw) => readDecimal('amount', raw, MONEY),
  sebonCommission: (raw) => readDecimal('sebonCommission', raw, MONEY),
  brokerCommission: (raw) => readDecimal('brokerCommission', raw, MONEY),
  dpFee: (raw) => readDecimal('dpFee', raw, MONEY),
  netAmount: (raw) => readDecimal('netAmount', raw, MONEY),
  basePrice: (raw) => readDecimal('basePrice', raw, PRICE),
  term: (raw) => readChoice('term', raw, SELL_TERMS, (text) => text.toLowerCase()),
  cgtAmount: (raw) => readDecimal('cgtAmount', raw, MONEY),
  notes: (raw) => {
    if (typeof raw !== 'string') return problem('notes', 'type', 'notes must be a string');
    if (CONTROL_CHARACTERS.test(raw)) return problem('notes', 'type', 'notes must not contain control characters');
    if ([...raw.trim()].length > NOTES_MAX_CHARACTERS) return problem('notes', 'max', `notes must not exceed ${NOTES_MAX_CHARACTERS} characters`);
    return { value: raw.trim() };
  },
};

/**
 * Format-checks one field and normalises it. A null, an absent value or blank text is "not given": the value null,
 * which the type's rules may then require.
 */
export function readField(field: FieldName, raw: unknown): Reading {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return { value: null };
  return READERS[field](raw);
}

function readChoice<T extends string>(field: string, raw: unknown, choices: readonly T[], normalise: (text: string) => string): Reading {
  const text = typeof raw === 'string' ? normalise(raw.trim()) : undefined;
  const choice = choices.find((candidate) => candidate === text);
  return choice ? { value: choice } : problem(field, 'oneof', `${field} must be one of: ${choices.join(' ')}`);
}

function readQuantity(raw: unknown): Reading {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const quantity = typeof raw === 'number' && Number.isInteger(raw) ? Big(raw) : WHOLE_NUMBER.test(text) ? Big(text) : null;
  if (quantity === null) return problem('quantity', 'type', 'quantity must be a whole number');
  if (quantity.lt(1)) return problem('quantity', 'min', 'quantity must be at least 1');
  if (quantity.gt(MAX_QUANTITY)) return problem('quantity', 'max', `quantity must not exceed ${canonicalText(MAX_QUANTITY)}`);
  return { value: quantity.toNumber() };
}

/** A JSON number or plain decimal text, stored as canonical decimal text ("512.50" → "512.5"). */
function readDecimal(field: string, raw: unknown, limits: Column): Reading {
  const value = decimalFrom(typeof raw === 'string' ? raw.trim() : raw);
  if (!value) return problem(field, 'type', `${field} must be a number`);
  if (decimalPlaces(value) > limits.decimals) return problem(field, 'decimals', `${field} must have at most ${limits.decimals} decimal places`);
  if (value.lt(limits.min)) return problem(field, 'min', `${field} must be at least ${canonicalText(limits.min)}`);
  if (value.gt(limits.max)) return problem(field, 'max', `${field} must not exceed ${canonicalText(limits.max)}`);
  return { value: canonicalText(value) };
}

/** A calendar date (Nepal start of day), an RFC 3339 timestamp with Z or an offset, or a Date (a stored value merged in). */
function readInstant(raw: unknown): Reading {
  const instant = raw instanceof Date ? storableDate(raw) : typeof raw === 'string' ? instantFromText(raw.trim()) : null;
  if (!instant) return problem('transactedAt', 'iso8601', 'transactedAt must be a date (YYYY-MM-DD) or an RFC 3339 timestamp');
  return { value: instant };
}

/** Any instant a written date of years 1900..9999 can name, whatever its offset (±23:59). */
const EARLIEST_INSTANT = Date.UTC(1899, 11, 31);
const LATEST_INSTANT = Date.UTC(10000, 0, 2);

function storableDate(date: Date): Date | null {
  const time = date.getTime();
  return time >= EARLIEST_INSTANT && time < LATEST_INSTANT ? new Date(time) : null;
}

function instantFromText(text: string): Date | null {
  const date = CALENDAR_DATE.exec(text);
  if (date) return utcInstant(date.slice(1, 4).map(Number), [0, 0, 0], '0', NEPAL_OFFSET_MINUTES);
  const stamp = TIMESTAMP.exec(text);
  if (!stamp) return null;
  const [, , , , hours, minutes, seconds, fraction = '0', zulu, sign, offsetHours, offsetMinutes] = stamp;
  if (!zulu && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) return null;
  const offset = zulu ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  return utcInstant(stamp.slice(1, 4).map(Number), [hours, minutes, seconds].map(Number), fraction, offset);
}

/** The instant of a local wall-clock reading at `offsetMinutes` east of UTC; null when the reading does not exist (2024-02-30, 24:00). */
function utcInstant([year, month, day]: number[], [hours, minutes, seconds]: number[], fraction: string, offsetMinutes: number): Date | null {
  if (year < 1900 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const local = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, Number(fraction.padEnd(3, '0').slice(0, 3))));
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day) return null;
  return new Date(local.getTime() - offsetMinutes * 60_000);
}
