import { createHash } from 'node:crypto';
import { escapeHtml, isAllowedReturnUrl, ReturnUrlRules, ValidationFailed } from '@platform/domain';

/**
 * GET /api/payments/result (learning-commerce.md, "Payment callbacks"; CONTRACT.md section 4):
 * the page the payment callbacks redirect to. It shows what its query says and forwards the
 * browser to the frontend's returnUrl (`next`) with the payment fields appended. The query is
 * not proof of payment (anyone can write this URL): the frontend reads GET /api/orders/:id.
 */
export const PAYMENT_RESULT_STATUSES = ['success', 'failed', 'pending'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];
export const PAYMENT_REFERENCE_TYPES = ['order', 'training_enrollment'] as const;

export interface PaymentResultQuery {
  paymentStatus: PaymentResultStatus;
  paymentId?: string;
  referenceType?: string;
  referenceId?: string;
  next?: string;
}

const MAX_NEXT_LENGTH = 2048;
const ID = /^[0-9]{1,16}$/;

/**
 * Reads the query. Only our own callbacks write it, so a malformed payment_status, payment_id,
 * reference_type or reference_id is 400 VALIDATION_ERROR rather than a guessed page (a wrong
 * "pending" would mislead); an empty optional field counts as absent. A `next` that may not be
 * followed is not an error: the page is shown without forwarding.
 */
export function parsePaymentResultQuery(query: Record<string, unknown>): PaymentResultQuery {
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw ValidationFailed(`${name} must be given once`);
    return value;
  };
  const paymentStatus = text('payment_status');
  if (!paymentStatus || !(PAYMENT_RESULT_STATUSES as readonly string[]).includes(paymentStatus)) {
    throw ValidationFailed('payment_status must be one of success, failed, pending');
  }
  const paymentId = text('payment_id');
  const referenceId = text('reference_id');
  const referenceType = text('reference_type');
  if (paymentId !== undefined && !ID.test(paymentId)) throw ValidationFailed('payment_id must be a positive integer');
  if (referenceId !== undefined && !ID.test(referenceId)) throw ValidationFailed('reference_id must be a positive integer');
  if (referenceType !== undefined && !(PAYMENT_REFERENCE_TYPES as readonly string[]).includes(referenceType)) {
    throw ValidationFailed('reference_type must be one of order, training_enrollment');
  }
  return { paymentStatus: paymentStatus as PaymentResultStatus, paymentId, referenceType, referenceId, next: text('next') };
}

/**
 * Where to send the browser, or null. Only an absolute http(s) URL without credentials whose
 * origin RETURN_URL_ALLOWED_ORIGINS lists (`*`: any, outside production) is followed, so the page
 * is never an open redirect and never runs a `javascript:` or `data:` URL. The payment fields
 * replace any of the same name already in `next`.
 */
export function forwardUrl(query: PaymentResultQuery, rules: ReturnUrlRules): string | null {
  if (!query.next || query.next.length > MAX_NEXT_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(query.next);
  } catch {
    return null; // relative or malformed
  }
  if (!isAllowedReturnUrl(url.href, rules)) return null;
  const fields: Array<[string, string | undefined]> = [
    ['payment_status', query.paymentStatus],
    ['payment_id', query.paymentId],
    ['reference_type', query.referenceType],
    ['reference_id', query.referenceId],
  ];
  for (const [name, value] of fields) {
    url.searchParams.delete(name);
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}

const HEADINGS: Record<PaymentResultStatus, { title: string; text: string }> = {
  success: { title: 'Payment successful', text: 'Thank you. Your payment was received; it may take a moment to show in your orders.' },
  // "Not charged" is never claimed: the query proves nothing, and a gateway may still confirm the
  // money (the order is then paid, or the amount owed back).
  failed: {
    title: 'Payment failed',
    text: 'The payment did not go through. If money was taken from your account for it, your orders will show the payment, or a refund will be arranged.',
  },
  pending: { title: 'Payment pending', text: 'The payment is still being confirmed. Your orders will show the result.' },
};

/** A failed order whose payment the gateway confirmed after the order closed (payments.refund_owed_at). */
const REFUND_OWED = {
  title: 'Payment received after the order closed',
  text: 'Your payment reached us after this order had already been closed, so it was not applied to the order. A refund of the amount will be arranged; you do not need to do anything.',
};

export interface PaymentResultFacts {
  /** The database says this payment of this order is owed back (looked up, never taken from the query). */
  refundOwed?: boolean;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;color:#1f2933;background:#f5f7fa}' +
  'main{max-width:32rem;margin:0 auto;background:#fff;padding:2rem;border-radius:8px}' +
  'dt{font-weight:600}dd{margin:0 0 .5rem}a{color:#0b63ce}';

/** The page's Content-Security-Policy: no script at all; its one inline style allowed by hash. */
export const PAYMENT_RESULT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The one HTML escape of the platform (OWASP's five characters), shared with the notification emails. */
export { escapeHtml };

/**
 * The page: the status, the references, and, when `forward` is set, a meta refresh and a link to
 * it (no script, so the CSP forbids every script). Every echoed value is escaped.
 */
export function renderPaymentResultPage(query: PaymentResultQuery, forward: string | null, known: PaymentResultFacts = {}): string {
  const heading = query.paymentStatus === 'failed' && known.refundOwed ? REFUND_OWED : HEADINGS[query.paymentStatus];
  const facts: Array<[string, string | undefined]> = [
    ['Payment', query.paymentId],
    [query.referenceType === 'training_enrollment' ? 'Enrollment' : 'Order', query.referenceId],
  ];
  const details = facts
    .filter((fact): fact is [string, string] => fact[1] !== undefined)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const target = forward === null ? null : escapeHtml(forward);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(heading.title)}</title>`,
    target === null ? '' : `<meta http-equiv="refresh" content="1;url=${target}">`,
    `<style>${STYLE}</style>`,
    '</head><body><main>',
    `<h1 data-status="${escapeHtml(query.paymentStatus)}">${escapeHtml(heading.title)}</h1>`,
    `<p>${escapeHtml(heading.text)}</p>`,
    details ? `<dl>${details}</dl>` : '',
    target === null
      ? '<p>You can close this page and return to the shop.</p>'
      : `<p>Taking you back to the shop&#8230; <a href="${target}">Continue</a></p>`,
    '</main></body></html>',
  ].join('\n');
}
