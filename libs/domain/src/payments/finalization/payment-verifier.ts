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

/** The gateway's current answer about a payment, for a failure callback. */
export type GatewayPaymentState = 'completed' | 'pending' | 'not_completed';

export interface PaymentContext {
  payment: PaymentModel;
  order: OrderModel;
}

/** One gateway's verification rules. */
export interface GatewayPaymentVerifier {
  /** Local checks of a success callback: signature, transaction and amount. Never throws. */
  precheck(params: Readonly<Record<string, string>>, context: PaymentContext): CallbackPrecheck;
  /** precheck, then the gateway's own status check or lookup. */
  verify(params: Readonly<Record<string, string>>, context: PaymentContext): Promise<VerificationOutcome>;
  /** What the gateway says about the payment now, whatever the callback claimed. */
  state(context: PaymentContext): Promise<GatewayPaymentState>;
}

/** The gateway could not be asked (no answer, an error answer, or one we cannot read): retry later. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

export const amountMismatch = (receivedPaisa: number | null, orderTotalPaisa: number) =>
  `amount mismatch: the gateway reported ${receivedPaisa ?? 'no amount'} paisa, the order total is ${orderTotalPaisa} paisa`;
