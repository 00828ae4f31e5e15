import { randomUUID } from 'node:crypto';
import { Database, PaymentModel, TrainingCohortModel, TrainingEnrollmentModel } from '@platform/db';
import { FinalizePaymentSuccessUseCase, OrderTransitionService, PaymentRecords } from '@platform/domain';
import { createCustomer, createTraining, TestCustomer, TestTraining, TrainingOptions } from '@platform/testing';
import { found, SHOP, startCheckoutApp } from '../../orders/checkout-test-app.test-helper';

export { found, SHOP };
export const RETURN_URL = `${SHOP}/training/enrolled`;

/**
 * customer-api with the checkout tests' gateway settings (fixed eSewa keys, a Khalti stub, an
 * allow-listed return origin), plus what the enroll tests do with it.
 */
export async function startEnrollApp(name: string) {
  const app = await startCheckoutApp(name);
  const container = app.api.app.container;

  /** POST the enroll route (`prefix` picks one of the three), with an Idempotency-Key only when `key` is given. */
  const enroll = (customer: TestCustomer, body: object, key?: string, path = '/api/mobile/training/enroll') => {
    const request = app.api.http.post(path).set('Authorization', `Bearer ${customer.accessToken}`);
    return (key === undefined ? request : request.set('Idempotency-Key', key)).send(body);
  };

  /** The body that enrolls into the training's first cohort and session, eSewa unless overridden. */
  const bodyFor = ({ product, cohorts, sessions }: TestTraining, overrides: object = {}) => ({
    productId: product.id,
    cohortId: cohorts[0].id,
    sessionId: sessions[0].id,
    formData: {},
    gateway: 'esewa',
    returnUrl: RETURN_URL,
    ...overrides,
  });

  /** The verified-payment step of order.payment_success (after the gateway confirmed it), as the job runs it. */
  const settle = async (paymentId: number) => {
    const context = found(await container.get(PaymentRecords).context(paymentId));
    return container.get(FinalizePaymentSuccessUseCase).settle(context, `REF-${randomUUID().slice(0, 8)}`);
  };

  /** The order move the failure job (payment_failed) or order.auto_cancel (cancelled) makes once the gateway said no. */
  const closeUnpaid = (orderId: number, to: 'payment_failed' | 'cancelled') =>
    container.get(Database).transaction((tx) =>
      container.get(OrderTransitionService).apply(
        {
          orderId,
          to,
          from: ['payment_pending'],
          actor: { type: 'system' },
          notes: to === 'cancelled' ? 'Payment not completed in time' : 'Payment failed at esewa',
          ...(to === 'cancelled' ? { changes: { cancelledAt: new Date(), cancellationReason: 'Payment not completed in time', cancelledByActorType: 'system' as const } } : {}),
        },
        tx,
      ),
    );

  return {
    ...app,
    container,
    enroll,
    bodyFor,
    settle,
    closeUnpaid,
    newCustomer: () => createCustomer(container),
    training: (options: TrainingOptions = {}) => createTraining({ mrpPaisa: 300_000, spPaisa: 250_000, ...options }),
    cohort: (id: number) => TrainingCohortModel.findByPk(id, { rejectOnEmpty: true }),
    enrollmentsOf: (customer: TestCustomer) => TrainingEnrollmentModel.findAll({ where: { userId: customer.id }, order: [['id', 'ASC']] }),
    paymentOf: (orderId: number) => PaymentModel.findOne({ where: { orderId } }),
  };
}

export type EnrollApp = Awaited<ReturnType<typeof startEnrollApp>>;
