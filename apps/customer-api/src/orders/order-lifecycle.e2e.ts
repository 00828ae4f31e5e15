import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import {
  OrderAsyncRequestModel,
  OrderModel,
  OrderStatus,
  OrderStatusHistoryModel,
  PaymentModel,
  PromotionModel,
  ProductAccessModel,
} from '@platform/db';
import { AdminActor, ProductAccessPolicy, RedeemPromotionUseCase, RequestOrderCancelUseCase } from '@platform/domain';
import { adminToken, createCustomer, createPromotion, invalidTokenCases, refusedTokenCode, orderEvents, orderInStatus, startOrderLifecycleApp, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

type Lifecycle = Awaited<ReturnType<typeof startOrderLifecycleApp>>;

/**
 * learning-commerce.md, "Endpoints → Orders": POST /api/orders/:id/cancel (async, AsyncRequestResponseDto) and
 * GET /api/orders/requests/:requestId, also under /api/mobile/orders; "States and transitions → Order"; "Limits".
 */
describe('Order cancel requests (customer-api)', () => {
  let lifecycle: Lifecycle;
  let api: TestApp;

  before(async () => {
    lifecycle = await startOrderLifecycleApp(createCustomerApi, 'order-lifecycle-customer');
    api = lifecycle.api;
  });

  after(() => lifecycle.close());

  const bearer = (customer: TestCustomer) => `Bearer ${customer.accessToken}`;

  for (const prefix of ['/api/orders', '/api/mobile/orders']) {
    describe(prefix, () => {
      let customer: TestCustomer;
      const cancel = (id: number | string, body: object = {}, who = customer) =>
        api.http.post(`${prefix}/${id}/cancel`).set('Authorization', bearer(who)).send(body);
      const status = (requestId: string, who = customer) => api.http.get(`${prefix}/requests/${requestId}`).set('Authorization', bearer(who));

      beforeEach(async () => {
        customer = await createCustomer(api.app.container);
      });

      it('accepts a cancel with 202 and a pending request, queued as order.cancel with jobId = requestId', async () => {
        const { order } = await orderInStatus(customer.id, 'payment_pending');
        const res = await cancel(order.id, { reason: 'Changed my mind' }).expect(202);
        expect(res.body.message).to.be.a('string');
        const view = res.body.data;
        expect(view).to.have.keys(['requestId', 'status', 'result', 'createdAt', 'completedAt']);
        expect(view).to.include({ status: 'pending', result: null, completedAt: null });
        expect(view.requestId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        const job = await lifecycle.queues.queue('orders').getJob(view.requestId);
        expect(job?.name).to.equal('order.cancel');
        expect(job?.data).to.deep.equal({
          orderId: order.id,
          requestId: view.requestId,
          reason: 'Changed my mind',
          cancelledBy: customer.id,
          cancelledByActorType: 'customer',
        });
        // Nothing changes until the job runs.
        expect((await OrderModel.findByPk(order.id))?.status).to.equal('payment_pending');
        const polled = await status(view.requestId).expect(200);
        expect(polled.body.data).to.deep.equal(view);
      });

      it('cancels a payment_pending order when the job runs: request completed, history, failed payment, promotion use back, ORDER_CANCELLED', async () => {
        const { order, product } = await orderInStatus(customer.id, 'payment_pending');
        const promotion = await createPromotion({ percent: 10 });
        await api.app.container.get(RedeemPromotionUseCase).execute({
          code: promotion.code,
          userId: customer.id,
          reference: `order:${order.id}`,
          lines: [{ productId: product.id, pricePaisa: product.spPaisa }],
        });
        await order.update({ promotionId: promotion.id, promotionCode: promotion.code });

        const { body } = await cancel(order.id, { reason: '  Changed my mind  ' }).expect(202);
        expect(await lifecycle.runQueued(body.data.requestId)).to.equal('completed');

        const polled = (await status(body.data.requestId).expect(200)).body.data;
        expect(polled.status).to.equal('completed');
        expect(polled.completedAt).to.be.a('string');
        expect(polled.result).to.deep.equal({ orderId: order.id, orderStatus: 'cancelled', paymentStatus: 'failed', correlationId: body.data.requestId });
        const after = await OrderModel.findByPk(order.id);
        expect(after).to.include({ status: 'cancelled', cancellationReason: 'Changed my mind', cancelledByActorType: 'customer' });
        const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
        expect(history.map((h) => [h.status, h.actorType, h.createdByCustomerId, h.createdByAdminId, h.notes])).to.deep.equal([
          ['cancelled', 'customer', customer.id, null, 'Changed my mind'],
        ]);
        expect((await PaymentModel.findAll({ where: { orderId: order.id } })).map((p) => p.status)).to.deep.equal(['failed']);
        expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
        const events = await orderEvents(order.id);
        expect(events.map((e) => [e.event, e.userId, e.payload])).to.deep.equal([
          ['ORDER_CANCELLED', customer.id, { orderId: order.id, orderNumber: order.orderNumber, cancelledBy: 'customer', reason: 'Changed my mind' }],
        ]);
        // The customer's own order detail shows the change (caches invalidated).
        const detail = await api.http.get(`${prefix}/${order.id}`).set('Authorization', bearer(customer)).expect(200);
        expect(detail.body.data).to.include({ status: 'cancelled', paymentStatus: 'failed' });
        expect(detail.body.data.statusHistory.map((h: { status: string; createdBy: string }) => [h.status, h.createdBy])).to.deep.equal([['cancelled', customer.id]]);
      });

      it('cancelling a paid order revokes the access it granted: ProductAccessPolicy and the library no longer show it', async () => {
        const { order, product } = await orderInStatus(customer.id, 'paid');
        const policy = api.app.container.get(ProductAccessPolicy);
        expect(await policy.hasActiveAccess(customer.id, product.id)).to.equal(true);
        const library = async () =>
          (await api.http.get(`${prefix === '/api/orders' ? '/api' : '/api/mobile'}/me/library`).set('Authorization', bearer(customer)).expect(200)).body.data.map(
            (item: { productId: number }) => item.productId,
          );
        expect(await library()).to.include(product.id);

        const { body } = await cancel(order.id).expect(202);
        expect(await lifecycle.runQueued(body.data.requestId)).to.equal('completed');

        expect(await policy.hasActiveAccess(customer.id, product.id)).to.equal(false);
        expect(await library()).to.not.include(product.id);
        const [access] = await ProductAccessModel.findAll({ where: { orderId: order.id } });
        expect(access.isRevoked).to.equal(true);
        expect(access.revokedAt).to.be.instanceOf(Date);
        const [payment] = await PaymentModel.findAll({ where: { orderId: order.id } });
        expect([payment.status, payment.refundOwedAt instanceof Date]).to.deep.equal(['completed', true]);
        expect((await OrderModel.findByPk(order.id))?.cancellationReason).to.equal(null);
      });

      it('cancels a payment_failed order', async () => {
        const { order } = await orderInStatus(customer.id, 'payment_failed');
        const { body } = await cancel(order.id).expect(202);
        expect(await lifecycle.runQueued(body.data.requestId)).to.equal('completed');
        expect((await OrderModel.findByPk(order.id))?.status).to.equal('cancelled');
      });

      const forbidden: OrderStatus[] = ['created', 'cancelled', 'refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected'];
      for (const from of forbidden) {
        it(`refuses to cancel a ${from} order: 400 ORDER_CANCEL_NOT_ALLOWED, no request recorded`, async () => {
          const { order } = await orderInStatus(customer.id, from);
          const res = await cancel(order.id).expect(400);
          expect(res.body.errorCode).to.equal('ORDER_CANCEL_NOT_ALLOWED');
          expect(await OrderAsyncRequestModel.count({ where: { orderId: order.id } })).to.equal(0);
          expect((await OrderModel.findByPk(order.id))?.status).to.equal(from);
        });
      }

      it("answers 404 ORDER_NOT_FOUND for another customer's order and an unknown one, 400 for a non-integer id", async () => {
        const other = await createCustomer(api.app.container);
        const { order } = await orderInStatus(other.id, 'payment_pending');
        expect((await cancel(order.id).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
        expect((await cancel(2_000_000_000).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
        expect((await cancel(99_999_999_999).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
        expect((await cancel('abc').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
        expect(await OrderAsyncRequestModel.count({ where: { orderId: order.id } })).to.equal(0);
      });

      it('validates CancelOrderDto: reason a string of at most 500 characters', async () => {
        const { order } = await orderInStatus(customer.id, 'payment_pending');
        for (const body of [{ reason: 'x'.repeat(501) }, { reason: 42 }, { reason: 'a\u0000b' }, { reason: 'lone \ud800' }]) {
          const res = await cancel(order.id, body).expect(400);
          expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
        }
        await cancel(order.id, { reason: 'x'.repeat(500) }).expect(202);
      });

      it('allows 5 cancel requests per minute per customer, then 429 RATE_LIMIT_EXCEEDED', async () => {
        const { order } = await orderInStatus(customer.id, 'payment_pending');
        for (let n = 0; n < 5; n++) await cancel(order.id).expect(202);
        const res = await cancel(order.id).expect(429);
        expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
        expect(res.headers['retry-after']).to.match(/^\d+$/);
      });

      describe('GET requests/:requestId', () => {
        it("is 404 ORDER_ASYNC_REQUEST_NOT_FOUND for another customer's request, an unknown id and a malformed id", async () => {
          const { order } = await orderInStatus(customer.id, 'payment_pending');
          const { body } = await cancel(order.id).expect(202);
          const stranger = await createCustomer(api.app.container);
          for (const [requestId, who] of [
            [body.data.requestId, stranger],
            [uuidv7(), customer],
            ['not-a-uuid', customer],
            ['12', customer],
          ] as Array<[string, TestCustomer]>) {
            const res = await status(requestId, who).expect(404);
            expect(res.body.errorCode, requestId).to.equal('ORDER_ASYNC_REQUEST_NOT_FOUND');
          }
        });

        it("shows a request an admin made on the customer's order", async () => {
          const { order } = await orderInStatus(customer.id, 'paid');
          const admin: AdminActor = { kind: 'admin', id: 'admin-on-customer-order', permissions: ['Orders_UPDATE'] };
          const view = await api.app.container.get(RequestOrderCancelUseCase).execute(admin, order.id, { reason: 'Fraud check' });
          expect(await lifecycle.runQueued(view.requestId)).to.equal('completed');
          const res = await status(view.requestId).expect(200);
          expect(res.body.data).to.include({ requestId: view.requestId, status: 'completed' });
        });
      });
    });
  }

  describe('authentication', () => {
    const routes: Array<[string, string]> = [
      ['post', '/api/orders/1/cancel'],
      ['post', '/api/mobile/orders/1/cancel'],
      ['get', '/api/orders/requests/:requestId'],
      ['get', '/api/mobile/orders/requests/:requestId'],
    ];
    const call = (method: string, path: string) => {
      const url = path.replace(':requestId', uuidv7());
      return method === 'post' ? api.http.post(url).send({}) : api.http.get(url);
    };

    for (const [method, path] of routes) {
      for (const [label, header] of invalidTokenCases('customer', uuidv7())) {
        it(`${method.toUpperCase()} ${path} answers 401 UNAUTHORIZED with ${label}`, async () => {
          const request = call(method, path);
          const res = await (header ? request.set('Authorization', header) : request).expect(401);
          expect(res.body.errorCode).to.equal(refusedTokenCode(label));
        });
      }

      it(`${method.toUpperCase()} ${path} answers 403 FORBIDDEN to an admin token`, async () => {
        const res = await call(method, path).set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    }
  });

  it('routes /api/orders/requests/:requestId to the request status, not to GET /api/orders/:id', async () => {
    const customer = await createCustomer(api.app.container);
    const res = await api.http.get(`/api/orders/requests/${uuidv7()}`).set('Authorization', bearer(customer)).expect(404);
    expect(res.body.errorCode).to.equal('ORDER_ASYNC_REQUEST_NOT_FOUND');
  });

  it('two cancel requests at the same time: both accepted, one cancels, the other settles failed; one transition, one ORDER_CANCELLED', async () => {
    const customer = await createCustomer(api.app.container);
    const { order } = await orderInStatus(customer.id, 'paid');
    const responses = await Promise.all([0, 1].map(() => api.http.post(`/api/orders/${order.id}/cancel`).set('Authorization', bearer(customer)).send({})));
    expect(responses.map((res) => res.status)).to.deep.equal([202, 202]);
    const ids = responses.map((res) => res.body.data.requestId as string);
    expect(await Promise.all(ids.map((id) => lifecycle.runQueued(id)))).to.have.members(['completed', 'failed']);

    const views = await Promise.all(ids.map(async (id) => (await api.http.get(`/api/orders/requests/${id}`).set('Authorization', bearer(customer)).expect(200)).body.data));
    const failed = views.find((view) => view.status === 'failed');
    expect(views.map((view) => view.status)).to.have.members(['completed', 'failed']);
    expect(failed.result).to.deep.include({ orderId: order.id, orderStatus: 'cancelled', paymentStatus: 'failed', errorCode: 'ORDER_CANCEL_NOT_ALLOWED' });
    expect(failed.result.correlationId).to.equal(failed.requestId);
    expect(failed.result.message).to.be.a('string');
    expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id, status: 'cancelled' } })).to.equal(1);
    expect(await orderEvents(order.id, 'ORDER_CANCELLED')).to.have.length(1);
  });

  it('documents the cancel as 202 Accepted with AsyncRequestResponseDto in the OpenAPI document', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    for (const path of ['/api/orders/{id}/cancel', '/api/mobile/orders/{id}/cancel']) {
      const operation = body.paths[path].post;
      expect(operation.responses, path).to.have.property('202');
      expect(operation.responses['202'].content['application/json'].schema.properties.data.properties).to.include.keys(['requestId', 'status', 'result', 'createdAt', 'completedAt']);
    }
    expect(body.paths['/api/orders/requests/{requestId}'].get.responses).to.have.property('200');
  });
});
