import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, OrderModel, OrderStatusHistoryModel, PaymentCallbackModel, PaymentModel, PromotionModel, PromotionRedemptionModel } from '@platform/db';
import { createCourse, createCustomer, createOrder, createPromotion, orderEvents, testContainer } from '@platform/testing';
import { RedeemPromotionUseCase } from '../../promotions';
import { AUTO_CANCEL_REASON, AutoCancelOrderUseCase } from './auto-cancel-order.use-case';

/** learning-commerce.md, "States and transitions → Order": payment_pending → cancelled by order.auto_cancel. */
describe('AutoCancelOrderUseCase', () => {
  let container: ContainerInstance;
  let db: Database;
  let useCase: AutoCancelOrderUseCase;
  let references = 0;

  before(async () => {
    container = await testContainer('auto-cancel-spec');
    db = container.get(Database);
    useCase = container.get(AutoCancelOrderUseCase);
  });

  /** A payment_pending order with an initiated payment, created `ageMinutes` ago (default 60 minutes = 1 h ORDER_AUTO_CANCEL_MINUTES). */
  async function pendingOrder(ageMinutes: number, options: { promoted?: boolean } = {}) {
    const user = await createCustomer(container);
    const { product } = await createCourse({ spPaisa: 40_000, mrpPaisa: 50_000 });
    const order = await createOrder(user.id, [product]);
    let promotion: PromotionModel | null = null;
    if (options.promoted) {
      promotion = await createPromotion({ percent: 10 });
      await container.get(RedeemPromotionUseCase).execute({
        code: promotion.code,
        userId: user.id,
        reference: `order:${order.id}`,
        lines: [{ productId: product.id, pricePaisa: product.spPaisa }],
      });
      await order.update({ promotionId: promotion.id, promotionCode: promotion.code });
    }
    const payment = await PaymentModel.create({
      orderId: order.id,
      gateway: 'esewa',
      amountPaisa: order.totalPaisa,
      gatewayTransactionId: `auto-cancel-${Date.now()}-${++references}`,
    });
    await db.sequelize.query(`UPDATE orders SET created_at = now() - make_interval(mins => :age) WHERE id = :id`, {
      replacements: { age: ageMinutes, id: order.id },
    });
    return { user, order, payment, promotion };
  }

  const statusOf = async (orderId: number) => (await OrderModel.findByPk(orderId))?.status;

  it('cancels an old unpaid order: history, payment failed, promotion use given back, ORDER_CANCELLED queued', async () => {
    const { order, payment, promotion } = await pendingOrder(90, { promoted: true });
    if (!promotion) throw new Error('expected a promotion');
    expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(1);

    const { cancelled } = await useCase.sweep();
    expect(cancelled).to.include(order.id);

    const after = await OrderModel.findByPk(order.id);
    expect(after?.status).to.equal('cancelled');
    expect(after?.cancelledAt).to.be.instanceOf(Date);
    const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
    expect(history.map((row) => [row.status, row.actorType, row.notes])).to.deep.equal([['cancelled', 'system', AUTO_CANCEL_REASON]]);
    expect((await PaymentModel.findByPk(payment.id))?.status).to.equal('failed');
    expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
    const redemption = await PromotionRedemptionModel.findOne({ where: { promotionId: promotion.id, reference: `order:${order.id}` } });
    expect(redemption?.releasedAt).to.be.instanceOf(Date);

    const events = await orderEvents(order.id);
    expect(events.map((row) => [row.event, row.userId, row.payload])).to.deep.equal([
      ['ORDER_CANCELLED', order.userId, { orderId: order.id, orderNumber: order.orderNumber, cancelledBy: 'system', reason: AUTO_CANCEL_REASON }],
    ]);
  });

  it('cancels once when run twice, and a direct order.auto_cancel afterwards changes nothing', async () => {
    const { order, promotion } = await pendingOrder(90, { promoted: true });
    if (!promotion) throw new Error('expected a promotion');
    const [first, second] = await Promise.all([useCase.sweep(), useCase.sweep()]);
    expect([...first.cancelled, ...second.cancelled].filter((id) => id === order.id)).to.have.length(1);
    expect(await useCase.execute({ orderId: order.id, reason: 'again' })).to.equal('skipped');
    expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(1);
    expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
  });

  it('leaves a recent unpaid order alone', async () => {
    const { order, payment } = await pendingOrder(10);
    expect((await useCase.sweep()).cancelled).to.not.include(order.id);
    expect(await useCase.execute({ orderId: order.id, reason: AUTO_CANCEL_REASON })).to.equal('skipped');
    expect(await statusOf(order.id)).to.equal('payment_pending');
    expect((await PaymentModel.findByPk(payment.id))?.status).to.equal('initiated');
  });

  it('leaves a paid order, and a pending order with a completed payment, alone', async () => {
    const paid = await pendingOrder(90);
    await paid.order.update({ status: 'paid', paidAt: new Date() });
    const completed = await pendingOrder(90);
    await completed.payment.update({ status: 'completed', completedAt: new Date() });
    const { cancelled } = await useCase.sweep();
    expect(cancelled).to.not.include(paid.order.id);
    expect(cancelled).to.not.include(completed.order.id);
    expect(await statusOf(paid.order.id)).to.equal('paid');
    expect(await statusOf(completed.order.id)).to.equal('payment_pending');
    expect((await PaymentModel.findByPk(completed.payment.id))?.status).to.equal('completed');
  });

  it('leaves an old order alone while a gateway callback arrived recently (a payment may be confirming)', async () => {
    const { order, payment } = await pendingOrder(90);
    await PaymentCallbackModel.create({ paymentId: payment.id, outcome: 'success', params: {}, paramsDigest: `d-${payment.id}`, lastReceivedAt: new Date() });
    expect(await useCase.execute({ orderId: order.id, reason: AUTO_CANCEL_REASON })).to.equal('skipped');
    expect(await statusOf(order.id)).to.equal('payment_pending');
  });
});
