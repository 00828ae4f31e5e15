import { randomInt } from 'node:crypto';

const ID_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A random id shaped like Khalti's (22 base58 characters, e.g. "bZQLD9wRVWo4CdESSfuSsB"). */
export function randomBase58Id(length = 22): string {
  return Array.from({ length }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
}

/** A random reference shaped like eSewa's transaction codes (e.g. "000AWEO"). */
export function randomEsewaCode(): string {
  const characters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `000${Array.from({ length: 4 }, () => characters[randomInt(characters.length)]).join('')}`;
}

/**
 * `url` with `params` appended to its query, in the given order. Values are percent-encoded
 * (a space as %20, "+" as %2B), so `status=User canceled` and base64 survive any query parser.
 */
export function withQuery(url: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  const [base, hash = ''] = url.split('#', 2);
  const joined = `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${query}`;
  return hash ? `${joined}#${hash}` : joined;
}

/** An absolute http(s) URL: the only kind a gateway redirects a browser to. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export type Outcome = 'approve' | 'decline' | 'pending';

export function parseOutcome(value: unknown): Outcome | null {
  return value === 'approve' || value === 'decline' || value === 'pending' ? value : null;
}

/** What a decision led to: where the browser goes next (null: it stays), or why it could not be taken. */
export type DecisionResult = { ok: true; location: string | null } | { ok: false; httpStatus: number; message: string };
