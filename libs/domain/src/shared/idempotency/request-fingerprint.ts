import { createHash } from 'node:crypto';

/**
 * A stable fingerprint of what the request asked for: the same for the same request however its
 * objects' keys were ordered, at any depth. Object keys are sorted and undefined members left out
 * everywhere; arrays keep their order (a list's order is part of the request). A flat request of
 * scalars hashes the same text as before nesting was canonicalised, so stored keys still match.
 */
export function requestFingerprint(request: Record<string, unknown>): string {
  const members = definedKeys(request).map((name) => `[${JSON.stringify(name)},${canonicalJson(request[name])}]`);
  return createHash('sha256').update(`[${members.join(',')}]`).digest('hex');
}

/** JSON text of `value` with every object's keys sorted (JSON.stringify's rules otherwise: toJSON, undefined in an array is null). */
function canonicalJson(value: unknown): string {
  const json = typeof (value as { toJSON?: unknown } | null)?.toJSON === 'function' ? (value as { toJSON(): unknown }).toJSON() : value;
  if (Array.isArray(json)) return `[${json.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof json === 'object' && json !== null) {
    const source = json as Record<string, unknown>;
    return `{${definedKeys(source).map((key) => `${JSON.stringify(key)}:${canonicalJson(source[key])}`).join(',')}}`;
  }
  // undefined, a function or a symbol: what JSON.stringify writes for them in an array.
  return JSON.stringify(json) ?? 'null';
}

const definedKeys = (source: Record<string, unknown>): string[] =>
  Object.keys(source)
    .filter((key) => source[key] !== undefined)
    .sort();
