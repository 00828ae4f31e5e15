import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * eSewa ePay v2 signing and amounts as eSewa's side does them (developer.esewa.com.np/pages/Epay-V2).
 * Written apart from the platform's client (libs/domain/src/payments/gateways) on purpose: if
 * both shared one implementation, a signing bug would be symmetric and every round trip would
 * still pass. The platform's known-answer tests pin the client to eSewa's published vectors.
 */

export function esewaHmac(fields: Record<string, string>, signedFieldNames: string, secret: string): string | null {
  const names = signedFieldNames.split(',');
  if (names.some((name) => !Object.prototype.hasOwnProperty.call(fields, name))) return null;
  const message = names.map((name) => `${name}=${fields[name]}`).join(',');
  return createHmac('sha256', secret).update(message).digest('base64');
}

export function esewaSignatureMatches(fields: Record<string, string>, secret: string): boolean {
  const expected = esewaHmac(fields, fields['signed_field_names'] ?? '', secret);
  if (expected === null || typeof fields['signature'] !== 'string') return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(fields['signature'])];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Rupee text with at most two decimals ("1999", "1999.5", "1999.00") -> paisa; else null. */
export function parseRupees(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const paisa = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paisa) ? paisa : null;
}

/**
 * How eSewa writes an amount in its callback and status answers: a JSON number in Java's
 * Double style, "1000.0" for whole rupees (the documented callback carries `"total_amount":1000.0`
 * and is signed over `total_amount=1000.0`), "1999.5" otherwise.
 */
export function esewaAmountLiteral(paisa: number): string {
  if (paisa % 100 === 0) return `${paisa / 100}.0`;
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`.replace(/0$/, '');
}

/** The callback's signed fields, in eSewa's order. */
export const CALLBACK_SIGNED_FIELD_NAMES = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

/**
 * The success callback's `data`: base64 of JSON written by hand so that `total_amount` keeps
 * eSewa's literal (JSON.stringify would print 1000.0 as 1000), signed over the same text.
 */
export function encodeSuccessData(
  values: { transactionCode: string; totalPaisa: number; transactionUuid: string; productCode: string },
  secret: string,
): string {
  const totalLiteral = esewaAmountLiteral(values.totalPaisa);
  const signed: Record<string, string> = {
    transaction_code: values.transactionCode,
    status: 'COMPLETE',
    total_amount: totalLiteral,
    transaction_uuid: values.transactionUuid,
    product_code: values.productCode,
    signed_field_names: CALLBACK_SIGNED_FIELD_NAMES,
  };
  const signature = esewaHmac(signed, CALLBACK_SIGNED_FIELD_NAMES, secret) as string;
  const members = Object.entries({ ...signed, signature }).map(([key, value]) =>
    key === 'total_amount' ? `"total_amount":${totalLiteral}` : `${JSON.stringify(key)}:${JSON.stringify(value)}`,
  );
  return Buffer.from(`{${members.join(',')}}`, 'utf8').toString('base64');
}
