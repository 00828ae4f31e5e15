import { timingSafeEqual } from 'node:crypto';
import express, { NextFunction, Request, Response, Router } from 'express';
import { mountDecisionRoutes } from './sim-decisions';
import { formatRupees, sendDecisionPage, sendErrorPage } from './sim-pages';
import { DecisionResult, isHttpUrl, Outcome, randomBase58Id, withQuery } from './sim-support';

/**
 * Khalti ePayment KPG-2 as the merchant sees it (docs.khalti.com/khalti-epayment), bodies and
 * messages as documented: initiate and lookup under `/khalti/api/v2/epayment/` with
 * `Authorization: Key <secret>`, the payment page at `/khalti/pay/:pidx`, and the redirect to
 * `return_url` with pidx, status, transaction ids and amounts in paisa.
 */
export interface KhaltiSimOptions {
  secretKey: string;
  /** Payment link lifetime; the sandbox answers 1800. */
  expiresInSeconds?: number;
}

type KhaltiStatus = 'Initiated' | 'Pending' | 'Completed' | 'User canceled' | 'Expired';

interface KhaltiPayment {
  pidx: string;
  amount: number;
  purchaseOrderId: string;
  purchaseOrderName: string;
  returnUrl: string;
  status: KhaltiStatus;
  transactionId: string | null;
  expiresAt: Date;
}

const MIN_AMOUNT_PAISA = 1000;
const PAYER_MOBILE = '98XXXXX001';

export function createKhaltiSimulator(options: KhaltiSimOptions, baseUrl: (req: Request) => string): { router: Router; reset(): void } {
  const payments = new Map<string, KhaltiPayment>();
  const expiresIn = options.expiresInSeconds ?? 1800;
  const router = Router();
  const api = [requireKey(options.secretKey), express.json({ limit: '16kb' })];

  router.post('/khalti/api/v2/epayment/initiate', ...api, (req, res) => {
    const checked = readInitiate(req.body);
    if (!checked.ok) {
      res.status(400).json(checked.errorBody);
      return;
    }
    const pidx = randomBase58Id();
    const expiresAt = new Date(Date.now() + expiresIn * 1000);
    payments.set(pidx, { ...checked.order, pidx, status: 'Initiated', transactionId: null, expiresAt });
    res.json({ pidx, payment_url: `${baseUrl(req)}/khalti/pay/${pidx}`, expires_at: expiresAt.toISOString(), expires_in: expiresIn });
  });

  router.post('/khalti/api/v2/epayment/lookup', ...api, (req, res) => {
    const payment = typeof req.body?.pidx === 'string' ? payments.get(req.body.pidx) : undefined;
    if (!payment) {
      res.status(404).json({ detail: 'Not found.', error_key: 'validation_error' });
      return;
    }
    const status = currentStatus(payment);
    // As documented ("Payment Status Code"): Expired and User canceled answer 400, the rest 200.
    res.status(status === 'Expired' || status === 'User canceled' ? 400 : 200).json({
      pidx: payment.pidx,
      total_amount: payment.amount,
      status,
      transaction_id: payment.transactionId,
      fee: 0,
      refunded: false,
    });
  });

  router.get('/khalti/pay/:pidx', (req, res) => {
    const payment = openPayment(payments.get(req.params['pidx']));
    if ('ok' in payment) return sendErrorPage(res, payment.httpStatus, payment.message);
    sendDecisionPage(res, {
      gateway: 'Khalti',
      rows: [
        ['Order', payment.purchaseOrderName],
        ['Order id', payment.purchaseOrderId],
        ['Amount', formatRupees(payment.amount)],
        ['Payer', PAYER_MOBILE],
      ],
      action: `/khalti/pay/${encodeURIComponent(payment.pidx)}/decision`,
    });
  });

  mountDecisionRoutes(router, { page: '/khalti/pay/:id/decision', control: '/__sim/khalti/:id/decide' }, (id, outcome) =>
    decide(payments.get(id), outcome),
  );

  return { router, reset: () => payments.clear() };
}

/** Khalti's 401 bodies: no `Key` prefix is "not provided", a wrong key is "Invalid token.". */
function requireKey(secretKey: string) {
  const expected = Buffer.from(secretKey);
  return (req: Request, res: Response, next: NextFunction) => {
    const match = /^key\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match) {
      res.status(401).json({ detail: 'Authentication credentials were not provided.', status_code: 401 });
      return;
    }
    const given = Buffer.from(match[1]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).json({ detail: 'Invalid token.', status_code: 401 });
      return;
    }
    next();
  };
}

/** The payment an initiate body describes, or Khalti's validation error body. */
function readInitiate(
  body: unknown,
): { ok: true; order: Pick<KhaltiPayment, 'amount' | 'purchaseOrderId' | 'purchaseOrderName' | 'returnUrl'> } | { ok: false; errorBody: object } {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const blank = (value: unknown) => {
    if (value === undefined) return 'This field is required.';
    return typeof value !== 'string' || value.trim() === '' ? 'This field may not be blank.' : null;
  };
  for (const name of ['return_url', 'website_url']) {
    const problem = blank(input[name]) ?? (isHttpUrl(input[name]) ? null : 'Enter a valid URL.');
    if (problem) errors[name] = [problem];
  }
  for (const name of ['purchase_order_id', 'purchase_order_name']) {
    const problem = blank(input[name]);
    if (problem) errors[name] = [problem];
  }
  // Khalti takes the amount as an integer or integer text ("1000" in its own examples).
  const amount = typeof input['amount'] === 'string' && /^-?\d+$/.test(input['amount']) ? Number(input['amount']) : input['amount'];
  if (amount === undefined) errors['amount'] = ['This field is required.'];
  else if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) errors['amount'] = ['A valid integer is required.'];
  else if (amount < MIN_AMOUNT_PAISA) errors['amount'] = ['Amount should be greater than Rs. 10, that is 1000 paisa.'];
  if (Object.keys(errors).length > 0) return { ok: false, errorBody: { ...errors, error_key: 'validation_error' } };
  return {
    ok: true,
    order: {
      amount: amount as number,
      purchaseOrderId: input['purchase_order_id'] as string,
      purchaseOrderName: input['purchase_order_name'] as string,
      returnUrl: input['return_url'] as string,
    },
  };
}

function currentStatus(payment: KhaltiPayment): KhaltiStatus {
  const open = payment.status === 'Initiated' || payment.status === 'Pending';
  return open && payment.expiresAt.getTime() <= Date.now() ? 'Expired' : payment.status;
}

/** The payment when it can still be decided, else why not (as the decision's failure). */
function openPayment(payment: KhaltiPayment | undefined): KhaltiPayment | Extract<DecisionResult, { ok: false }> {
  if (!payment) return { ok: false, httpStatus: 404, message: 'No such payment.' };
  const status = currentStatus(payment);
  if (status === 'Expired') return { ok: false, httpStatus: 410, message: 'This payment link has expired.' };
  if (status === 'Completed' || status === 'User canceled') return { ok: false, httpStatus: 409, message: `This payment is already ${status}.` };
  return payment;
}

function decide(found: KhaltiPayment | undefined, outcome: Outcome): DecisionResult {
  const payment = openPayment(found);
  if ('ok' in payment) return payment;
  const amounts = { amount: String(payment.amount), total_amount: String(payment.amount) };
  const order = { purchase_order_id: payment.purchaseOrderId, purchase_order_name: payment.purchaseOrderName };
  if (outcome === 'approve') {
    payment.status = 'Completed';
    payment.transactionId = randomBase58Id();
    const id = payment.transactionId;
    // Parameter order of the documented success callback.
    return {
      ok: true,
      location: withQuery(payment.returnUrl, {
        pidx: payment.pidx, txnId: id, ...amounts, status: 'Completed', mobile: PAYER_MOBILE, tidx: id, transaction_id: id, ...order,
      }),
    };
  }
  payment.status = outcome === 'decline' ? 'User canceled' : 'Pending';
  // The documented canceled callback: empty transaction ids and mobile.
  return {
    ok: true,
    location: withQuery(payment.returnUrl, {
      pidx: payment.pidx, transaction_id: '', tidx: '', ...amounts, mobile: '', status: payment.status, ...order,
    }),
  };
}
