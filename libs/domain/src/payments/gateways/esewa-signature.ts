import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * eSewa ePay v2 signatures (developer.esewa.com.np/pages/Epay-V2): HMAC-SHA256 with the
 * merchant secret over the fields named in `signed_field_names`, in that order, written `k=v`
 * and joined by commas, encoded base64. The same rule signs our form and eSewa's callback.
 */

/**
 * Fields a signature must cover before it says anything about a payment: without the amount,
 * the transaction and the merchant, a valid signature could belong to another payment.
 */
export const ESEWA_REQUIRED_SIGNED_FIELDS = ['total_amount', 'transaction_uuid', 'product_code'] as const;

/**
 * Fields eSewa's success callback signs (developer.esewa.com.np/pages/Epay-V2: transaction_code,
 * status, total_amount, transaction_uuid, product_code, signed_field_names). A callback signature
 * must cover at least these: our own request form is signed with the same secret over only the
 * three fields above, and that signature is handed to the customer, so a "callback" signed over
 * those three alone could be minted by anyone from a checkout response.
 */
export const ESEWA_CALLBACK_SIGNED_FIELDS = ['transaction_code', 'status', 'total_amount', 'transaction_uuid', 'product_code'] as const;

/** The text eSewa signs, or null when a named field is missing (or names are empty or repeated). */
export function esewaSignatureMessage(fields: Readonly<Record<string, string>>, signedFieldNames: string): string | null {
  const names = signedFieldNames.split(',');
  if (names.some((name) => name === '') || new Set(names).size !== names.length) return null;
  const parts: string[] = [];
  for (const name of names) {
    const value = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
    if (typeof value !== 'string') return null;
    parts.push(`${name}=${value}`);
  }
  return parts.join(',');
}

/** Signs `fields` over `signedFieldNames`; every named field must be present. */
export function signEsewa(fields: Readonly<Record<string, string>>, signedFieldNames: string, secret: string): string {
  const message = esewaSignatureMessage(fields, signedFieldNames);
  if (message === null) throw new RangeError(`cannot sign: a field named in "${signedFieldNames}" is missing or repeated`);
  return hmacBase64(message, secret);
}

/**
 * True when `data.signature` is eSewa's signature over `data.signed_field_names`, computed with
 * the values exactly as received (see readFlatJsonObject for why "exactly" matters), and the
 * signed names cover `required` (by default ESEWA_REQUIRED_SIGNED_FIELDS, what any eSewa
 * signature must cover; callbacks need verifyEsewaCallbackSignature). The comparison is constant-time.
 */
export function verifyEsewaSignature(
  data: Readonly<Record<string, string>>,
  secret: string,
  required: readonly string[] = ESEWA_REQUIRED_SIGNED_FIELDS,
): boolean {
  const { signature, signed_field_names: signedFieldNames } = data;
  if (typeof signature !== 'string' || typeof signedFieldNames !== 'string') return false;
  const names = signedFieldNames.split(',');
  if (!required.every((name) => names.includes(name))) return false;
  const message = esewaSignatureMessage(data, signedFieldNames);
  if (message === null) return false;
  const expected = Buffer.from(hmacBase64(message, secret), 'utf8');
  const received = Buffer.from(signature, 'utf8');
  // timingSafeEqual needs equal lengths; a signature's length is public (always 44 characters).
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/**
 * A success callback's signature: verifyEsewaSignature over at least ESEWA_CALLBACK_SIGNED_FIELDS,
 * so our own request signature (over three fields, given to the customer) never passes as one.
 */
export function verifyEsewaCallbackSignature(data: Readonly<Record<string, string>>, secret: string): boolean {
  return verifyEsewaSignature(data, secret, ESEWA_CALLBACK_SIGNED_FIELDS);
}

function hmacBase64(message: string, secret: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('base64');
}
