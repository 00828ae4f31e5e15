import { createHash } from 'node:crypto';

/** A stable fingerprint of what the request asked for (keys sorted, undefined left out). */
export function requestFingerprint(request: Record<string, unknown>): string {
  const canonical = Object.keys(request)
    .sort()
    .filter((name) => request[name] !== undefined)
    .map((name) => [name, request[name]]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
