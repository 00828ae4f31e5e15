import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, OrderItemModel, OrderModel, OrderStatusHistoryModel, PaymentModel, ProductAccessModel, ProductType, Transaction } from '@platform/db';
import { createCourse, createCustomer, createDigitalBook, createOrder, orderEvents, testContainer } from '@platform/testing';
import { ProductAccessFulfilmentService } from '../../access';
import type { FulfilmentHandler, FulfilmentReleaseReason, FulfilmentRevokeReason } from '../../shared';
import { OrderTransitionService } from '../lifecycle/order-transition.service';
import { ORDER_COMMANDS } from '../lifecycle/order-transitions';
import { FinalizePaymentSuccessUseCase } from '../payment-outcome/finalize-payment-success.use-case';
import { OrderFulfilmentService } from './order-fulfilment.service';

/** A real handler (for `productTypes` only, if given) that also writes down what the registry asked of it. */
class CountingHandler implements FulfilmentHandler {
  readonly fulfilled: number[] = [];
  readonly revoked: Array<{ orderId: number; reason: FulfilmentRevokeReason }> = [];
  readonly released: Array<{ orderId: number; reason: FulfilmentReleaseReason }> = [];
  readonly productTypes: readonly ProductType[];

  constructor(
    private readonly inner: FulfilmentHandler,
    productTypes?: readonly ProductType[],
    /** Throws after the real fulfilment ran, as a handler failing halfway would. */
    private readonly failFulfil = false,
  ) {
    this.productTypes = productTypes ?? inner.productTypes;
  }

  async fulfil(order: OrderModel, items: readonly OrderItemModel[], tx: Transaction) {
    this.fulfilled.push(order.id);
    await this.inner.fulfil(order, items, tx);
    if (this.failFulfil) throw new Error('fulfilment failed halfway');
  }

  release(order: OrderModel, items: readonly OrderItemModel[], reason: FulfilmentReleaseReason, tx: Transaction) {
    this.released.push({ orderId: order.id, reason });
    return this.inner.release(order, items, reason, tx);
  }

  revoke(order: OrderModel, items: readonly OrderItemModel[], reason: FulfilmentRevokeReason, tx: Transaction) {
    this.revoked.push({ orderId: order.id, reason });
    return this.inner.revoke(order, items, reason, tx);
  }
}

describe(OrderFulfilmentService.name, () => {
  let container: ContainerInstance;
  let db: Database;
  let handler: CountingHandler;
  let transitions: OrderTransitionService;
  let success: FinalizePaymentSuccessUseCase;

  before(async () => {
    container = await testContainer('order-fulfilment-spec');
    db = container.get(Database);
    handler = new CountingHandler(container.get(ProductAccessFulfilmentService));
    container.set(OrderFulfilmentService, new OrderFulfilmentService([handler]));
    transitions = container.get(OrderTransitionService);
    success = container.get(FinalizePaymentSuccessUseCase);
  });

  /** A payment_pending order of one course and one book, with its eSewa payment. */
  async function pendingOrder() {
    const customer = await createCustomer(container);
    const [{ product: courseProduct }, { product: bookProduct }] = await Promise.all([createCourse(), createDigitalBook()]);
    const order = await createOrder(customer.id, [courseProduct, bookProduct]);
    const payment = await PaymentModel.create({ orderId: order.id, gateway: 'esewa', amountPaisa: order.totalPaisa, gatewayTransactionId: randomUUID() });
    return { order, payment };
  }

  async function paidOrder() {
    const context = await pendingOrder();
    expect(await success.settle(context, `REF-${context.order.id}`)).to.equal('paid');
    return context;
  }

  const eventCount = async (orderId: number, event: string) => (await orderEvents(orderId, event)).length;
  const revokes = (orderId: number) => handler.revoked.filter((call) => call.orderId === orderId);
  const releases = (orderId: number) => handler.released.filter((call) => call.orderId === orderId);
  const cancel = (order: OrderModel) =>
    db.transaction((tx) =>
      transitions.apply(
        {
          orderId: order.id,
          ...ORDER_COMMANDS.cancel,
          actor: { type: 'system' },
          changes: { cancelledAt: new Date(), cancellationReason: 'test', cancelledByActorType: 'system' },
        },
        tx,
      ),
    );

  it('fails loudly on a line whose product type has no handler, and fulfils nothing of that order', async () => {
    const { order } = await pendingOrder();
    const courseOnly = new OrderFulfilmentService([new CountingHandler(container.get(ProductAccessFulfilmentService), ['course'])]);
    const failure = await db.transaction((tx) => courseOnly.fulfil(order, tx)).catch((error: unknown) => error);
    expect(String(failure)).to.match(/No fulfilment handler for product type digital_book/);
    expect(await ProductAccessModel.count({ where: { orderId: order.id } })).to.equal(0);
  });

  it('refuses two handlers for one product type', () => {
    const courses = new CountingHandler(container.get(ProductAccessFulfilmentService), ['course']);
    expect(() => new OrderFulfilmentService([handler, courses])).to.throw(/Two fulfilment handlers for product type course/);
  });

  it('fulfils a replayed and concurrent payment success once: one grant and one access event per line', async () => {
    const context = await pendingOrder();
    const results = await Promise.all(Array.from({ length: 5 }, () => success.settle(context, 'REF-RACE')));
    results.push(await success.settle(context, 'REF-RACE'));
    expect(results.filter((result) => result === 'paid')).to.have.length(1);
    expect(handler.fulfilled.filter((id) => id === context.order.id)).to.have.length(1);
    expect(await ProductAccessModel.count({ where: { orderId: context.order.id } })).to.equal(2);
    expect(await eventCount(context.order.id, 'ORDER_PAYMENT_RECEIVED_BUYNOW')).to.equal(1);
    expect(await eventCount(context.order.id, 'COURSE_ACCESS_GRANTED')).to.equal(1);
    expect(await eventCount(context.order.id, 'BOOKLET_ACCESS_GRANTED')).to.equal(1);
  });

  it('revokes once when a paid order is cancelled, however often the cancel runs', async () => {
    const { order } = await paidOrder();
    const moved = await Promise.all([cancel(order), cancel(order), cancel(order)]);
    expect(moved.filter((row) => row !== null)).to.have.length(1);
    expect(revokes(order.id)).to.deep.equal([{ orderId: order.id, reason: 'cancelled' }]);
    expect(await ProductAccessModel.count({ where: { orderId: order.id, isRevoked: false } })).to.equal(0);
    expect((await PaymentModel.findOne({ where: { orderId: order.id }, rejectOnEmpty: true })).refundOwedAt).to.be.instanceOf(Date);
  });

  it('revokes once when a refund is approved, however often the approval runs', async () => {
    const { order } = await paidOrder();
    const move = (to: 'refund_requested' | 'refund_approved') =>
      db.transaction((tx) =>
        transitions.apply(
          to === 'refund_requested'
            ? {
                orderId: order.id,
                ...ORDER_COMMANDS.requestRefund,
                actor: { type: 'system' },
                changes: { refundStatus: 'requested', refundReason: 'test', refundRequestedAt: new Date() },
              }
            : {
                orderId: order.id,
                ...ORDER_COMMANDS.approveRefund,
                actor: { type: 'system' },
                changes: { refundStatus: 'approved', refundProcessedAt: new Date(), refundAmountPaisa: order.totalPaisa },
              },
          tx,
        ),
      );
    expect(await move('refund_requested')).to.not.equal(null);
    expect(revokes(order.id)).to.deep.equal([]);
    const moved = await Promise.all([move('refund_approved'), move('refund_approved')]);
    expect(moved.filter((row) => row !== null)).to.have.length(1);
    expect(revokes(order.id)).to.deep.equal([{ orderId: order.id, reason: 'refund_approved' }]);
    expect(await ProductAccessModel.count({ where: { orderId: order.id, isRevoked: true } })).to.equal(2);
  });

  it('releases once when an unpaid order is closed, and revokes nothing', async () => {
    const { order } = await pendingOrder();
    expect((await cancel(order))?.status).to.equal('cancelled');
    expect(revokes(order.id)).to.deep.equal([]);
    expect(releases(order.id)).to.deep.equal([{ orderId: order.id, reason: 'cancelled' }]);
    expect((await PaymentModel.findOne({ where: { orderId: order.id }, rejectOnEmpty: true })).status).to.equal('failed');
  });

  it('releases on payment_pending -> payment_failed, and not again when the failed order is cancelled', async () => {
    const { order } = await pendingOrder();
    const failed = await db.transaction((tx) =>
      transitions.apply({ orderId: order.id, to: 'payment_failed', from: ['payment_pending'], actor: { type: 'system' } }, tx),
    );
    expect(failed?.status).to.equal('payment_failed');
    expect((await cancel(order))?.status).to.equal('cancelled');
    expect(releases(order.id)).to.deep.equal([{ orderId: order.id, reason: 'payment_failed' }]);
    expect(revokes(order.id)).to.deep.equal([]);
  });

  it('does not release a paid order that is cancelled (it revokes it)', async () => {
    const { order } = await paidOrder();
    await cancel(order);
    expect(releases(order.id)).to.deep.equal([]);
    expect(revokes(order.id)).to.have.length(1);
  });

  it('rolls the whole move into paid back when a handler throws: no history, event, payment completion or access', async () => {
    const own = await testContainer('order-fulfilment-rollback-spec');
    own.set(OrderFulfilmentService, new OrderFulfilmentService([new CountingHandler(own.get(ProductAccessFulfilmentService), undefined, true)]));
    const context = await pendingOrder();
    const failure = await own.get(FinalizePaymentSuccessUseCase).settle(context, 'REF-FAIL').catch((error: unknown) => error);
    expect(String(failure)).to.match(/fulfilment failed halfway/);
    const { order, payment } = context;
    expect((await OrderModel.findByPk(order.id, { rejectOnEmpty: true })).status).to.equal('payment_pending');
    expect((await OrderModel.findByPk(order.id, { rejectOnEmpty: true })).paidAt).to.equal(null);
    expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(0);
    expect(await eventCount(order.id, 'ORDER_PAYMENT_RECEIVED_BUYNOW')).to.equal(0);
    expect(await eventCount(order.id, 'ORDER_PAYMENT_RECEIVED_CHECKOUT')).to.equal(0);
    expect(await eventCount(order.id, 'COURSE_ACCESS_GRANTED')).to.equal(0);
    expect((await PaymentModel.findByPk(payment.id, { rejectOnEmpty: true })).status).to.equal('initiated');
    expect(await ProductAccessModel.count({ where: { orderId: order.id } })).to.equal(0);
  });
});
