import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, OrderModel, OrderStatusHistoryModel, PaymentGateway, PaymentModel, PromotionModel } from '@platform/db';
import { QUEUE_NAMES, QueueRegistry } from '@platform/queue';
import {
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  createOrder,
  createPromotion,
  isolatedInfrastructure,
  orderEvents,
  startStubGateway,
  TEST_ENV,
  testContainer,
} from '@platform/testing';
import { GatewayUnavailableError, PAYMENT_FAILURE_RECHECK, PAYMENT_JOB_IDS } from '../../payments';
import { RedeemPromotionUseCase } from '../../promotions';
import { FinalizePaymentFailureUseCase } from './finalize-payment-failure.use-case';

/**
 * order.payment_failed (review H1, M5): a failure callback proves nothing, so the order fails only
 * on the gateway's explicit terminal "not completed"; undecided answers leave it payable and are
 * asked again later; a completed payment is settled instead. The promotion use goes back on failure.
 */
describe(FinalizePaymentFailureUseCase.name, () => {
  let stub: Awaited<ReturnType<typeof startStubGateway>>;
  let infra: Awaited<ReturnType<typeof isolatedInfrastructure>>;
  let container: ContainerInstance;
  let useCase: FinalizePaymentFailureUseCase;
  let references = 0;
  const answers = new Map<string, string>();

  before(async () => {
    stub = await startStubGateway((req, res, body) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const esewa = url.pathname === '/esewa/status/';
      const id = esewa ? url.searchParams.get('transaction_uuid') : (JSON.parse(body || '{}') as { pidx?: string }).pidx;
      const answer = id ? answers.get(id) : undefined;
      if (!id || answer === undefined) return void res.writeHead(503).end();
      const reply = esewa
        ? { product_code: 'EPAYTEST', transaction_uuid: id, total_amount: url.searchParams.get('total_amount'), status: answer, ref_id: answer === 'COMPLETE' ? `REF-${id}` : null }
        : { pidx: id, total_amount: 40_000, status: answer, transaction_id: answer === 'Completed' ? `TXN-${id}` : null, fee: 0, refunded: false };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
    // Queues of their own: the rechecks this spec schedules are read back, and nothing consumes them.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:payment-failure-spec` });
    infra = await isolatedInfrastructure(
      'payment-failure-spec',
      { ESEWA_PRODUCT_CODE: 'EPAYTEST', ESEWA_STATUS_URL: `${stub.url}/esewa/status/`, KHALTI_BASE_URL: `${stub.url}/khalti/api/v2` },
      { queues },
    );
    container = await testContainer('payment-failure-spec', infra);
    useCase = container.get(FinalizePaymentFailureUseCase);
  });

  after(async () => {
    await Promise.all(QUEUE_NAMES.map((name) => infra.queues.queue(name).obliterate({ force: true })));
    await infra.queues.close();
    await closeTestInfrastructure(infra);
    await stub.close();
  });

  /** A payment_pending order (400 rupees, a 10 % code used) with a payment started `ageMinutes` ago, whose gateway answers `answer`. */
  async function pendingPayment(gateway: PaymentGateway, answer: string, ageMinutes = 1) {
    const user = await createCustomer(container);
    const { product } = await createCourse({ spPaisa: 40_000, mrpPaisa: 50_000 });
    const order = await createOrder(user.id, [product]);
    const promotion = await createPromotion({ percent: 10 });
    await container.get(RedeemPromotionUseCase).execute({
      code: promotion.code,
      userId: user.id,
      reference: `order:${order.id}`,
      lines: [{ productId: product.id, pricePaisa: product.spPaisa }],
    });
    await order.update({ promotionId: promotion.id, promotionCode: promotion.code });
    const transaction = `failure-spec-${Date.now()}-${++references}`;
    answers.set(transaction, answer);
    const payment = await PaymentModel.create({ orderId: order.id, gateway, amountPaisa: order.totalPaisa, gatewayTransactionId: transaction });
    await container.get(Database).sequelize.query(`UPDATE payments SET created_at = now() - make_interval(mins => :age) WHERE id = :id`, {
      replacements: { age: ageMinutes, id: payment.id },
    });
    return { order, payment, promotion };
  }

  const run = (flow: { order: OrderModel; payment: PaymentModel }, recheck?: number) =>
    useCase.execute({ orderId: flow.order.id, paymentId: flow.payment.id, reason: 'Payment cancelled or failed at the gateway', recheck });

  async function expectFailed(flow: Awaited<ReturnType<typeof pendingPayment>>) {
    expect((await OrderModel.findByPk(flow.order.id))?.status).to.equal('payment_failed');
    expect((await PaymentModel.findByPk(flow.payment.id))?.status).to.equal('failed');
    const history = await OrderStatusHistoryModel.findAll({ where: { orderId: flow.order.id } });
    expect(history.map((row) => [row.status, row.notes])).to.deep.equal([['payment_failed', 'Payment cancelled or failed at the gateway']]);
    expect((await orderEvents(flow.order.id)).map((row) => row.event)).to.deep.equal(['ORDER_PAYMENT_FAILED']);
    // M5: payment_failed only ever becomes cancelled, so the code's use goes back now.
    expect((await PromotionModel.findByPk(flow.promotion.id))?.timesUsed).to.equal(0);
  }

  async function expectUntouched(flow: Awaited<ReturnType<typeof pendingPayment>>) {
    expect((await OrderModel.findByPk(flow.order.id))?.status).to.equal('payment_pending');
    expect((await PaymentModel.findByPk(flow.payment.id))?.status).to.equal('initiated');
    expect(await OrderStatusHistoryModel.count({ where: { orderId: flow.order.id } })).to.equal(0);
    expect(await orderEvents(flow.order.id)).to.have.length(0);
    expect((await PromotionModel.findByPk(flow.promotion.id))?.timesUsed).to.equal(1);
  }

  const recheckJob = (flow: { payment: PaymentModel }, recheck: number) =>
    infra.queues.queue('orders').getJob(PAYMENT_JOB_IDS.failureRecheck(flow.payment.id, recheck));

  for (const [gateway, answer, ageMinutes] of [
    ['esewa', 'CANCELED', 1],
    ['esewa', 'FULL_REFUND', 1],
    ['esewa', 'PARTIAL_REFUND', 1],
    ['esewa', 'NOT_FOUND', 20], // past ESEWA_NOT_FOUND_GRACE_MS: eSewa has no such payment
    ['khalti', 'User canceled', 1],
    ['khalti', 'Expired', 1],
    ['khalti', 'Refunded', 1],
    ['khalti', 'Partially refunded', 1],
  ] as const) {
    it(`${gateway} ${answer}${ageMinutes > 1 ? ` (payment ${ageMinutes} minutes old)` : ''}: a terminal answer fails the order and gives the code back`, async () => {
      const flow = await pendingPayment(gateway, answer, ageMinutes);
      expect(await run(flow)).to.equal('payment_failed');
      await expectFailed(flow);
      expect(await run(flow)).to.equal('already_final');
    });
  }

  for (const [gateway, answer, ageMinutes] of [
    ['esewa', 'PENDING', 1],
    ['esewa', 'AMBIGUOUS', 1],
    ['esewa', 'NOT_FOUND', 1], // the payer may not have reached eSewa yet
    ['khalti', 'Pending', 1],
    ['khalti', 'Initiated', 1],
  ] as const) {
    it(`${gateway} ${answer}${answer === 'NOT_FOUND' ? ' soon after checkout' : ''}: undecided, the order stays payable and is asked again later`, async () => {
      const flow = await pendingPayment(gateway, answer, ageMinutes);
      expect(await run(flow)).to.equal('gateway_pending');
      await expectUntouched(flow);
      const job = await recheckJob(flow, 1);
      expect(job?.data).to.deep.equal({ orderId: flow.order.id, paymentId: flow.payment.id, reason: 'Payment cancelled or failed at the gateway', recheck: 1 });
      expect(job?.opts).to.deep.include({ delay: PAYMENT_FAILURE_RECHECK.delayMs, attempts: 8 });
    });
  }

  it('stops re-checking after PAYMENT_FAILURE_RECHECK.maxRechecks (auto-cancel decides then), and fails on a later terminal answer', async () => {
    const flow = await pendingPayment('esewa', 'PENDING');
    expect(await run(flow, PAYMENT_FAILURE_RECHECK.maxRechecks)).to.equal('gateway_pending');
    expect(await recheckJob(flow, PAYMENT_FAILURE_RECHECK.maxRechecks + 1)).to.equal(null);
    await expectUntouched(flow);
    answers.set(flow.payment.gatewayTransactionId, 'CANCELED');
    expect(await run(flow, 2)).to.equal('payment_failed');
    await expectFailed(flow);
  });

  for (const [gateway, answer] of [
    ['esewa', 'COMPLETE'],
    ['khalti', 'Completed'],
  ] as const) {
    it(`${gateway} ${answer}: the money moved, so the order is paid through the success path instead`, async () => {
      const flow = await pendingPayment(gateway, answer);
      expect(await run(flow)).to.equal('gateway_completed');
      expect((await OrderModel.findByPk(flow.order.id))?.status).to.equal('paid');
      expect((await PaymentModel.findByPk(flow.payment.id))?.status).to.equal('completed');
      expect((await PromotionModel.findByPk(flow.promotion.id))?.timesUsed).to.equal(1);
    });
  }

  it('throws GatewayUnavailableError when the gateway cannot say (bull retries), the order untouched', async () => {
    const flow = await pendingPayment('khalti', 'Pending');
    answers.delete(flow.payment.gatewayTransactionId); // the stand-in answers 503
    const error = await run(flow).catch((thrown: unknown) => thrown);
    expect(error).to.be.instanceOf(GatewayUnavailableError);
    await expectUntouched(flow);
  });
});
