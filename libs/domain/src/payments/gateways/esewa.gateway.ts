import { paisaToRupees, rupeesToPaisa } from './esewa-amount';
import { signEsewa } from './esewa-signature';
import { readFlatJsonObject } from './flat-json';
import { isRecord, redactSecret, sendGatewayRequest } from './gateway-http';
import { gatewayFailure, GatewayResult, gatewaySuccess } from './gateway-result';

/**
 * eSewa ePay v2 client (developer.esewa.com.np/pages/Epay-V2; CONTRACT section 6): the signed
 * form the browser posts to ESEWA_FORM_URL, the success callback's `data`, and the status API.
 */
export interface EsewaGatewayConfig {
  productCode: string;
  secretKey: string;
  formUrl: string;
  /** The full status-check URL, e.g. https://rc.esewa.com.np/api/epay/transaction/status/ */
  statusUrl: string;
  timeoutMs?: number;
}

/** The eleven fields of the form, all strings (PaymentInitResponseDto.gatewayPayload). */
export interface EsewaFormFields {
  amount: string;
  tax_amount: string;
  total_amount: string;
  transaction_uuid: string;
  product_code: string;
  product_service_charge: string;
  product_delivery_charge: string;
  success_url: string;
  failure_url: string;
  signed_field_names: string;
  signature: string;
}

export const ESEWA_FORM_SIGNED_FIELD_NAMES = 'total_amount,transaction_uuid,product_code';

/** eSewa allows letters, digits and hyphens; a comma would also change the signed message. */
const TRANSACTION_UUID = /^[A-Za-z0-9-]{1,100}$/;

export function buildEsewaForm(
  input: { totalPaisa: number; transactionUuid: string; successUrl: string; failureUrl: string },
  config: Pick<EsewaGatewayConfig, 'productCode' | 'secretKey'>,
): EsewaFormFields {
  if (!Number.isSafeInteger(input.totalPaisa) || input.totalPaisa <= 0) throw new RangeError('totalPaisa must be a positive integer');
  if (!TRANSACTION_UUID.test(input.transactionUuid)) throw new RangeError('transactionUuid may hold only letters, digits and hyphens');
  const total = paisaToRupees(input.totalPaisa);
  // No tax or charges: the order total is what the customer pays, so amount = total_amount.
  const unsigned = {
    amount: total,
    tax_amount: '0',
    total_amount: total,
    transaction_uuid: input.transactionUuid,
    product_code: config.productCode,
    product_service_charge: '0',
    product_delivery_charge: '0',
    success_url: input.successUrl,
    failure_url: input.failureUrl,
    signed_field_names: ESEWA_FORM_SIGNED_FIELD_NAMES,
  };
  return { ...unsigned, signature: signEsewa(unsigned, ESEWA_FORM_SIGNED_FIELD_NAMES, config.secretKey) };
}

/** The success callback's `data`, decoded. Nothing in it is trusted before verifyEsewaSignature(fields). */
export interface EsewaCallback {
  transactionCode: string;
  status: string;
  /** `total_amount` as sent (e.g. "1999.0"); `totalPaisa` is the same amount in paisa. */
  totalAmount: string;
  totalPaisa: number;
  transactionUuid: string;
  productCode: string;
  signedFieldNames: string;
  signature: string;
  /** Every field with its value exactly as received: what verifyEsewaSignature checks. */
  fields: Record<string, string>;
}

export type EsewaCallbackDecodeResult =
  | { ok: true; callback: EsewaCallback }
  | { ok: false; reason: 'malformed'; message: string };

const MAX_CALLBACK_DATA_CHARS = 4096;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const CALLBACK_FIELDS = ['transaction_code', 'status', 'total_amount', 'transaction_uuid', 'product_code', 'signed_field_names', 'signature'];

/** Decodes `?data=` (base64 of a JSON object). Never throws: anything unexpected is `malformed`. */
export function decodeEsewaCallback(data: unknown): EsewaCallbackDecodeResult {
  const malformed = (message: string) => ({ ok: false as const, reason: 'malformed' as const, message });
  if (typeof data !== 'string' || data === '') return malformed('data is missing');
  if (data.length > MAX_CALLBACK_DATA_CHARS) return malformed('data is too long');
  // A query parser turns an unescaped "+" into a space; base64 never holds spaces, so put it back.
  // URL-safe base64 ("-", "_") is accepted too.
  const base64 = data.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(base64) || base64.replace(/=+$/, '').length % 4 === 1) return malformed('data is not base64');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64'));
  } catch {
    return malformed('data is not UTF-8 text');
  }
  const fields = readFlatJsonObject(json);
  if (fields === null) return malformed('data is not a flat JSON object');
  const missing = CALLBACK_FIELDS.filter((name) => typeof fields[name] !== 'string' || fields[name] === '');
  if (missing.length > 0) return malformed(`data lacks ${missing.join(', ')}`);
  const totalPaisa = rupeesToPaisa(fields['total_amount']);
  if (totalPaisa === null) return malformed('total_amount is not an amount');
  return {
    ok: true,
    callback: {
      transactionCode: fields['transaction_code'],
      status: fields['status'],
      totalAmount: fields['total_amount'],
      totalPaisa,
      transactionUuid: fields['transaction_uuid'],
      productCode: fields['product_code'],
      signedFieldNames: fields['signed_field_names'],
      signature: fields['signature'],
      fields,
    },
  };
}

/** Statuses the status API names (developer.esewa.com.np/pages/Epay-V2, "Status Check"). */
export const ESEWA_TRANSACTION_STATUSES = ['PENDING', 'COMPLETE', 'FULL_REFUND', 'PARTIAL_REFUND', 'AMBIGUOUS', 'NOT_FOUND', 'CANCELED'] as const;
export type EsewaTransactionStatus = (typeof ESEWA_TRANSACTION_STATUSES)[number];

export interface EsewaStatusCheck {
  status: EsewaTransactionStatus;
  /** eSewa's reference for a completed payment; null while there is none. */
  refId: string | null;
  /** The amount eSewa holds for the transaction, in paisa; null when the answer has none (an unreadable one is an invalid_response). */
  totalPaisa: number | null;
}

/** Asks eSewa what became of a transaction. Only `COMPLETE` means the money moved. */
export async function checkEsewaStatus(
  input: { transactionUuid: string; totalPaisa: number },
  config: Pick<EsewaGatewayConfig, 'productCode' | 'secretKey' | 'statusUrl' | 'timeoutMs'>,
): Promise<GatewayResult<EsewaStatusCheck>> {
  const url = new URL(config.statusUrl);
  url.searchParams.set('product_code', config.productCode);
  url.searchParams.set('total_amount', paisaToRupees(input.totalPaisa));
  url.searchParams.set('transaction_uuid', input.transactionUuid);
  const sent = await sendGatewayRequest(url.toString(), { method: 'GET', headers: { accept: 'application/json' } }, config.timeoutMs);
  if (!sent.ok) return sent;
  const { status: httpStatus, body } = sent.value;
  if (httpStatus < 200 || httpStatus > 299) {
    const text = isRecord(body) && typeof body['error_message'] === 'string' ? body['error_message'] : `HTTP ${httpStatus}`;
    return gatewayFailure('rejected', `eSewa status check refused: ${redactSecret(text, config.secretKey)}`, httpStatus);
  }
  const status = isRecord(body) ? body['status'] : undefined;
  if (!isRecord(body) || !ESEWA_TRANSACTION_STATUSES.includes(status as EsewaTransactionStatus)) {
    return gatewayFailure('invalid_response', 'eSewa status check answered without a known status', httpStatus);
  }
  // An answer about another transaction (a misrouted or replayed response) is not an answer.
  const aboutOther = (field: string, expected: string) => body[field] !== undefined && body[field] !== expected;
  if (aboutOther('transaction_uuid', input.transactionUuid) || aboutOther('product_code', config.productCode)) {
    return gatewayFailure('invalid_response', 'eSewa status check answered about another transaction', httpStatus);
  }
  const refId = body['ref_id'];
  const total = body['total_amount'];
  // An amount we cannot read must not pass as "no amount": the comparison would be skipped.
  const totalPaisa = typeof total === 'string' || typeof total === 'number' ? rupeesToPaisa(String(total)) : null;
  if (total !== undefined && total !== null && totalPaisa === null) {
    return gatewayFailure('invalid_response', 'eSewa status check answered with a total_amount that is not an amount', httpStatus);
  }
  return gatewaySuccess({
    status: status as EsewaTransactionStatus,
    refId: typeof refId === 'string' && refId !== '' ? refId : null,
    totalPaisa,
  });
}
