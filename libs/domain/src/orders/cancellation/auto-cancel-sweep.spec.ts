import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pino from 'pino';
import { Database, OrderModel, PaymentModel } from '@platform/db';
import { createCourse, createCustomer, createOrder, testContainer } from '@platform/testing';
import { PaymentReconciliation } from '../../payments';
import type { ReconciliationVerdict } from '../../payments';
import { LOGGER } from '../../shared';
import { OrderFulfilmentService } from '../fulfilment/order-fulfilment.service';
import { AutoCancelOrderUseCase } from './auto-cancel-order.use-case';

/**
 * order.auto_cancel_sweep takes the oldest unpaid orders first: one that throws every time (here
 * the gateway confirms its payment and fulfilment fails) must not stop the sweep for the others.
 */
describe(`${AutoCancelOrderUseCase.name} sweep, one order failing`, () => {
  it('logs the failing order with its id and goes on closing the others', async () => {
    const container = await testContainer('auto-cancel-sweep-spec');
    const db = container.get(Database);
    const logged: Array<{ level: number; orderId?: number; msg: string }> = [];
    container.set(LOGGER, pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) }));
    const failing = { productTypes: ['course', 'digital_book'] as const, fulfil: () => Promise.reject(new Error('grant failed')), revoke: () => Promise.resolve(), release: () => Promise.resolve() };
    container.set(OrderFulfilmentService, new OrderFulfilmentService([failing]));

    /** An unpaid order of `ageMinutes` with an initiated eSewa payment. */
    const unpaidOrder = async (ageMinutes: number) => {
      const { id: userId } = await createCustomer(container);
      const { product } = await createCourse();
      const order = await createOrder(userId, [product]);
      const payment = await PaymentModel.create({ orderId: order.id, gateway: 'esewa', amountPaisa: order.totalPaisa, gatewayTransactionId: randomUUID() });
      await db.sequelize.query(`UPDATE orders SET created_at = now() - make_interval(mins => :age) WHERE id = :id`, { replacements: { age: ageMinutes, id: order.id } });
      return { order, payment };
    };
    // Older than any other spec's order, so the sweep meets it first.
    const paidAtGateway = await unpaidOrder(100 * 24 * 60);
    const abandoned = await unpaidOrder(90);
    const verdicts = new Map<number, ReconciliationVerdict>([
      [paidAtGateway.order.id, { kind: 'confirmed', paymentId: paidAtGateway.payment.id, context: paidAtGateway, reference: 'REF-SWEEP' }],
      [abandoned.order.id, { kind: 'not_completed' }],
    ]);
    // Other specs' orders in the shared database stay as they are (undecided, and younger than a day).
    const reconcile = async (orderId: number): Promise<ReconciliationVerdict> => verdicts.get(orderId) ?? { kind: 'pending', paymentId: 0, detail: 'not this spec' };
    container.set(PaymentReconciliation, { reconcile } as unknown as PaymentReconciliation);
    const useCase = container.get(AutoCancelOrderUseCase);

    const { cancelled, paid } = await useCase.sweep();
    expect(cancelled).to.include(abandoned.order.id);
    expect(paid).to.not.include(paidAtGateway.order.id);
    expect((await OrderModel.findByPk(paidAtGateway.order.id, { rejectOnEmpty: true })).status).to.equal('payment_pending');
    const errors = logged.filter((line) => line.level === 50 && line.orderId === paidAtGateway.order.id);
    expect(errors.map((line) => line.msg)).to.deep.equal(['auto-cancel could not settle or close this order; the sweep goes on']);

    // Leave no order behind that every later sweep in this run would meet first.
    verdicts.set(paidAtGateway.order.id, { kind: 'not_completed' });
    expect(await useCase.execute({ orderId: paidAtGateway.order.id, reason: 'spec cleanup' })).to.equal('cancelled');
  });
});
