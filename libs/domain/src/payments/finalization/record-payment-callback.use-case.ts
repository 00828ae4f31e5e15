import { createHash } from 'node:crypto';
import { Inject, Service } from 'typedi';
import { Database, OrderModel, PaymentCallbackModel, PaymentCallbackOutcome } from '@platform/db';
import type { Logger } from '@platform/observability';
import { isRowId, LOGGER } from '../../shared';
import { PaymentStatusService } from '../status/payment-status.service';
import { PaymentJobQueue } from './payment-job-queue.service';
import { PaymentRecords } from './payment-records.service';
import { PaymentVerifiers } from './payment-verifiers.service';

export interface PaymentCallbackInput {
  /** The `:paymentId` of the URL, as written. */
  paymentId: string;
  outcome: PaymentCallbackOutcome;
  /** Query (GET) or body (POST) as parsed; nothing in it is trusted. */
  params: Record<string, unknown>;
}

/** What the result page is told (CONTRACT section 4). The query is not proof of payment. */
export interface PaymentCallbackAnswer {
  paymentStatus: 'success' | 'failed' | 'pending';
  paymentId: number | null;
  orderId: number | null;
  returnUrl: string | null;
  /**
   * The token that reads the payment's real state (PaymentStatusService), only when the callback
   * carried the payment's own gateway transaction id: a bare payment id proves nothing.
   */
  resultToken: string | null;
}

const MAX_FIELDS = 32;
const MAX_VALUE_CHARS = 4096;

/**
 * GET/POST /api/payments/redirect/:paymentId/success|failure (learning-commerce.md, "Payment
 * callbacks"). Never throws for what a caller sent: an unknown payment or unreadable parameters
 * answer `failed`. A success callback that fails the checks needing no network (eSewa signature,
 * status, transaction, amount) is recorded as a failed verification and answers `failed`; a
 * plausible one is stored once (replays only bump a counter) and queued for order.payment_success,
 * whose job id is derived from the payment and the callback, so replays coalesce while it waits
 * and a reload after it finished asks the gateway again. It answers `pending` until the job has
 * verified it with the gateway, `success` once the order is paid. A failure callback only queues
 * order.payment_failed, which asks the gateway (eSewa); for Khalti, which is given no failure
 * URL, it does nothing. Once the order is decided, callbacks write nothing.
 */
@Service()
export class RecordPaymentCallbackUseCase {
  constructor(
    private readonly db: Database,
    private readonly records: PaymentRecords,
    private readonly verifiers: PaymentVerifiers,
    private readonly jobs: PaymentJobQueue,
    private readonly status: PaymentStatusService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(input: PaymentCallbackInput): Promise<PaymentCallbackAnswer> {
    const id = /^\d{1,10}$/.test(input.paymentId) ? Number(input.paymentId) : NaN;
    const context = isRowId(id) ? await this.records.context(id) : null;
    if (!context) return { paymentStatus: 'failed', paymentId: null, orderId: null, returnUrl: null, resultToken: null };
    const resultToken = this.status.callbackNamesPayment(context.payment, input.params) ? this.status.token(context.payment.id) : null;
    const answer = (paymentStatus: PaymentCallbackAnswer['paymentStatus']): PaymentCallbackAnswer => ({
      paymentStatus,
      paymentId: context.payment.id,
      orderId: context.order.id,
      returnUrl: context.order.returnUrl,
      resultToken,
    });
    const log = this.logger.child({ paymentId: context.payment.id, orderId: context.order.id, outcome: input.outcome });

    const settled = this.settled(context.order);
    // A success for an order closed without payment (e.g. auto-cancelled while the customer was at
    // the gateway) is still verified by the job, so money taken is recorded as owed back.
    const lateSuccess = settled === 'failed' && input.outcome === 'success' && context.payment.status !== 'completed';
    // A replay after the order was decided changes nothing, and writes nothing: a completed
    // payment's record (a refund owed included) is never overwritten by what a later request says.
    if (settled && !lateSuccess) return answer(settled);

    if (input.outcome === 'failure' && context.payment.gateway === 'khalti') {
      // Khalti is never given a failure URL (its return_url carries cancellations, see the success
      // path), so this request did not come from Khalti: it proves nothing and changes nothing.
      log.info('failure callback for a Khalti payment ignored');
      return answer('pending');
    }

    const params = readParams(input.params);
    if (params === null) {
      log.warn('unreadable payment callback');
      if (input.outcome === 'success' && !settled) await this.records.failedVerification(context.payment.id, 'unreadable callback parameters');
      return answer(settled ?? 'failed');
    }

    const stored = await this.store(context.payment.id, input.outcome, params);
    if (input.outcome === 'failure') {
      // eSewa's failure_url: unsigned, so the job asks eSewa and fails the order only on a terminal answer.
      await this.jobs.checkFailure(context, 'Payment cancelled or failed at the gateway');
      return answer('failed');
    }
    const precheck = this.verifiers.for(context.payment.gateway).precheck(params, context);
    if (precheck.kind === 'rejected') {
      log.warn({ error: precheck.error }, 'payment callback failed verification; the order stays as it was');
      if (!settled) await this.records.failedVerification(context.payment.id, precheck.error);
      return answer('failed');
    }
    if (precheck.kind === 'declined') {
      if (!settled) await this.jobs.checkFailure(context, precheck.detail);
      return answer('failed');
    }
    await this.jobs.verifyCallback(context, stored, params['transaction_id']);
    // Pending until the job has asked the gateway, also for a late success: money may have been
    // taken, so the page must not say "not charged" (a completed late payment is shown as a refund).
    return answer('pending');
  }

  private settled(order: OrderModel): PaymentCallbackAnswer['paymentStatus'] | null {
    if (order.status === 'payment_pending' || order.status === 'created') return null;
    return order.status === 'payment_failed' || order.status === 'cancelled' ? 'failed' : 'success';
  }

  /** One row per distinct callback of a payment; a replay bumps its count. */
  private async store(paymentId: number, outcome: PaymentCallbackOutcome, params: Record<string, string>): Promise<PaymentCallbackModel> {
    const canonical = JSON.stringify(Object.keys(params).sort().map((key) => [key, params[key]]));
    const digest = createHash('sha256').update(canonical).digest('hex');
    const [rows] = (await this.db.sequelize.query(
      `INSERT INTO payment_callbacks (payment_id, outcome, params, params_digest)
       VALUES (:paymentId, :outcome, :params::jsonb, :digest)
       ON CONFLICT (payment_id, outcome, params_digest)
       DO UPDATE SET received_count = payment_callbacks.received_count + 1, last_received_at = now()
       RETURNING id`,
      { replacements: { paymentId, outcome, params: JSON.stringify(params), digest } },
    )) as [Array<{ id: number }>, unknown];
    return PaymentCallbackModel.build({ id: rows[0].id, paymentId, outcome, params, paramsDigest: digest }, { isNewRecord: false });
  }
}

/** Only flat string fields, a bounded number of them; anything else (arrays, objects) is unreadable. */
function readParams(raw: Record<string, unknown>): Record<string, string> | null {
  if (typeof raw !== 'object' || raw === null) return {};
  const entries = Object.entries(raw);
  if (entries.length > MAX_FIELDS) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (typeof value === 'number' || typeof value === 'boolean') params[key] = String(value);
    else if (typeof value === 'string' && value.length <= MAX_VALUE_CHARS) params[key] = value;
    else return null;
  }
  return params;
}
