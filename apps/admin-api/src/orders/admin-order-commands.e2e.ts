import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { OrderAsyncRequestModel, OrderModel, OrderNoteModel, OrderStatus, OrderStatusHistoryModel, PaymentModel } from '@platform/db';
import { ProductAccessPolicy, RequestOrderCancelUseCase, RequestRefundUseCase } from '@platform/domain';
import { adminToken, createCustomer, invalidTokenCases, refusedTokenCode, orderEvents, orderInStatus, startOrderLifecycleApp, TestApp, TestCustomer } from '@platform/testing';
import { createAdminApi } from '../admin-api';

type AdminOrders = Awaited<ReturnType<typeof startOrderLifecycleApp>>;

const BASE = '/api/admin/orders';
const ALL_STATUSES: OrderStatus[] = ['created', 'payment_pending', 'paid', 'payment_failed', 'cancelled', 'refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected'];

/**
 * learning-commerce.md, "Endpoints → Orders" (admin routes): POST /:id/cancel, POST /:id/process-refund (async),
 * GET /requests/:requestId; the refund_requested → refund_pending step (POST /:id/refund-pending, this service's
 * choice for a trigger the spec leaves open); "States and transitions → Order"; "Limits" (20 mutations per minute).
 */
describe('Admin order commands (admin-api)', () => {
  let adminOrders: AdminOrders;
  let api: TestApp;
  let adminId: string;
  let customer: TestCustomer;

  before(async () => {
    adminOrders = await startOrderLifecycleApp(createAdminApi, 'admin-order-commands');
    api = adminOrders.api;
  });

  after(() => adminOrders.close());

  beforeEach(async () => {
    // A fresh admin per test: the mutation budget is per admin.
    adminId = uuidv7();
    customer = await createCustomer(api.app.container);
  });

  const token = (...permissions: string[]) => `Bearer ${adminToken(api.app.container, permissions, adminId)}`;
  const post = (path: string, body: object = {}, permissions = ['Orders_UPDATE']) => api.http.post(`${BASE}${path}`).set('Authorization', token(...permissions)).send(body);
  const requestStatus = (requestId: string) => api.http.get(`${BASE}/requests/${requestId}`).set('Authorization', token('Orders_READ'));

  describe('POST /:id/cancel', () => {
    it('accepts with 202; the job cancels with an admin history row, cancelled_by_actor_type admin and ORDER_CANCELLED cancelledBy admin', async () => {
      const { order, product } = await orderInStatus(customer.id, 'paid');
      const res = await post(`/${order.id}/cancel`, { reason: 'Chargeback received' }).expect(202);
      expect(res.body.data).to.include({ status: 'pending', result: null, completedAt: null });
      const job = await adminOrders.queues.queue('orders').getJob(res.body.data.requestId);
      expect(job?.data).to.deep.equal({ orderId: order.id, requestId: res.body.data.requestId, reason: 'Chargeback received', cancelledBy: adminId, cancelledByActorType: 'admin' });

      expect(await adminOrders.runQueued(res.body.data.requestId)).to.equal('completed');
      const polled = (await requestStatus(res.body.data.requestId).expect(200)).body.data;
      expect(polled).to.include({ status: 'completed' });
      expect(polled.result).to.deep.equal({ orderId: order.id, orderStatus: 'cancelled', paymentStatus: 'failed', correlationId: res.body.data.requestId });
      const after = await OrderModel.findByPk(order.id);
      expect(after).to.include({ status: 'cancelled', cancellationReason: 'Chargeback received', cancelledByActorType: 'admin' });
      const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
      expect(history.map((h) => [h.status, h.actorType, h.createdByAdminId, h.createdByCustomerId, h.notes])).to.deep.equal([
        ['cancelled', 'admin', adminId, null, 'Chargeback received'],
      ]);
      expect(await api.app.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(false);
      const [event] = await orderEvents(order.id, 'ORDER_CANCELLED');
      expect([event.userId, event.payload]).to.deep.equal([customer.id, { orderId: order.id, orderNumber: order.orderNumber, cancelledBy: 'admin', reason: 'Chargeback received' }]);
    });

    for (const from of ['created', 'cancelled', 'refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected'] as OrderStatus[]) {
      it(`refuses to cancel a ${from} order: 400 ORDER_CANCEL_NOT_ALLOWED`, async () => {
        const { order } = await orderInStatus(customer.id, from);
        expect((await post(`/${order.id}/cancel`).expect(400)).body.errorCode).to.equal('ORDER_CANCEL_NOT_ALLOWED');
        expect(await OrderAsyncRequestModel.count({ where: { orderId: order.id } })).to.equal(0);
      });
    }

    it('answers 404 ORDER_NOT_FOUND for an unknown order, 400 VALIDATION_ERROR for a bad id or reason', async () => {
      expect((await post('/2000000000/cancel').expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
      expect((await post('/abc/cancel').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      const { order } = await orderInStatus(customer.id, 'payment_pending');
      expect((await post(`/${order.id}/cancel`, { reason: 'x'.repeat(501) }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await post(`/${order.id}/cancel`, { reason: ['x'] }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });

  describe('POST /:id/process-refund', () => {
    it('approves a requested refund in full: refund_approved, amount = total, access revoked, ORDER_REFUND_APPROVED', async () => {
      const { order, product } = await orderInStatus(customer.id, 'refund_requested');
      const res = await post(`/${order.id}/process-refund`, { action: 'approve', remarks: 'Refunded via eSewa' }).expect(202);
      expect(res.body.data.status).to.equal('pending');
      const job = await adminOrders.queues.queue('orders').getJob(res.body.data.requestId);
      expect(job?.data).to.deep.equal({ orderId: order.id, requestId: res.body.data.requestId, adminId, action: 'approve', remarks: 'Refunded via eSewa' });
      expect(await adminOrders.runQueued(res.body.data.requestId)).to.equal('completed');

      const polled = (await requestStatus(res.body.data.requestId).expect(200)).body.data;
      expect(polled.result).to.deep.equal({
        orderId: order.id,
        orderStatus: 'refund_approved',
        paymentStatus: 'completed',
        correlationId: res.body.data.requestId,
        refundStatus: 'approved',
        refundAmountPaisa: order.totalPaisa,
      });
      const after = await OrderModel.findByPk(order.id);
      expect(after).to.include({ status: 'refund_approved', refundStatus: 'approved', refundAmountPaisa: order.totalPaisa, refundAdminRemarks: 'Refunded via eSewa' });
      const [payment] = await PaymentModel.findAll({ where: { orderId: order.id } });
      expect(payment.refundOwedAt, 'the approved refund is money owed back').to.be.instanceOf(Date);
      expect(payment.refundSettledAt).to.equal(null);
      expect(after?.refundProcessedAt).to.be.instanceOf(Date);
      expect(await api.app.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(false);
      const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
      expect(history.map((h) => [h.status, h.actorType, h.createdByAdminId, h.notes])).to.deep.equal([['refund_approved', 'admin', adminId, 'Refunded via eSewa']]);
      const events = await orderEvents(order.id);
      expect(events.map((e) => [e.event, e.userId, e.payload])).to.deep.equal([
        ['ORDER_REFUND_APPROVED', customer.id, { orderId: order.id, orderNumber: order.orderNumber, amount: order.totalPaisa }],
      ]);
    });

    it('approves a pending refund with a partial amount', async () => {
      const { order } = await orderInStatus(customer.id, 'refund_pending');
      const res = await post(`/${order.id}/process-refund`, { action: 'approve', amount: 12_345 }).expect(202);
      expect(await adminOrders.runQueued(res.body.data.requestId)).to.equal('completed');
      expect(await OrderModel.findByPk(order.id)).to.include({ status: 'refund_approved', refundAmountPaisa: 12_345, refundAdminRemarks: null });
      const [event] = await orderEvents(order.id, 'ORDER_REFUND_APPROVED');
      expect(event.payload['amount']).to.equal(12_345);
    });

    for (const from of ['refund_requested', 'refund_pending'] as OrderStatus[]) {
      it(`rejects a ${from} refund: refund_rejected, access kept, ORDER_REFUND_REJECTED with the remarks as reason`, async () => {
        const { order, product } = await orderInStatus(customer.id, from);
        const res = await post(`/${order.id}/process-refund`, { action: 'reject', remarks: 'Outside the refund window' }).expect(202);
        expect(await adminOrders.runQueued(res.body.data.requestId)).to.equal('completed');
        expect(await OrderModel.findByPk(order.id)).to.include({ status: 'refund_rejected', refundStatus: 'rejected', refundAmountPaisa: null, refundAdminRemarks: 'Outside the refund window' });
        expect(await api.app.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(true);
        const [event] = await orderEvents(order.id, 'ORDER_REFUND_REJECTED');
        expect(event.payload).to.deep.equal({ orderId: order.id, orderNumber: order.orderNumber, reason: 'Outside the refund window' });
      });
    }

    for (const from of ALL_STATUSES.filter((status) => status !== 'refund_requested' && status !== 'refund_pending')) {
      it(`refuses to process the refund of a ${from} order: 400 ORDER_NOT_PENDING_REFUND`, async () => {
        const { order } = await orderInStatus(customer.id, from);
        expect((await post(`/${order.id}/process-refund`, { action: 'approve' }).expect(400)).body.errorCode).to.equal('ORDER_NOT_PENDING_REFUND');
        expect(await OrderAsyncRequestModel.count({ where: { orderId: order.id } })).to.equal(0);
        expect((await OrderModel.findByPk(order.id))?.status).to.equal(from);
      });
    }

    it('validates ProcessRefundDto: action approve|reject, remarks ≤ 500, amount an integer 0..total and only with approve', async () => {
      const { order } = await orderInStatus(customer.id, 'refund_requested');
      const bad = [
        {},
        { action: 'refund' },
        { action: 'approve', remarks: 'x'.repeat(501) },
        { action: 'approve', amount: -1 },
        { action: 'approve', amount: 10.5 },
        { action: 'approve', amount: '100' },
        { action: 'approve', amount: order.totalPaisa + 1 },
        { action: 'reject', amount: 100 },
      ];
      for (const body of bad) {
        const res = await post(`/${order.id}/process-refund`, body).expect(400);
        expect(res.body.errorCode, JSON.stringify(body).slice(0, 60)).to.equal('VALIDATION_ERROR');
      }
      expect(await OrderAsyncRequestModel.count({ where: { orderId: order.id } })).to.equal(0);
      await post(`/${order.id}/process-refund`, { action: 'approve', amount: order.totalPaisa, remarks: 'x'.repeat(500) }).expect(202);
    });

    it('answers 404 ORDER_NOT_FOUND for an unknown order', async () => {
      expect((await post('/2000000000/process-refund', { action: 'approve' }).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
    });
  });

  describe('POST /:id/refund-pending', () => {
    it('moves refund_requested to refund_pending and answers the admin order detail with the admin history row', async () => {
      const { order } = await orderInStatus(customer.id, 'refund_requested');
      const res = await post(`/${order.id}/refund-pending`, { note: 'Refund initiated at the gateway' }).expect(200);
      expect(res.body.data).to.include({ id: order.id, status: 'refund_pending', refundStatus: 'pending', paymentStatus: 'completed', refundReason: 'Test refund' });
      // The same shape as GET /api/admin/orders/:id.
      const detail = await api.http.get(`${BASE}/${order.id}`).set('Authorization', token('Orders_READ')).expect(200);
      expect(res.body.data).to.deep.equal(detail.body.data);
      expect(res.body.data.statusHistory.map((h: Record<string, unknown>) => [h.status, h.actorType, h.createdByAdminId, h.createdBy, h.notes])).to.deep.equal([
        ['refund_pending', 'admin', adminId, adminId, 'Refund initiated at the gateway'],
      ]);
      expect((await OrderModel.findByPk(order.id))?.refundStatus).to.equal('pending');
      expect(await orderEvents(order.id)).to.have.length(0);
    });

    for (const from of ALL_STATUSES.filter((status) => status !== 'refund_requested')) {
      it(`refuses a ${from} order: 400 ORDER_NOT_PENDING_REFUND`, async () => {
        const { order } = await orderInStatus(customer.id, from);
        expect((await post(`/${order.id}/refund-pending`).expect(400)).body.errorCode).to.equal('ORDER_NOT_PENDING_REFUND');
        expect((await OrderModel.findByPk(order.id))?.status).to.equal(from);
        expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(0);
      });
    }

    it('validates the note (≤ 500) and the id; 404 for an unknown order', async () => {
      const { order } = await orderInStatus(customer.id, 'refund_requested');
      expect((await post(`/${order.id}/refund-pending`, { note: 'x'.repeat(501) }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await post(`/${order.id}/refund-pending`, { note: 5 }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await post('/-1/refund-pending').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await post('/2000000000/refund-pending').expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
    });
  });

  it('the whole refund: customer asks, admin marks pending, admin approves; access revoked; history customer → admin → admin', async () => {
    const { order, product } = await orderInStatus(customer.id, 'paid');
    await api.app.container.get(RequestRefundUseCase).execute({ kind: 'customer', id: customer.id }, order.id, { reason: 'Wrong course' });
    await post(`/${order.id}/refund-pending`, { note: 'Started at Khalti' }).expect(200);
    const res = await post(`/${order.id}/process-refund`, { action: 'approve' }).expect(202);
    expect(await adminOrders.runQueued(res.body.data.requestId)).to.equal('completed');
    const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] });
    expect(history.map((h) => [h.status, h.actorType])).to.deep.equal([
      ['refund_requested', 'customer'],
      ['refund_pending', 'admin'],
      ['refund_approved', 'admin'],
    ]);
    expect(await api.app.container.get(ProductAccessPolicy).hasActiveAccess(customer.id, product.id)).to.equal(false);
    expect((await orderEvents(order.id)).map((e) => e.event)).to.deep.equal(['ORDER_REFUND_REQUESTED', 'ORDER_REFUND_APPROVED']);
  });

  describe('POST /:id/payments/:paymentId/refund-settled', () => {
    /** An approved refund: its completed payment owes the money back. */
    async function approvedRefund() {
      const { order } = await orderInStatus(customer.id, 'refund_requested');
      const res = await post(`/${order.id}/process-refund`, { action: 'approve', amount: 10_000 }).expect(202);
      expect(await adminOrders.runQueued(res.body.data.requestId)).to.equal('completed');
      const [payment] = await PaymentModel.findAll({ where: { orderId: order.id } });
      return { order, payment };
    }
    const listOwed = async (refundOwed: boolean) =>
      (await api.http.get(BASE).query({ refundOwed, pagination: false }).set('Authorization', token('Orders_READ')).expect(200)).body.data.map((o: { id: number }) => o.id);

    it('records the owed refund as returned once: refundSettledAt, an order note with the reference, the order leaves the refundOwed list', async () => {
      const { order, payment } = await approvedRefund();
      expect(await listOwed(true)).to.include(order.id);
      const res = await post(`/${order.id}/payments/${payment.id}/refund-settled`, { reference: 'ESW-RF-77', note: '  Returned NPR 100  ' }).expect(200);
      const paid = res.body.data.payments.find((p: { id: number }) => p.id === payment.id);
      expect(paid.refundOwedAt).to.be.a('string');
      expect(Date.parse(paid.refundSettledAt)).to.be.at.least(Date.parse(paid.refundOwedAt));
      expect(res.body.data.refundOwed).to.equal(false);
      expect(res.body.data.notes.map((n: Record<string, unknown>) => [n.note, n.adminId])).to.deep.equal([
        [`Refund of payment ${payment.id} settled; reference ESW-RF-77; Returned NPR 100`, adminId],
      ]);
      // The answer is the admin order detail, read after the cache was invalidated.
      const detail = await api.http.get(`${BASE}/${order.id}`).set('Authorization', token('Orders_READ')).expect(200);
      expect(res.body.data).to.deep.equal(detail.body.data);
      expect(await listOwed(true)).to.not.include(order.id);
      expect(await listOwed(false)).to.include(order.id);

      const again = await post(`/${order.id}/payments/${payment.id}/refund-settled`).expect(409);
      expect(again.body.errorCode).to.equal('CONFLICT');
      expect(await OrderNoteModel.count({ where: { orderId: order.id } })).to.equal(1);
    });

    it('two admins settling at once: one 200, one 409, one note', async () => {
      const { order, payment } = await approvedRefund();
      const statuses = await Promise.all([1, 2].map(() => post(`/${order.id}/payments/${payment.id}/refund-settled`).then((res) => res.status)));
      expect(statuses).to.have.members([200, 409]);
      expect(await OrderNoteModel.count({ where: { orderId: order.id } })).to.equal(1);
    });

    it('answers 409 CONFLICT for a payment that owes nothing', async () => {
      const { order } = await orderInStatus(customer.id, 'paid');
      const [payment] = await PaymentModel.findAll({ where: { orderId: order.id } });
      expect((await post(`/${order.id}/payments/${payment.id}/refund-settled`).expect(409)).body.errorCode).to.equal('CONFLICT');
      expect((await PaymentModel.findByPk(payment.id))?.refundSettledAt).to.equal(null);
    });

    it("answers 404 for an unknown order (ORDER_NOT_FOUND) or another order's payment (NOT_FOUND); 400 for bad ids or fields", async () => {
      const { order, payment } = await approvedRefund();
      const { order: other } = await orderInStatus(customer.id, 'paid');
      expect((await post(`/${other.id}/payments/${payment.id}/refund-settled`).expect(404)).body.errorCode).to.equal('NOT_FOUND');
      expect((await post(`/2000000000/payments/${payment.id}/refund-settled`).expect(404)).body.errorCode).to.equal('ORDER_NOT_FOUND');
      expect((await post(`/${order.id}/payments/99999999999/refund-settled`).expect(404)).body.errorCode).to.equal('NOT_FOUND');
      expect((await post(`/${order.id}/payments/1x/refund-settled`).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await post(`/${order.id}/payments/${payment.id}/refund-settled`, { reference: 'r'.repeat(201) }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await post(`/${order.id}/payments/${payment.id}/refund-settled`, { note: 7 }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await PaymentModel.findByPk(payment.id))?.refundSettledAt).to.equal(null);
    });
  });

  describe('GET /requests/:requestId', () => {
    it("shows any request, a customer's too", async () => {
      const { order } = await orderInStatus(customer.id, 'payment_pending');
      const view = await api.app.container.get(RequestOrderCancelUseCase).execute({ kind: 'customer', id: customer.id }, order.id, {});
      const res = await requestStatus(view.requestId).expect(200);
      expect(res.body.data).to.deep.equal(view);
    });

    it('is 404 ORDER_ASYNC_REQUEST_NOT_FOUND for an unknown or malformed id, and not taken for GET /:id', async () => {
      for (const requestId of [uuidv7(), 'nope', '42']) {
        expect((await requestStatus(requestId).expect(404)).body.errorCode, requestId).to.equal('ORDER_ASYNC_REQUEST_NOT_FOUND');
      }
    });
  });

  it('allows 20 order mutations per minute per admin, then 429 RATE_LIMIT_EXCEEDED; another admin is unaffected', async () => {
    const { order } = await orderInStatus(customer.id, 'paid');
    const paths = [`/${order.id}/refund-pending`, `/${order.id}/process-refund`, `/${order.id}/refund-pending`, `/${order.id}/process-refund`];
    for (let n = 0; n < 20; n++) await post(paths[n % paths.length], { action: 'approve' }).expect(400);
    const res = await post(`/${order.id}/cancel`).expect(429);
    expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    expect(res.headers['retry-after']).to.match(/^\d+$/);
    adminId = uuidv7();
    await post(`/${order.id}/cancel`).expect(202);
  });

  describe('authorization', () => {
    const routes: Array<[string, string, string, object?]> = [
      ['get', `${BASE}/requests/:requestId`, 'Orders_READ'],
      ['post', `${BASE}/1/cancel`, 'Orders_UPDATE', {}],
      ['post', `${BASE}/1/process-refund`, 'Orders_UPDATE', { action: 'approve' }],
      ['post', `${BASE}/1/refund-pending`, 'Orders_UPDATE', {}],
      ['post', `${BASE}/1/payments/1/refund-settled`, 'Orders_UPDATE', {}],
    ];
    const call = (method: string, path: string, body?: object) => {
      const url = path.replace(':requestId', uuidv7());
      return method === 'post' ? api.http.post(url).send(body ?? {}) : api.http.get(url);
    };

    for (const [method, path, permission, body] of routes) {
      const route = `${method.toUpperCase()} ${path}`;
      for (const [label, header] of invalidTokenCases('admin', uuidv7()).slice(0, 4)) {
        it(`${route} answers 401 UNAUTHORIZED with ${label}`, async () => {
          const request = call(method, path, body);
          const res = await (header ? request.set('Authorization', header) : request).expect(401);
          expect(res.body.errorCode).to.equal(refusedTokenCode(label));
        });
      }

      it(`${route} answers 403 FORBIDDEN to a customer token`, async () => {
        const res = await call(method, path, body).set('Authorization', `Bearer ${customer.accessToken}`).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });

      it(`${route} answers 403 FORBIDDEN without ${permission}`, async () => {
        const others = ['Orders_READ', 'Orders_UPDATE', 'Promotions_UPDATE'].filter((p) => p !== permission);
        const res = await call(method, path, body).set('Authorization', token(...others)).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });
    }
  });

  it('documents the async commands as 202 Accepted and every route\'s permission in the OpenAPI document', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    for (const path of [`${BASE}/{id}/cancel`, `${BASE}/{id}/process-refund`]) {
      expect(body.paths[path].post.responses, path).to.have.property('202');
      expect(body.paths[path].post['x-required-permissions']).to.deep.equal(['Orders_UPDATE']);
    }
    expect(body.paths[`${BASE}/{id}/refund-pending`].post['x-required-permissions']).to.deep.equal(['Orders_UPDATE']);
    expect(body.paths[`${BASE}/{id}/payments/{paymentId}/refund-settled`].post['x-required-permissions']).to.deep.equal(['Orders_UPDATE']);
    expect(body.paths[`${BASE}/requests/{requestId}`].get['x-required-permissions']).to.deep.equal(['Orders_READ']);
  });
});
