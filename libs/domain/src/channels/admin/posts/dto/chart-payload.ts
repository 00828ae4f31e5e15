import { BodyUnprocessable, STORABLE_TEXT_PATTERN } from '../../../../shared';

/** A chart payload's size limit: the bytes of PostgreSQL's jsonb text (channel_posts CHECK, migration 0016). */
export const MAX_CHART_PAYLOAD_BYTES = 262_144;
/** Nesting beyond this is refused (a chart needs a few levels; deeper input only costs recursion). */
export const MAX_CHART_PAYLOAD_DEPTH = 32;

/**
 * The byte length of `value` as PostgreSQL prints it as jsonb (`{"a": 1, "b": [2, 3]}`: a space
 * after each `:` and `,`, numbers as numeric text), which is what the table's CHECK measures; or
 * null when jsonb cannot hold it (a NUL character or an unpaired surrogate in a string or key, a
 * value that is not JSON, nesting deeper than MAX_CHART_PAYLOAD_DEPTH). Stops counting once past
 * the limit. So a payload the route accepts is one the database stores, never a 500.
 */
export function jsonbTextBytes(value: unknown, depth = 1): number | null {
  if (value === null) return 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (typeof value === 'number') return Number.isFinite(value) ? numericText(value).length : null;
  if (typeof value === 'string') return STORABLE_TEXT_PATTERN.test(value) ? Buffer.byteLength(JSON.stringify(value)) : null;
  if (typeof value !== 'object' || depth > MAX_CHART_PAYLOAD_DEPTH) return null;
  const entries: Array<[string | null, unknown]> = Array.isArray(value) ? value.map((item) => [null, item]) : Object.entries(value);
  let total = 2 + Math.max(0, entries.length - 1) * 2;
  for (const [key, item] of entries) {
    if (key !== null) {
      const keyBytes = jsonbTextBytes(key, depth);
      if (keyBytes === null) return null;
      total += keyBytes + 2;
    }
    const itemBytes = jsonbTextBytes(item, depth + 1);
    if (itemBytes === null) return null;
    total += itemBytes;
    if (total > MAX_CHART_PAYLOAD_BYTES) return total;
  }
  return total;
}

/**
 * A number as PostgreSQL's numeric prints it: JSON.stringify's shortest form (what is sent) with
 * any exponent written out (`1e+21` is `1000000000000000000000`, `1.5e-7` is `0.00000015`).
 */
export function numericText(value: number): string {
  const text = JSON.stringify(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, fraction = '', exponent] = match;
  const digits = lead + fraction;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A chart_payload_json the jsonb column holds (migration 0016): at most MAX_CHART_PAYLOAD_BYTES as
 * PostgreSQL prints it, nested at most MAX_CHART_PAYLOAD_DEPTH levels, no NUL character or
 * unpaired surrogate; else 422 naming the field. Checked after the DTO's rules (which make it an
 * object or null), not as a class-validator rule: a custom rule on an `object` property documents
 * it in OpenAPI as a $ref to a schema named Object, which no client can resolve.
 */
export function requireChartPayloadFits(value: Record<string, unknown> | null | undefined): void {
  if (value === null || value === undefined) return;
  const bytes = jsonbTextBytes(value);
  if (bytes !== null && bytes <= MAX_CHART_PAYLOAD_BYTES) return;
  throw BodyUnprocessable([
    {
      field: 'chart_payload_json',
      code: 'isChartPayload',
      message:
        `chart_payload_json must be a JSON object of at most ${MAX_CHART_PAYLOAD_BYTES} bytes, nested at most ` +
        `${MAX_CHART_PAYLOAD_DEPTH} levels, with no NUL characters or unpaired surrogates`,
    },
  ]);
}
