import type { ContainerInstance } from 'typedi';
import { Database, OrderModel, OrderStatus, ProductAccessModel, TrainingEnrollmentModel, TrainingEnrollmentStatus } from '@platform/db';
import { CohortSeatsService, EnrollmentMovesService } from '@platform/domain';
import { createOrder } from './commerce-factories';
import { createCustomer, TestCustomer } from './factories';
import { createTraining, TestTraining } from './training-factories';

export interface EnrollmentFixtureOptions {
  training?: TestTraining;
  customer?: TestCustomer;
  /** Default pending. */
  status?: TrainingEnrollmentStatus;
  /** The order's status (default payment_pending for pending, paid otherwise); null: no order. */
  orderStatus?: OrderStatus | null;
  /** An open cancellation request (enrolled only). */
  cancellationRequested?: boolean;
}

export interface EnrollmentFixture {
  training: TestTraining;
  customer: TestCustomer;
  order: OrderModel | null;
  enrollment: TrainingEnrollmentModel;
  /** The product_access row an enrolled enrollment's order granted (null otherwise). */
  access: ProductAccessModel | null;
}

/**
 * An enrollment written straight to the database, as the enroll flow leaves it: a training order
 * (createOrder), a seat taken through CohortSeatsService (not for a cancelled one), the creation in
 * the history, and for an enrolled one its lifetime access fields and the order's product_access row.
 */
export async function createEnrollment(container: ContainerInstance, options: EnrollmentFixtureOptions = {}): Promise<EnrollmentFixture> {
  const training = options.training ?? (await createTraining());
  const customer = options.customer ?? (await createCustomer(container));
  const status = options.status ?? 'pending';
  const orderStatus = options.orderStatus === undefined ? (status === 'pending' ? 'payment_pending' : 'paid') : options.orderStatus;
  const order = orderStatus === null ? null : await createOrder(customer.id, [training.product], { status: orderStatus, source: 'training_enroll' });
  const now = new Date();
  const cohort = training.cohorts[0];
  const enrollment = await container.get(Database).transaction(async (tx) => {
    if (status !== 'cancelled') await container.get(CohortSeatsService).take(training.training.id, cohort.id, tx);
    const row = await TrainingEnrollmentModel.create(
      {
        userId: customer.id,
        productId: training.product.id,
        trainingId: training.training.id,
        cohortId: cohort.id,
        sessionId: training.sessions[0]?.id ?? null,
        orderId: order?.id ?? null,
        status,
        formData: { note: 'fixture' },
        ...(status === 'enrolled' ? { accessType: 'lifetime', enrolledAt: now } : {}),
        ...(status === 'cancelled' ? { cancelledAt: now } : {}),
        ...(options.cancellationRequested ? { cancellationRequestedAt: now, cancellationReason: 'Changed my mind' } : {}),
      },
      { transaction: tx },
    );
    await container.get(EnrollmentMovesService).created(row, { type: 'customer', id: customer.id }, null, tx);
    return row;
  });
  const access =
    status === 'enrolled' && order
      ? await ProductAccessModel.create({ userId: customer.id, productId: training.product.id, orderId: order.id, accessType: 'lifetime', isRevoked: false })
      : null;
  return { training, customer, order, enrollment, access };
}
