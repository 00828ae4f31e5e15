import { GATEWAY_URL_KEYS, REQUIRED_IN_PRODUCTION } from './env-schema';

type Input = Record<string, string | undefined>;
export type ConfigProblem = { key: string; problem: string };

/**
 * What production refuses although development accepts it: a missing key that would fall back to
 * a development default, `*` among the return-URL origins, and a gateway URL on this machine (the
 * simulator's place; a real gateway is never on loopback).
 */
export function productionProblems(input: Input): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const key of REQUIRED_IN_PRODUCTION) {
    if (input[key] === undefined) problems.push({ key, problem: 'is required in production' });
  }
  const origins = (input['RETURN_URL_ALLOWED_ORIGINS'] ?? '').split(',').map((item) => item.trim());
  if (origins.includes('*')) {
    problems.push({ key: 'RETURN_URL_ALLOWED_ORIGINS', problem: 'must list origins in production, not "*"' });
  }
  for (const key of GATEWAY_URL_KEYS) {
    const value = input[key];
    if (value !== undefined && isLoopbackUrl(value)) {
      problems.push({ key, problem: 'must not point at localhost or a loopback address in production' });
    }
  }
  return problems;
}

/** localhost, *.localhost, 127.0.0.0/8, ::1 (also IPv4-mapped) and the unspecified addresses. */
export function isLoopbackUrl(value: string): boolean {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  } catch {
    return false; // not a URL: the schema names that problem
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\./.test(host) ||
    /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host) ||
    ['::1', '::', '0.0.0.0'].includes(host)
  );
}
