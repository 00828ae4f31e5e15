import { DEFAULT_GATEWAY_TIMEOUT_MS, gatewayFailure, GatewayResult, gatewaySuccess } from './gateway-result';

export interface GatewayResponse {
  status: number;
  /** The parsed JSON body; `undefined` when the body is empty or not JSON. */
  body: unknown;
}

/** Largest gateway answer read; both gateways answer with a few hundred bytes. */
const MAX_RESPONSE_CHARS = 64 * 1024;

/**
 * One HTTP exchange with a gateway over the global fetch, bounded by a timeout. Any answer,
 * whatever its status, is a success here (the caller reads the gateway's verdict from it); only
 * the absence of an answer is a failure, `unreachable`, with the cause in words.
 */
export async function sendGatewayRequest(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs = DEFAULT_GATEWAY_TIMEOUT_MS,
): Promise<GatewayResult<GatewayResponse>> {
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return gatewaySuccess({ status: response.status, body: parseJson(text.slice(0, MAX_RESPONSE_CHARS)) });
  } catch (error) {
    return gatewayFailure('unreachable', `${new URL(url).origin} did not answer: ${describeNetworkError(error, timeoutMs)}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no response within ${timeoutMs} ms`;
  }
  // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND...) in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const text = cause instanceof Error ? cause.message : String(cause);
  return typeof code === 'string' && !text.includes(code) ? `${code} ${text}` : text;
}

/** Removes every occurrence of `secret` from a text that came from outside (a gateway's error body). */
export function redactSecret(text: string, secret: string): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
