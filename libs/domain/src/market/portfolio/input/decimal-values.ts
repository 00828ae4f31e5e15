import Big from 'big.js';

/**
 * The few readings and writings of exact decimals (money, rates, percents) that big.js leaves to us; the
 * arithmetic itself is big.js. No global Big setting is read or changed: nothing here divides (Big.DP), rounding
 * modes are passed explicitly, and all text comes from toFixed, which never uses exponent notation (Big.NE/PE).
 */

/** An optional minus, digits, and optionally a point followed by digits: "512.50", "-3", "0.0001". */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * A JSON number exactly as JavaScript prints it (exponent forms such as 1e-7 included), or plain decimal text.
 * Null for anything else: NaN, ±Infinity, text with an exponent, "1.", ".5", "+1", "1,000", surrounding spaces,
 * and values that are neither numbers nor strings.
 */
export function decimalFrom(raw: unknown): Big | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Big(raw) : null;
  return typeof raw === 'string' && PLAIN_DECIMAL.test(raw) ? Big(raw) : null;
}

/** Plain text without trailing fraction zeros or a negative zero: "512.50" → "512.5", "-0.00" → "0", 1e21 → "1000…0". */
export const canonicalText = (value: Big): string => value.toFixed();

/** Decimal places the value needs; trailing zeros do not count ("1.50" needs 1, "10.000" none). */
export const decimalPlaces = (value: Big): number => canonicalText(value).split('.')[1]?.length ?? 0;

/** Text with exactly `decimals` places, rounded half away from zero (Big.roundHalfUp); "0.00", never "-0.00". */
export const fixedText = (value: Big, decimals: number): string => value.round(decimals, Big.roundHalfUp).toFixed(decimals);
