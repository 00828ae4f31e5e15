import express, { Router } from 'express';
import { encodeSuccessData, esewaSignatureMatches, parseRupees } from './esewa-sim-protocol';
import { mountDecisionRoutes } from './sim-decisions';
import { formatRupees, sendDecisionPage, sendErrorPage } from './sim-pages';
import { DecisionResult, isHttpUrl, Outcome, randomEsewaCode, withQuery } from './sim-support';

/**
 * eSewa ePay v2 as the merchant sees it (developer.esewa.com.np/pages/Epay-V2):
 * - `POST /esewa/api/epay/main/v2/form`: the signed form; answers the approve/decline page.
 * - approve: 302 to `success_url?data=<base64 JSON>`, signed by eSewa; decline: 302 to
 *   `failure_url` as given (the documentation names no parameters for the failure redirect).
 * - `GET /esewa/api/epay/transaction/status/?product_code=&total_amount=&transaction_uuid=`.
 */
export interface EsewaSimOptions {
  productCode: string;
  secretKey: string;
}

type EsewaStatus = 'PENDING' | 'COMPLETE' | 'CANCELED';

interface EsewaTransaction {
  transactionUuid: string;
  productCode: string;
  totalPaisa: number;
  successUrl: string;
  failureUrl: string;
  status: EsewaStatus;
  refId: string | null;
}

const FORM_FIELDS = [
  'amount', 'tax_amount', 'total_amount', 'transaction_uuid', 'product_code', 'product_service_charge',
  'product_delivery_charge', 'success_url', 'failure_url', 'signed_field_names', 'signature',
] as const;
const MUST_BE_SIGNED = ['total_amount', 'transaction_uuid', 'product_code'];

export function createEsewaSimulator(options: EsewaSimOptions): { router: Router; reset(): void } {
  const transactions = new Map<string, EsewaTransaction>();
  const router = Router();

  router.post('/esewa/api/epay/main/v2/form', express.urlencoded({ extended: false, limit: '16kb' }), (req, res) => {
    const checked = readForm(req.body, options);
    if (typeof checked === 'string') return sendErrorPage(res, 400, checked);
    const existing = transactions.get(checked.transactionUuid);
    // Posting the same pending form again (a reload) shows the same page; any other reuse of
    // a transaction_uuid is refused, as eSewa wants one per attempt.
    if (existing && !(existing.status === 'PENDING' && sameAttempt(existing, checked))) {
      return sendErrorPage(res, 400, 'This transaction_uuid has already been used.');
    }
    if (!existing) transactions.set(checked.transactionUuid, checked);
    sendDecisionPage(res, {
      gateway: 'eSewa',
      rows: [['Merchant', checked.productCode], ['Transaction', checked.transactionUuid], ['Amount', formatRupees(checked.totalPaisa)]],
      action: `/esewa/transactions/${encodeURIComponent(checked.transactionUuid)}/decision`,
    });
  });

  mountDecisionRoutes(router, { page: '/esewa/transactions/:id/decision', control: '/__sim/esewa/:id/decide' }, (id, outcome, control) => {
    // Tests may decide without posting the form first: the control body then carries what the
    // form would have (the checkout's gatewayPayload, or just total_amount, success_url, failure_url).
    if (control && !transactions.has(id)) {
      const described = readControl(id, control, options);
      if (typeof described === 'string') return { ok: false, httpStatus: 404, message: `No such transaction, and ${described}` };
      transactions.set(id, described);
    }
    return decide(transactions.get(id), outcome, options.secretKey);
  });

  router.get('/esewa/api/epay/transaction/status', (req, res) => {
    const { product_code: productCode, total_amount: totalAmount, transaction_uuid: transactionUuid } = req.query;
    if (typeof productCode !== 'string' || typeof totalAmount !== 'string' || typeof transactionUuid !== 'string') {
      res.status(400).json({ code: 0, error_message: 'product_code, total_amount and transaction_uuid are required' });
      return;
    }
    const transaction = transactions.get(transactionUuid);
    const paisa = parseRupees(totalAmount);
    // The amount is part of the question: asking with another amount finds nothing.
    const found = transaction && transaction.productCode === productCode && transaction.totalPaisa === paisa ? transaction : undefined;
    res.json({
      product_code: productCode,
      transaction_uuid: transactionUuid,
      total_amount: found ? found.totalPaisa / 100 : paisa === null ? null : paisa / 100,
      status: found ? found.status : 'NOT_FOUND',
      ref_id: found?.refId ?? null,
    });
  });

  return { router, reset: () => transactions.clear() };
}

/** The pending transaction a valid form describes, or why eSewa would refuse the form. */
function readForm(body: unknown, options: EsewaSimOptions): EsewaTransaction | string {
  const form = (body ?? {}) as Record<string, unknown>;
  const missing = FORM_FIELDS.filter((name) => typeof form[name] !== 'string' || form[name] === '');
  if (missing.length > 0) return `Missing form fields: ${missing.join(', ')}.`;
  const fields = Object.fromEntries(FORM_FIELDS.map((name) => [name, form[name] as string]));
  if (fields['product_code'] !== options.productCode) return 'Unknown merchant (product_code).';
  const signedNames = fields['signed_field_names'].split(',');
  if (!MUST_BE_SIGNED.every((name) => signedNames.includes(name))) {
    return 'signed_field_names must include total_amount, transaction_uuid and product_code.';
  }
  if (!esewaSignatureMatches(fields, options.secretKey)) return 'Invalid payload signature.';
  if (!/^[A-Za-z0-9-]+$/.test(fields['transaction_uuid'])) return 'transaction_uuid may hold only letters, digits and hyphens.';
  const parts = ['amount', 'tax_amount', 'product_service_charge', 'product_delivery_charge'].map((name) => parseRupees(fields[name]));
  const total = parseRupees(fields['total_amount']);
  if (total === null || parts.includes(null)) return 'Amounts must be rupees with at most two decimals.';
  if (total <= 0 || (parts as number[]).reduce((sum, part) => sum + part, 0) !== total) {
    return 'total_amount must equal amount + tax_amount + product_service_charge + product_delivery_charge.';
  }
  if (!isHttpUrl(fields['success_url']) || !isHttpUrl(fields['failure_url'])) return 'success_url and failure_url must be absolute http(s) URLs.';
  return {
    transactionUuid: fields['transaction_uuid'],
    productCode: fields['product_code'],
    totalPaisa: total,
    successUrl: fields['success_url'],
    failureUrl: fields['failure_url'],
    status: 'PENDING',
    refId: null,
  };
}

/** A pending transaction described by a decide body instead of a form post, or why it cannot be. */
function readControl(transactionUuid: string, body: Record<string, unknown>, options: EsewaSimOptions): EsewaTransaction | string {
  const { total_amount: total, success_url: successUrl, failure_url: failureUrl, product_code: productCode } = body;
  const paisa = typeof total === 'string' ? parseRupees(total) : null;
  if (paisa === null || paisa <= 0 || !isHttpUrl(successUrl) || !isHttpUrl(failureUrl)) {
    return 'to decide before the form was posted send total_amount (rupees), success_url and failure_url with the outcome.';
  }
  if (productCode !== undefined && productCode !== options.productCode) return 'product_code is not this merchant.';
  if (!/^[A-Za-z0-9-]+$/.test(transactionUuid)) return 'transaction_uuid may hold only letters, digits and hyphens.';
  return { transactionUuid, productCode: options.productCode, totalPaisa: paisa, successUrl, failureUrl, status: 'PENDING', refId: null };
}

function sameAttempt(a: EsewaTransaction, b: EsewaTransaction): boolean {
  return a.totalPaisa === b.totalPaisa && a.successUrl === b.successUrl && a.failureUrl === b.failureUrl;
}

function decide(transaction: EsewaTransaction | undefined, outcome: Outcome, secretKey: string): DecisionResult {
  if (!transaction) return { ok: false, httpStatus: 404, message: 'No such transaction.' };
  if (transaction.status !== 'PENDING') return { ok: false, httpStatus: 409, message: `The transaction is already ${transaction.status}.` };
  if (outcome === 'pending') return { ok: true, location: null }; // the customer has not finished paying yet
  if (outcome === 'decline') {
    transaction.status = 'CANCELED';
    return { ok: true, location: transaction.failureUrl };
  }
  transaction.status = 'COMPLETE';
  transaction.refId = randomEsewaCode();
  const data = encodeSuccessData({ ...transaction, transactionCode: transaction.refId }, secretKey);
  return { ok: true, location: withQuery(transaction.successUrl, { data }) };
}
