/**
 * What a call to a payment gateway can end in. Gateway clients never throw for a gateway's
 * answer or its absence: the finalization use cases must tell "the gateway said no" from "we
 * could not ask" (retry later, keep the order as it is), so both are values, not exceptions.
 */
export type GatewayFailureReason =
  /** No answer: connection refused, DNS failure, reset, or no response within the timeout. */
  | 'unreachable'
  /** The gateway answered with an error (non-2xx); `message` is the gateway's own text. */
  | 'rejected'
  /** The gateway answered 2xx, but not with a body this client understands. */
  | 'invalid_response';

export interface GatewayFailure {
  ok: false;
  reason: GatewayFailureReason;
  /** Safe to log and show to an operator: never contains a secret. */
  message: string;
  /** The gateway's HTTP status, when it answered. */
  httpStatus?: number;
}

export interface GatewaySuccess<T> {
  ok: true;
  value: T;
}

export type GatewayResult<T> = GatewaySuccess<T> | GatewayFailure;

export function gatewaySuccess<T>(value: T): GatewaySuccess<T> {
  return { ok: true, value };
}

export function gatewayFailure(reason: GatewayFailureReason, message: string, httpStatus?: number): GatewayFailure {
  return httpStatus === undefined ? { ok: false, reason, message } : { ok: false, reason, message, httpStatus };
}

/** Default time to wait for a gateway's answer before calling it unreachable. */
export const DEFAULT_GATEWAY_TIMEOUT_MS = 5_000;
