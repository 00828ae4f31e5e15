import { Service } from 'typedi';
import { QueueRegistry } from '@platform/queue';
import { PAYMENT_FAILURE_RECHECK, PAYMENT_JOB_IDS, PAYMENT_RETRY, PAYMENT_VERIFICATION_JOB_OPTIONS } from './payment-jobs';
import type { PaymentContext } from './payment-verifier';

/**
 * Queues the jobs that ask a gateway about a payment, with PAYMENT_VERIFICATION_JOB_OPTIONS
 * (retries long enough for a gateway outage) and through QueueRegistry.requeue, so a job that
 * already finished under the same id (completed, or failed after every attempt) runs again
 * instead of blocking the add. Every one of these jobs is safe to run twice.
 */
@Service()
export class PaymentJobQueue {
  constructor(private readonly queues: QueueRegistry) {}

  /** order.payment_success for a stored success callback that passed its precheck. */
  verifyCallback({ order, payment }: PaymentContext, callback: { id: number; paramsDigest: string }, transactionId?: string) {
    return this.queues.requeue(
      'order.payment_success',
      {
        orderId: order.id,
        paymentId: payment.id,
        callbackId: callback.id,
        paymentReference: payment.gatewayTransactionId,
        ...(transactionId ? { transactionId } : {}),
      },
      { ...PAYMENT_VERIFICATION_JOB_OPTIONS, jobId: PAYMENT_JOB_IDS.success(payment.id, callback.paramsDigest) },
    );
  }

  /** order.payment_failed: the job asks the gateway and fails the order only on a terminal answer. */
  checkFailure({ order, payment }: PaymentContext, reason: string) {
    return this.queues.requeue(
      'order.payment_failed',
      { orderId: order.id, paymentId: payment.id, reason },
      { ...PAYMENT_VERIFICATION_JOB_OPTIONS, jobId: PAYMENT_JOB_IDS.failure(payment.id) },
    );
  }

  /** order.payment_failed again later, after the gateway said the payment was undecided. */
  recheckFailure({ order, payment }: PaymentContext, reason: string, recheck: number) {
    return this.queues.requeue(
      'order.payment_failed',
      { orderId: order.id, paymentId: payment.id, reason, recheck },
      { ...PAYMENT_VERIFICATION_JOB_OPTIONS, jobId: PAYMENT_JOB_IDS.failureRecheck(payment.id, recheck), delay: PAYMENT_FAILURE_RECHECK.delayMs },
    );
  }

  /** order.payment_retry `attempt` (2 and up), after PAYMENT_RETRY.delayMs(attempt - 1). */
  retry({ order, payment }: PaymentContext, attempt: number) {
    return this.queues.requeue(
      'order.payment_retry',
      { orderId: order.id, paymentId: payment.id, attempt, maxAttempts: PAYMENT_RETRY.maxAttempts },
      { ...PAYMENT_VERIFICATION_JOB_OPTIONS, jobId: PAYMENT_JOB_IDS.retry(payment.id, attempt), delay: PAYMENT_RETRY.delayMs(attempt - 1) },
    );
  }
}
