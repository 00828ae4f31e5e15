import { randomUUID } from 'node:crypto';
import { OrderModel, PaymentModel } from '@platform/db';
import { createCustomer } from './factories';
import { createCourse } from './catalog-factories';
import { createOrder, forceOrderStatus } from './commerce-factories';
import type { ContainerInstance } from 'typedi';

/** A payment_pending order of a fresh customer with one eSewa payment, its returnUrl as given. */
export async function createPendingPayment(container: ContainerInstance, returnUrl: string | null): Promise<{ order: OrderModel; payment: PaymentModel }> {
  const customer = await createCustomer(container);
  const { product } = await createCourse();
  const order = await createOrder(customer.id, [product]);
  await order.update({ returnUrl });
  const payment = await PaymentModel.create({ orderId: order.id, gateway: 'esewa', amountPaisa: order.totalPaisa, gatewayTransactionId: randomUUID() });
  return { order, payment };
}

/** What the payment-success job leaves behind: the order paid and its payment completed. */
export async function settlePayment(order: OrderModel, payment: PaymentModel): Promise<void> {
  await forceOrderStatus(order.id, { status: 'paid', paidAt: new Date() });
  await payment.update({ status: 'completed', completedAt: new Date(), gatewayReference: 'TEST-REF' });
}
