import { isRecord, redactSecret, sendGatewayRequest } from './gateway-http';
import { gatewayFailure, GatewayResult, gatewaySuccess } from './gateway-result';

/**
 * Khalti ePayment (KPG-2) client (docs.khalti.com/khalti-epayment; CONTRACT section 6):
 * `POST {base}/epayment/initiate/` and `POST {base}/epayment/lookup/`, both authorized with
 * `Authorization: Key <secret>`. Amounts are integer paisa.
 */
export interface KhaltiGatewayConfig {
  secretKey: string;
  /** API root including `/api/v2`, e.g. https://dev.khalti.com/api/v2 */
  baseUrl: string;
  timeoutMs?: number;
}

export interface KhaltiInitiateInput {
  amountPaisa: number;
  purchaseOrderId: string;
  purchaseOrderName: string;
  returnUrl: string;
  websiteUrl: string;
  customerInfo?: { name?: string; email?: string; phone?: string };
}

export interface KhaltiPaymentSession {
  pidx: string;
  /** Where the browser goes to pay. */
  paymentUrl: string;
  expiresAt: string;
  expiresInSeconds: number | null;
}

/**
 * Khalti refuses an initiate below Rs 10: `amount` is in paisa, at least 1000
 * (docs.khalti.com/khalti-epayment, "Initiate"). Checked before an order is written, so a customer
 * gets a validation error instead of a payment that failed at the gateway.
 */
export const KHALTI_MIN_AMOUNT_PAISA = 1000;
export const khaltiAcceptsAmount = (amountPaisa: number): boolean => amountPaisa >= KHALTI_MIN_AMOUNT_PAISA;

export async function initiateKhalti(input: KhaltiInitiateInput, config: KhaltiGatewayConfig): Promise<GatewayResult<KhaltiPaymentSession>> {
  const body = {
    return_url: input.returnUrl,
    website_url: input.websiteUrl,
    amount: input.amountPaisa,
    purchase_order_id: input.purchaseOrderId,
    purchase_order_name: input.purchaseOrderName,
    ...(input.customerInfo ? { customer_info: input.customerInfo } : {}),
  };
  const answer = await postToKhalti('initiate', body, config);
  if (!answer.ok) return answer;
  const { status, body: reply } = answer.value;
  if (status < 200 || status > 299) return refused('initiate', status, reply, config.secretKey);
  if (!isRecord(reply) || !isText(reply['pidx']) || !isText(reply['payment_url']) || !isText(reply['expires_at'])) {
    return gatewayFailure('invalid_response', 'Khalti initiate answered without pidx, payment_url and expires_at', status);
  }
  const expiresIn = reply['expires_in'];
  return gatewaySuccess({
    pidx: reply['pidx'],
    paymentUrl: reply['payment_url'],
    expiresAt: reply['expires_at'],
    expiresInSeconds: typeof expiresIn === 'number' ? expiresIn : null,
  });
}

/** Lookup statuses (docs: "Lookup Payload Details"). Only `Completed` is a payment. */
export const KHALTI_PAYMENT_STATUSES = ['Completed', 'Pending', 'Initiated', 'Refunded', 'Expired', 'User canceled', 'Partially refunded'] as const;
export type KhaltiPaymentStatus = (typeof KHALTI_PAYMENT_STATUSES)[number];

export interface KhaltiLookup {
  pidx: string;
  status: KhaltiPaymentStatus;
  totalAmount: number;
  transactionId: string | null;
  fee: number;
  refunded: boolean;
}

export async function lookupKhalti(pidx: string, config: KhaltiGatewayConfig): Promise<GatewayResult<KhaltiLookup>> {
  const answer = await postToKhalti('lookup', { pidx }, config);
  if (!answer.ok) return answer;
  const { status, body: reply } = answer.value;
  // Khalti answers lookups of expired and canceled payments with HTTP 400 and the usual body
  // (docs: "Payment Status Code"), so a known status is read whatever the HTTP status.
  const known = isRecord(reply) && KHALTI_PAYMENT_STATUSES.includes(reply['status'] as KhaltiPaymentStatus);
  if (!known) {
    if (status < 200 || status > 299) return refused('lookup', status, reply, config.secretKey);
    return gatewayFailure('invalid_response', 'Khalti lookup answered without a known status', status);
  }
  if (reply['pidx'] !== pidx || typeof reply['total_amount'] !== 'number') {
    return gatewayFailure('invalid_response', 'Khalti lookup answered about another payment or without total_amount', status);
  }
  const transactionId = reply['transaction_id'];
  return gatewaySuccess({
    pidx,
    status: reply['status'] as KhaltiPaymentStatus,
    totalAmount: reply['total_amount'],
    transactionId: isText(transactionId) ? transactionId : null,
    fee: typeof reply['fee'] === 'number' ? reply['fee'] : 0,
    refunded: reply['refunded'] === true,
  });
}

function postToKhalti(endpoint: 'initiate' | 'lookup', body: object, config: KhaltiGatewayConfig) {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/epayment/${endpoint}/`;
  return sendGatewayRequest(
    url,
    {
      method: 'POST',
      headers: { authorization: `Key ${config.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    },
    config.timeoutMs,
  );
}

/**
 * A non-2xx answer in Khalti's words: `detail` ("Invalid token.", "Not found.") or the field
 * errors of a validation failure (`{ "amount": ["Amount should be greater than Rs. 10, ..."],
 * "error_key": "validation_error" }`). The secret is cut out in case an answer ever echoes it.
 */
function refused(endpoint: string, httpStatus: number, reply: unknown, secret: string) {
  let text = `HTTP ${httpStatus}`;
  if (isRecord(reply) && typeof reply['detail'] === 'string') {
    text = reply['detail'];
  } else if (isRecord(reply)) {
    const fieldErrors = Object.entries(reply)
      .filter(([key, value]) => key !== 'error_key' && key !== 'status_code' && (typeof value === 'string' || Array.isArray(value)))
      .map(([key, value]) => `${key}: ${([] as unknown[]).concat(value).join(' ')}`);
    if (fieldErrors.length > 0) text = fieldErrors.join('; ');
  }
  return gatewayFailure('rejected', `Khalti ${endpoint} refused: ${redactSecret(text, secret).slice(0, 500)}`, httpStatus);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
