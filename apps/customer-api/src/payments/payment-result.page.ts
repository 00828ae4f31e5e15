import { escapeHtml, isAllowedReturnUrl, PaymentStatusView, ReturnUrlRules, ValidationFailed } from '@platform/domain';
import { plainPageHeaders, renderPlainPage } from '@platform/http';
import type { PaymentResultReference } from './payment-result-reference.service';

/**
 * GET /api/payments/result (learning-commerce.md, "Payment callbacks"; CONTRACT.md section 4):
 * the page the payment callbacks redirect to. It shows the payment's state as the database has
 * it (PaymentStatusService, by payment_id and the callback's token), refreshes itself while the
 * payment is pending, and forwards to the order's returnUrl once the state is final. The query's
 * payment_status can only make the page say less ("failed" where the database still says
 * pending), never "successful".
 */
export const PAYMENT_RESULT_STATUSES = ['success', 'failed', 'pending'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];
export const PAYMENT_REFERENCE_TYPES = ['order', 'training_enrollment'] as const;
/** Every 2 s for about a minute, then the page says the payment is still being confirmed. */
export const POLL_SECONDS = 2;
export const MAX_POLLS = 30;

export interface PaymentResultQuery {
  claimedStatus?: PaymentResultStatus;
  paymentId?: number;
  token?: string;
  poll: number;
}

const ID = /^[0-9]{1,10}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Reads the query. Only our own callbacks write it, so a malformed field is 400 VALIDATION_ERROR
 * rather than a guessed page; an empty optional field counts as absent. reference_type,
 * reference_id and next are checked but not used: the database names the order and its returnUrl.
 */
export function parsePaymentResultQuery(query: Record<string, unknown>): PaymentResultQuery {
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw ValidationFailed(`${name} must be given once`);
    return value;
  };
  const claimed = text('payment_status');
  if (claimed !== undefined && !(PAYMENT_RESULT_STATUSES as readonly string[]).includes(claimed)) {
    throw ValidationFailed('payment_status must be one of success, failed, pending');
  }
  const [paymentId, referenceId, referenceType, token, poll] = ['payment_id', 'reference_id', 'reference_type', 'token', 'poll'].map(text);
  if (paymentId !== undefined && !ID.test(paymentId)) throw ValidationFailed('payment_id must be a positive integer');
  if (referenceId !== undefined && !ID.test(referenceId)) throw ValidationFailed('reference_id must be a positive integer');
  if (referenceType !== undefined && !(PAYMENT_REFERENCE_TYPES as readonly string[]).includes(referenceType)) {
    throw ValidationFailed('reference_type must be one of order, training_enrollment');
  }
  if (token !== undefined && !TOKEN.test(token)) throw ValidationFailed('token is malformed');
  return {
    claimedStatus: claimed as PaymentResultStatus | undefined,
    paymentId: paymentId === undefined ? undefined : Number(paymentId),
    token,
    poll: poll !== undefined && /^\d{1,3}$/.test(poll) ? Math.min(Number(poll), MAX_POLLS) : 0,
  };
}

export type PageState = PaymentStatusView['state'] | 'still_pending' | 'unconfirmed';

export interface PaymentResultModel {
  state: PageState;
  view: PaymentStatusView | null;
  /** Where to send the browser once the state is final (an allowed returnUrl), else null. */
  forward: string | null;
  /** The page's own next poll while pending, else null. */
  refresh: string | null;
}

/** What to show for `view` (null: no payment could be read with this id and token). */
export function resultModel(
  query: PaymentResultQuery,
  view: PaymentStatusView | null,
  rules: ReturnUrlRules,
  reference: PaymentResultReference | null = null,
): PaymentResultModel {
  if (!view) return { state: query.claimedStatus === 'failed' ? 'failed' : 'unconfirmed', view, forward: null, refresh: null };
  let state: PageState = view.state;
  if (state === 'pending' && query.claimedStatus === 'failed') state = 'failed'; // the gateway said no; the job still asks it
  if (state === 'pending') {
    if (query.poll >= MAX_POLLS) return { state: 'still_pending', view, forward: null, refresh: null };
    const next = new URLSearchParams({ payment_id: String(view.paymentId), token: query.token ?? '', poll: String(query.poll + 1) });
    return { state, view, forward: null, refresh: `/api/payments/result?${next.toString()}` };
  }
  const status: PaymentResultStatus = state === 'success' ? 'success' : 'failed';
  const named = reference ?? { type: 'order' as const, id: view.orderId };
  return { state, view, forward: forwardUrl(view.returnUrl, { payment_status: status, payment_id: view.paymentId, reference: named }, rules), refresh: null };
}

/**
 * `returnUrl` with the payment fields, or null. It is checked again here (absolute http(s), no
 * credentials, an allowed origin), so the page is never an open redirect; the payment fields
 * replace any of the same name already in it.
 */
export function forwardUrl(
  returnUrl: string | null,
  fields: { payment_status: PaymentResultStatus; payment_id: number; reference: PaymentResultReference },
  rules: ReturnUrlRules,
): string | null {
  if (!returnUrl || !isAllowedReturnUrl(returnUrl, rules)) return null;
  const url = new URL(returnUrl);
  const values: Record<string, string> = {
    payment_status: fields.payment_status,
    payment_id: String(fields.payment_id),
    reference_type: fields.reference.type,
    reference_id: String(fields.reference.id),
  };
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
  return url.href;
}

// "Not charged" is never claimed: a gateway may still confirm the money (the order is then paid, or the amount owed back).
const HEADINGS: Record<PageState, { title: string; text: string }> = {
  success: { title: 'Payment successful', text: 'Thank you. Your payment was received.' },
  failed: {
    title: 'Payment failed',
    text: 'The payment did not go through. If money was taken from your account for it, your orders will show the payment, or a refund will be arranged.',
  },
  pending: { title: 'Payment pending', text: 'We are confirming the payment with the gateway. This page updates by itself.' },
  still_pending: {
    title: 'Payment still being confirmed',
    text: 'The gateway has not confirmed the payment yet. Your orders will show the result; you can close this page.',
  },
  refund_owed: {
    title: 'Payment received after the order closed',
    text: 'Your payment reached us after this order had already been closed, so it was not applied to the order. A refund of the amount will be arranged; you do not need to do anything.',
  },
  unconfirmed: {
    title: 'Payment not confirmed',
    text: 'This link does not name a payment we can look up. Your orders show whether a payment was received.',
  },
};

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;color:#1f2933;background:#f5f7fa}' +
  'main{max-width:32rem;margin:0 auto;background:#fff;padding:2rem;border-radius:8px}' +
  'dt{font-weight:600}dd{margin:0 0 .5rem}a{color:#0b63ce}';

/**
 * The pages' headers (plainPageHeaders): no script at all (polling is a meta refresh), the one
 * inline style by hash, no form; the URL carries the payment's token, so no Referer and no cache.
 */
export const PAYMENT_RESULT_HEADERS = plainPageHeaders(STYLE, 'none');

/** The one HTML escape of the platform (OWASP's five characters), shared with the notification emails. */
export { escapeHtml };

/** A small page in the result page's style (also the return-demo page); every value is escaped here. */
export function renderSimplePage(options: { title: string; status: string; text: string; facts: Array<[string, string]>; refresh?: { seconds: number; url: string } | null; footer: string }): string {
  const details = options.facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return renderPlainPage({
    title: options.title,
    style: STYLE,
    head: options.refresh ? `<meta http-equiv="refresh" content="${options.refresh.seconds};url=${escapeHtml(options.refresh.url)}">` : undefined,
    headingAttributes: { 'data-status': options.status },
    body: [`<p>${escapeHtml(options.text)}</p>`, details ? `<dl>${details}</dl>` : '', options.footer].filter(Boolean).join('\n'),
  });
}

/** The result page: the state, the references the database gave, and a refresh (polling) or a forward (meta refresh and link). */
export function renderPaymentResultPage(model: PaymentResultModel): string {
  const heading = HEADINGS[model.state];
  const facts: Array<[string, string]> = model.view ? [['Payment', String(model.view.paymentId)], ['Order', String(model.view.orderId)]] : [];
  const footer = model.forward
    ? `<p>Taking you back to the shop&#8230; <a href="${escapeHtml(model.forward)}">Continue</a></p>`
    : model.refresh
      ? '<p>Checking again in a moment&#8230;</p>'
      : '<p>You can close this page and return to the shop.</p>';
  const refresh = model.forward ? { seconds: 1, url: model.forward } : model.refresh ? { seconds: POLL_SECONDS, url: model.refresh } : null;
  return renderSimplePage({ title: heading.title, status: model.state, text: heading.text, facts, refresh, footer });
}
