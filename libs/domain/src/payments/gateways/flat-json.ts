/**
 * Reads a flat JSON object (`{"k": "text", "n": 1000.0}`) into strings, keeping each number,
 * `true`, `false` and `null` as the literal text it was sent as.
 *
 * Why not JSON.parse: eSewa signs its callback over the values as it wrote them, and its
 * documented example sends `"total_amount": 1000.0` signed as `total_amount=1000.0`
 * (developer.esewa.com.np/pages/Epay-V2). JSON.parse turns that into the number 1000, which
 * prints as "1000" and fails a genuine signature. Strings are unescaped as JSON defines.
 *
 * Returns null for anything else: not an object, nested objects or arrays, trailing text, and
 * duplicate keys (a verifier and a later reader could otherwise see different values).
 */
export function readFlatJsonObject(text: string): Record<string, string> | null {
  const reader = new Reader(text);
  const fields = new Map<string, string>();
  const result = () => (reader.atEnd() ? Object.fromEntries(fields) : null);
  reader.skipSpace();
  if (!reader.take('{')) return null;
  reader.skipSpace();
  if (reader.take('}')) return result();
  for (;;) {
    const key = reader.string();
    if (key === null || fields.has(key)) return null;
    reader.skipSpace();
    if (!reader.take(':')) return null;
    reader.skipSpace();
    const value = reader.string() ?? reader.match(NUMBER) ?? reader.match(LITERAL);
    if (value === null) return null;
    fields.set(key, value);
    reader.skipSpace();
    if (reader.take('}')) return result();
    if (!reader.take(',')) return null;
    reader.skipSpace();
  }
}

// JSON strings may not hold raw control characters (RFC 8259, section 7).
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const SPACE = /[ \t\n\r]*/y;

class Reader {
  private position = 0;

  constructor(private readonly text: string) {}

  take(char: string): boolean {
    if (this.text[this.position] !== char) return false;
    this.position += 1;
    return true;
  }

  skipSpace(): void {
    this.match(SPACE);
  }

  /** A JSON string token, unescaped. */
  string(): string | null {
    const token = this.match(STRING);
    return token === null ? null : (JSON.parse(token) as string);
  }

  match(pattern: RegExp): string | null {
    pattern.lastIndex = this.position;
    const found = pattern.exec(this.text);
    if (!found) return null;
    this.position += found[0].length;
    return found[0];
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.position === this.text.length;
  }
}
