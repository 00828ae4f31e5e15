import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { OrderModel, OrderStatus, OrderStatusHistoryModel } from '@platform/db';
import { ProductAccessPolicy } from '@platform/domain';
import { adminToken, buildTestApp, createCustomer, invalidTokenCases, refusedTokenCode, orderEvents, orderInStatus, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * learning-commerce.md, "Endpoints → Orders": POST /api/orders/:id/request-refund (synchronous, OrderResponseDto),
 * also under /api/mobile/orders; paid → refund_requested; ORDER_REFUND_NOT_ALLOWED (CONTRACT section 4).
 */
describe('Refund requests (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const bearer = (customer: TestCustomer) => `Bearer ${customer.accessToken}`;

  for (const prefix of ['/api/orders', '/api/mobile/orders']) {
    describe(prefix, () => {
      let customer: TestCustomer;
      const requestRefund = (id: number | string, body: object, who = customer) =>
        api.http.post(`${prefix}/${id}/request-refund`).set('Authorization', bearer(who)).send(body);

      beforeEach(async () => {
        customer = await createCustomer(api.app.container);
      });

      it('moves a paid order to refund_requested and answers the order; admins get ORDER_REFUND_REQUESTED; access stays', async () => {
        const { order, product } = await orderInStatus(customer.id, 'paid');
        const res = await requestRefund(order.id, { reason: ' Not as described ', remarks: 'Lesson 3 is missing' }).expect(200);
        const view = res.body.data;
        expect(view).to.include({ id: order.id, status: 'refund_requested', refundStatus: 'requested', paymentStatus: 'completed' });
        expect(view.statusHistory).to.have.length(1);
        expect(view.statusHistory[0]).to.include({
          status: 'refund_requested',
          actorType: 'customer',
          createdByCustomerId: customer.id,
          createdByAdminId: null,
          createdBy: customer.id,
          notes: 'Not as described',
        });
        const after = await OrderModel.findByPk(order.id);
        expect(after).to.include({ refundReason: 'Not as described', refundRemarks: 'Lesson 3 is missing', refundAmountPaisa: null, refundProcessedAt: null });
        expect(after?.refundRequestedAt).to.be.instanceOf(Date);
        const events = await orderEvents(order.id);
        expect(events.map((e) => [e.event, e.audience, e.userId, e.payload])).to.deep.equal([
          [
            'ORDER_REFUND_REQUESTED',
            'admins',
            null,
            { orderId: order.id, orderNumber: order.orderNumber, reason: 'Not as described', amount: order.totalPaisa, userId: customer.id },
          ],
        ]);
        expect(await api.app.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(true);
        // The order reads see it at once (caches invalidated on commit).
        const detail = await api.http.get(`${prefix}/${order.id}`).set('Authorization', bearer(customer)).expect(200);
        expect(detail.body.data).to.include({ status: 'refund_requested', refundStatus: 'requested' });
      });

      it('refuses a second request: the order is no longer paid', async () => {
        const { order } = await orderInStatus(customer.id, 'paid');
        await requestRefund(order.id, { reason: 'First' }).expect(200);
        const res = await requestRefund(order.id, { reason: 'Second' }).expect(400);
        expect(res.body.errorCode).to.equal('ORDER_REFUND_NOT_ALLOWED');
        expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(1);
        expect(await orderEvents(order.id, 'ORDER_REFUND_REQUESTED')).to.have.length(1);
      });

      const notPaid: OrderStatus[] = ['created', 'payment_pending', 'payment_failed', 'cancelled', 'refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected'];
      for (const from of notPaid) {
        it(`refuses a refund of a ${from} order: 400 ORDER_REFUND_NOT_ALLOWED, nothing changes`, async () => {
          const { order } = await orderInStatus(customer.id, from);
          const res = await requestRefund(order.id, { reason: 'Please' }).expect(400);
          expect(res.body.errorCode).to.equal('ORDER_REFUND_NOT_ALLOWED');
          expect((await OrderModel.findByPk(order.id))?.status).to.equal(from);
          expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(0);
          expect(await orderEvents(order.id)).to.have.length(0);
        });
      }

      it("answers 404 ORDER_NOT_FOUND for another customer's paid order and an unknown one, 400 for a non-integer id", async () => {
        const other = await createCustomer(api.app.container);
        const { order } = await orderInStatus(other.id, 'paid');
        expect((await requestRefund(order.id, { reason: 'Mine?' }).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
        expect((await requestRefund(2_000_000_000, { reason: 'Mine?' }).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
        expect((await requestRefund('1.5', { reason: 'Mine?' }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
        expect((await OrderModel.findByPk(order.id))?.status).to.equal('paid');
      });

      it('validates RequestRefundDto: reason 1-500 characters (required), remarks at most 1000, no NUL or unpaired surrogate', async () => {
        const bad = [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }, { reason: null }, { reason: 'ok', remarks: 'x'.repeat(1001) }, { reason: 'ok', remarks: null },
          // PostgreSQL refuses NUL in text and unpaired surrogates in jsonb (the outbox event): 400, not 500.
          { reason: 'a\u0000b' }, { reason: 'lone \ud800' }, { reason: 'ok', remarks: 'x\u0000' }];
        // Four bodies per customer: the rate limit (5 per minute) counts refused requests too.
        for (let start = 0; start < bad.length; start += 4) {
          const who = start === 0 ? customer : await createCustomer(api.app.container);
          const { order } = await orderInStatus(who.id, 'paid');
          for (const body of bad.slice(start, start + 4)) {
            const res = await requestRefund(order.id, body, who).expect(400);
            expect(res.body.errorCode, JSON.stringify(body).slice(0, 60)).to.equal('VALIDATION_ERROR');
          }
          expect((await OrderModel.findByPk(order.id))?.status).to.equal('paid');
        }
        const { order } = await orderInStatus(customer.id, 'paid');
        await requestRefund(order.id, { reason: 'x'.repeat(500), remarks: 'y'.repeat(1000) }).expect(200);
      });
    });
  }

  it('allows 5 refund requests per minute per customer, then 429 RATE_LIMIT_EXCEEDED', async () => {
    const customer = await createCustomer(api.app.container);
    const { order } = await orderInStatus(customer.id, 'payment_pending');
    for (let n = 0; n < 5; n++) await api.http.post(`/api/orders/${order.id}/request-refund`).set('Authorization', bearer(customer)).send({ reason: 'x' }).expect(400);
    const res = await api.http.post(`/api/mobile/orders/${order.id}/request-refund`).set('Authorization', bearer(customer)).send({ reason: 'x' }).expect(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
  });

  describe('authentication', () => {
    for (const path of ['/api/orders/1/request-refund', '/api/mobile/orders/1/request-refund']) {
      for (const [label, header] of invalidTokenCases('customer', uuidv7())) {
        it(`POST ${path} answers 401 ${refusedTokenCode(label)} with ${label}`, async () => {
          const request = api.http.post(path).send({ reason: 'x' });
          const res = await (header ? request.set('Authorization', header) : request).expect(401);
          expect(res.body.errorCode).to.equal(refusedTokenCode(label));
        });
      }

      it(`POST ${path} answers 403 FORBIDDEN to an admin token`, async () => {
        const res = await api.http.post(path).set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).send({ reason: 'x' }).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    }
  });
});
