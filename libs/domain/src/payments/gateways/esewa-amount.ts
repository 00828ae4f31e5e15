/**
 * eSewa speaks rupees as decimal text ("1999.00" in our form, "1999.0" in its callback), the
 * platform integer paisa. Conversions go through strings and integers, never floats, so
 * 1999.99 rupees is always 199999 paisa.
 */

/** 199900 -> "1999.00" (the form's `amount` and `total_amount`). */
export function paisaToRupees(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`not an amount in paisa: ${paisa}`);
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;
}

// Digits, plain or grouped, then an optional fraction. Grouping is either Western thousands
// ("1,999.0", "1,000,000.0": reported in some eSewa answers) or the Indian lakh/crore style used
// in Nepal ("1,00,000.0", "1,00,00,000.0": the last group has three digits, the ones before two).
const RUPEES = /^(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)(?:\.(\d+))?$/;

/**
 * "1999", "1999.0", "1999.00", "1,999.5", "1,00,000.0" -> paisa; anything else (negative,
 * exponent, more than two significant decimals, misplaced separators, empty) -> null. Used to
 * compare a gateway's amount with the order's.
 */
export function rupeesToPaisa(text: string): number | null {
  const match = RUPEES.exec(text);
  if (!match) return null;
  const whole = match[1].replace(/,/g, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (/[^0]/.test(fraction.slice(2))) return null; // 1999.001 is not an amount in paisa
  const paisa = Number(whole) * 100 + Number(fraction.slice(0, 2));
  return Number.isSafeInteger(paisa) ? paisa : null;
}
