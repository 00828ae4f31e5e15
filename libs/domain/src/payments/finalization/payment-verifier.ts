import type { OrderModel, PaymentModel } from '@platform/db';

/**
 * What verifying a success callback can end in (CONTRACT section 6). A gateway that cannot be
 * asked is none of these: the verifier throws GatewayUnavailableError so the job is retried with
 * backoff and the order stays as it is.
 */
export type VerificationOutcome =
  /** Signature (eSewa), the gateway's own status and the amount all agree: the money moved. */
  | { kind: 'verified'; reference: string }
  /** Forged, about another payment, another amount, or the gateway says it did not complete. */
  | { kind: 'rejected'; error: string }
  /** The gateway has not decided yet (eSewa PENDING/AMBIGUOUS, Khalti Pending/Initiated): ask again later. */
  | { kind: 'pending'; detail: string }
  /** The payer cancelled at the gateway (Khalti sends every outcome to return_url). */
  | { kind: 'declined'; detail: string };

/** What a callback says before anyone asks the gateway: checks that need no network. */
export type CallbackPrecheck = { kind: 'plausible' } | Extract<VerificationOutcome, { kind: 'rejected' | 'declined' }>;

/**
 * The gateway's own answer about a payment, whatever any callback claimed: `verified` (the money
 * moved, for the order total), `pending` (undecided: ask again later) or `rejected` (a terminal
 * "not completed", or an answer that does not match the order). Retries and reconciliation use
 * this alone: the callback that started them already passed its precheck.
 */
export type GatewayConfirmation = Exclude<VerificationOutcome, { kind: 'declined' }>;

/**
 * The gateway's current answer about a payment: `not_completed` only for an explicit terminal
 * answer (eSewa CANCELED, FULL_REFUND, PARTIAL_REFUND, NOT_FOUND once the payment is older than
 * ESEWA_NOT_FOUND_GRACE_MS; Khalti User canceled, Expired, Refunded, Partially refunded);
 * undecided answers are `pending`.
 */
export type GatewayPaymentState = 'completed' | 'pending' | 'not_completed';

export interface PaymentContext {
  payment: PaymentModel;
  order: OrderModel;
}

/** One gateway's verification rules. */
export interface GatewayPaymentVerifier {
  /** Local checks of a success callback: signature, transaction and amount. Never throws. */
  precheck(params: Readonly<Record<string, string>>, context: PaymentContext): CallbackPrecheck;
  /** precheck, then the gateway's own status check or lookup (confirm). */
  verify(params: Readonly<Record<string, string>>, context: PaymentContext): Promise<VerificationOutcome>;
  /** The gateway's own status check or lookup, with the amount compared; no callback involved. */
  confirm(context: PaymentContext): Promise<GatewayConfirmation>;
  /** What the gateway says about the payment now, whatever the callback claimed. */
  state(context: PaymentContext): Promise<GatewayPaymentState>;
}

/**
 * How long after a payment was started eSewa's NOT_FOUND still means "the payer may be on the
 * eSewa page" rather than "no such payment": the status API knows a transaction only once the
 * payer acts, so a NOT_FOUND seen sooner is undecided, not a failure.
 */
export const ESEWA_NOT_FOUND_GRACE_MS = 15 * 60_000;

/**
 * A Khalti payment's gateway transaction id until initiate returns the pidx (OrderWriter). A
 * payment still carrying it never reached Khalti: the payer never got a payment page.
 */
export const KHALTI_PIDX_PLACEHOLDER_PREFIX = 'pending-';

/** The gateway could not be asked (no answer, an error answer, or one we cannot read): retry later. */
export class GatewayUnavailableError extends Error {
  /**
   * `unreachable`: no answer at all (the gateway is down: callers may stop asking it for a while);
   * `rejected` / `invalid_response`: it answered, but not with a status about this payment.
   */
  readonly reason: 'unreachable' | 'rejected' | 'invalid_response';

  constructor(message: string, reason: GatewayUnavailableError['reason'] = 'invalid_response') {
    super(message);
    this.name = 'GatewayUnavailableError';
    this.reason = reason;
  }
}

export const amountMismatch = (receivedPaisa: number | null, orderTotalPaisa: number) =>
  `amount mismatch: the gateway reported ${receivedPaisa ?? 'no amount'} paisa, the order total is ${orderTotalPaisa} paisa`;
