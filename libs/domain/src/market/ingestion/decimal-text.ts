/**
 * Exact decimal text, never a float (STYLE.md, "Data"): a number cell is read as digits, rounded
 * half away from zero to the column's scale as PostgreSQL's numeric does, and handed to the
 * database as text. `scaled` is the value times 10^scale, for exact comparisons.
 */
export interface ScaledDecimal {
  /** Plain notation with exactly `scale` decimals: `505.0000`, `-3.250000`. */
  text: string;
  scaled: bigint;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/** Reads plain or exponent notation (`12`, `-0.5`, `.5`, `1.2e3`); undefined when it is not a number. */
export function scaleDecimal(input: string, scale: number): ScaledDecimal | undefined {
  const match = DECIMAL.exec(input);
  if (!match) return undefined;
  const [, sign, integerDigits = '', fractionDigits = '', exponent = '0'] = match;
  if (!integerDigits && !fractionDigits) return undefined;
  const digits = BigInt(integerDigits + fractionDigits);
  // value = digits × 10^(exponent − fraction length); scaled = value × 10^scale
  const shift = Number(exponent) - fractionDigits.length + scale;
  let magnitude: bigint;
  if (shift >= 0) {
    magnitude = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    magnitude = digits / divisor + ((digits % divisor) * 2n >= divisor ? 1n : 0n);
  }
  const scaled = sign === '-' ? -magnitude : magnitude;
  return { scaled, text: formatScaled(scaled, scale) };
}

/** Digits before the point of a scaled value (0 for |value| < 1), to check a numeric(p, s)'s p − s. */
export function integerDigits(scaled: bigint, scale: number): number {
  const whole = (scaled < 0n ? -scaled : scaled) / 10n ** BigInt(scale);
  return whole === 0n ? 0 : whole.toString().length;
}

export function formatScaled(scaled: bigint, scale: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale ? `.${fraction}` : ''}`;
}

/** The scaled value of text `formatScaled` wrote (any scale; compare only values of one scale). */
export function scaledOf(text: string): bigint {
  return BigInt(text.replace('.', ''));
}
