import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { AdminModel, Database, OrderModel, OrderNoteModel, OrderStatusHistoryModel, PaymentModel, ProductModel } from '@platform/db';
import { OrderCaches } from '@platform/domain';
import { buildTestApp, createCourse, createDigitalBook, createOrder, forceOrderStatus, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';
import { adminBearer, insertCustomer } from './admin-orders.test-helper';

const BASE = '/api/admin/orders';

/** learning-commerce.md, "Endpoints → Orders": GET /api/admin/orders/:id and POST /api/admin/orders/:id/notes, "Limits". */
describe('Admin order detail and notes (admin-api)', () => {
  let api: TestApp;
  let course: ProductModel;
  let book: ProductModel;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    course = (await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000, title: 'Options basics' })).product;
    book = (await createDigitalBook({ mrpPaisa: 3_000, spPaisa: 2_500, title: 'Candlestick book' })).product;
  });

  const detail = (id: number | string, auth = adminBearer(api.app.container)) => api.http.get(`${BASE}/${id}`).set('Authorization', auth);
  const addNote = (id: number | string, body: unknown, auth = adminBearer(api.app.container)) =>
    api.http.post(`${BASE}/${id}/notes`).set('Authorization', auth).send(body as object);

  describe('GET /:id', () => {
    it('shows the order with customer, items, named status history, notes, payments, refund and cancellation fields', async () => {
      const customer = await insertCustomer('Sunita');
      const order = await createOrder(customer.id, [course, book], { status: 'refund_approved', source: 'checkout' });
      await OrderModel.update(
        { promotionCode: 'DASHAIN10', returnUrl: 'http://localhost:5173/orders', gateway: 'khalti', refundRemarks: 'wrong course', refundAdminRemarks: 'ok' },
        { where: { id: order.id } },
      );
      const admin = await AdminModel.create({
        id: randomUUID(),
        email: `ops.${randomUUID().slice(0, 8)}@example.com`,
        passwordHash: 'not-a-hash',
        fullName: 'Ops Admin',
        permissions: ['*'],
        isActive: true,
      });
      await OrderStatusHistoryModel.bulkCreate([
        { orderId: order.id, status: 'payment_pending', actorType: 'customer', createdByCustomerId: customer.id },
        { orderId: order.id, status: 'paid', notes: 'verified', actorType: 'system' },
        { orderId: order.id, status: 'refund_requested', actorType: 'customer', createdByCustomerId: customer.id },
        { orderId: order.id, status: 'refund_pending', actorType: 'admin', createdByAdminId: 'sso|outside-admin' },
        { orderId: order.id, status: 'refund_approved', notes: 'ok', actorType: 'admin', createdByAdminId: admin.id },
      ]);
      const failed = await PaymentModel.create({
        orderId: order.id,
        gateway: 'esewa',
        status: 'failed',
        amountPaisa: 10_500,
        gatewayTransactionId: `tx-${randomUUID()}`,
      });
      const completedAt = new Date('2024-05-01T10:00:00Z');
      const completed = await PaymentModel.create({
        orderId: order.id,
        gateway: 'khalti',
        status: 'completed',
        amountPaisa: 10_500,
        gatewayTransactionId: `pidx-${randomUUID()}`,
        gatewayReference: 'KHALTI-REF-1',
        completedAt,
      });
      const noteAdmin = randomUUID();
      const note = (await addNote(order.id, { note: 'Called the customer' }, adminBearer(api.app.container, ['Orders_UPDATE'], noteAdmin)).expect(201)).body.data;

      const { data } = (await detail(order.id).expect(200)).body;
      const fresh = await OrderModel.findByPk(order.id, { rejectOnEmpty: true });
      expect(data).to.deep.include({
        id: order.id,
        orderNumber: order.orderNumber,
        status: 'refund_approved',
        paymentStatus: 'completed',
        paymentMethod: 'online',
        orderType: 'digital',
        source: 'checkout',
        refundStatus: 'approved',
        mrpTotalPaisa: 13_000,
        subtotalPaisa: 10_500,
        discountPaisa: 0,
        orderTotalPaisa: 10_500,
        gateway: 'khalti',
        itemCount: 2,
        customer: { id: customer.id, fullName: customer.fullName, email: customer.email, phone: customer.phone },
        refundOwed: false,
        promotionCode: 'DASHAIN10',
        returnUrl: 'http://localhost:5173/orders',
        cancellationReason: null,
        cancelledByActorType: null,
        cancelledAt: null,
        refundReason: 'Test refund',
        refundRemarks: 'wrong course',
        refundAdminRemarks: 'ok',
        refundAmountPaisa: 10_500,
        refundRequestedAt: fresh.refundRequestedAt?.toISOString(),
        refundProcessedAt: fresh.refundProcessedAt?.toISOString(),
        paidAt: fresh.paidAt?.toISOString(),
      });
      expect(data.items).to.deep.equal([
        { productId: course.id, productType: 'course', title: 'Options basics', unitMrpPaisa: 10_000, unitSpPaisa: 8_000, quantity: 1, discountPaisa: 0, lineTotalPaisa: 8_000 },
        { productId: book.id, productType: 'digital_book', title: 'Candlestick book', unitMrpPaisa: 3_000, unitSpPaisa: 2_500, quantity: 1, discountPaisa: 0, lineTotalPaisa: 2_500 },
      ]);
      expect(data.statusHistory.map(({ createdAt, ...rest }: { createdAt: string }) => rest)).to.deep.equal([
        { status: 'payment_pending', notes: null, actorType: 'customer', createdByCustomerId: customer.id, createdByAdminId: null, createdBy: customer.fullName },
        { status: 'paid', notes: 'verified', actorType: 'system', createdByCustomerId: null, createdByAdminId: null, createdBy: 'system' },
        { status: 'refund_requested', notes: null, actorType: 'customer', createdByCustomerId: customer.id, createdByAdminId: null, createdBy: customer.fullName },
        // No admin account holds this id (tokens may come from an outside identity service): the id is shown.
        { status: 'refund_pending', notes: null, actorType: 'admin', createdByCustomerId: null, createdByAdminId: 'sso|outside-admin', createdBy: 'sso|outside-admin' },
        { status: 'refund_approved', notes: 'ok', actorType: 'admin', createdByCustomerId: null, createdByAdminId: admin.id, createdBy: 'Ops Admin' },
      ]);
      expect(data.statusHistory[0].createdAt).to.be.a('string');
      expect(data.notes).to.deep.equal([{ id: note.id, note: 'Called the customer', adminId: noteAdmin, createdAt: note.createdAt }]);
      expect(data.payments).to.deep.equal([
        {
          id: failed.id,
          gateway: 'esewa',
          status: 'failed',
          amountPaisa: 10_500,
          gatewayTransactionId: failed.gatewayTransactionId,
          gatewayReference: null,
          createdAt: failed.createdAt.toISOString(),
          completedAt: null,
          refundOwedAt: null,
          refundSettledAt: null,
        },
        {
          id: completed.id,
          gateway: 'khalti',
          status: 'completed',
          amountPaisa: 10_500,
          gatewayTransactionId: completed.gatewayTransactionId,
          gatewayReference: 'KHALTI-REF-1',
          createdAt: completed.createdAt.toISOString(),
          completedAt: completedAt.toISOString(),
          refundOwedAt: null,
          refundSettledAt: null,
        },
      ]);
    });

    it('shows a cancellation with its reason, actor type and an owed refund', async () => {
      const customer = await insertCustomer();
      const order = await createOrder(customer.id, [course], { status: 'cancelled' });
      await OrderModel.update({ cancellationReason: 'Payment not completed in time', cancelledByActorType: 'system' }, { where: { id: order.id } });
      const owedAt = new Date('2024-05-02T00:00:00Z');
      await PaymentModel.create({
        orderId: order.id,
        gateway: 'esewa',
        status: 'completed',
        amountPaisa: 8_000,
        gatewayTransactionId: `tx-${randomUUID()}`,
        completedAt: owedAt,
        refundOwedAt: owedAt,
      });
      const { data } = (await detail(order.id).expect(200)).body;
      expect(data).to.include({
        status: 'cancelled',
        paymentStatus: 'failed',
        cancellationReason: 'Payment not completed in time',
        cancelledByActorType: 'system',
        refundOwed: true,
        refundStatus: null,
        refundAmountPaisa: null,
      });
      expect(data.cancelledAt).to.be.a('string');
      expect(data.payments[0]).to.include({ refundOwedAt: owedAt.toISOString(), refundSettledAt: null });
      expect(data.statusHistory).to.deep.equal([]);
      expect(data.notes).to.deep.equal([]);
    });

    it('answers an unknown id with 404 ORDER_NOT_FOUND and a non-integer id with 400 VALIDATION_ERROR', async () => {
      for (const id of [2_147_483_647, 99_999_999_999, 0]) {
        const res = await detail(id).expect(404);
        expect(res.body.errorCode, String(id)).to.equal('ORDER_NOT_FOUND');
      }
      for (const id of ['abc', '1.5', '-1', '12abc', '1e3']) {
        const res = await detail(id).expect(400);
        expect(res.body.errorCode, id).to.equal('VALIDATION_ERROR');
      }
    });

    it('is served from the cache until OrderCaches.invalidate, then shows the change at once', async () => {
      const customer = await insertCustomer();
      const order = await createOrder(customer.id, [course], { status: 'payment_pending' });
      expect((await detail(order.id).expect(200)).body.data.status).to.equal('payment_pending');
      await forceOrderStatus(order.id, { status: 'payment_failed' });
      expect((await detail(order.id).expect(200)).body.data.status).to.equal('payment_pending');
      await api.app.container.get(OrderCaches).invalidate(customer.id);
      expect((await detail(order.id).expect(200)).body.data).to.include({ status: 'payment_failed', paymentStatus: 'failed' });
    });
  });

  describe('POST /:id/notes', () => {
    it('appends a trimmed note under the admin token\'s sub and answers 201 with the note', async () => {
      const customer = await insertCustomer();
      const order = await createOrder(customer.id, [course]);
      const adminId = 'sso|admin-7';
      const before = Date.now();
      const res = await addNote(order.id, { note: '  Customer asked for an invoice \n' }, adminBearer(api.app.container, ['Orders_UPDATE'], adminId)).expect(201);
      expect(res.body.message).to.equal('Note added successfully');
      const { data } = res.body;
      expect(data).to.have.all.keys('id', 'orderId', 'note', 'adminId', 'createdAt');
      expect(data).to.include({ orderId: order.id, note: 'Customer asked for an invoice', adminId });
      expect(Date.parse(data.createdAt)).to.be.within(before - 5_000, Date.now() + 5_000);
      const stored = await OrderNoteModel.findByPk(data.id, { rejectOnEmpty: true });
      expect(stored).to.deep.include({ orderId: order.id, adminId, note: 'Customer asked for an invoice' });
      // The order itself is unchanged.
      expect((await OrderModel.findByPk(order.id, { rejectOnEmpty: true })).status).to.equal('payment_pending');
    });

    it('shows a new note in the (cached) detail at once, notes oldest first', async () => {
      const customer = await insertCustomer();
      const order = await createOrder(customer.id, [course]);
      expect((await detail(order.id).expect(200)).body.data.notes).to.deep.equal([]);
      const first = (await addNote(order.id, { note: 'first' }).expect(201)).body.data;
      expect((await detail(order.id).expect(200)).body.data.notes.map((n: { id: number }) => n.id)).to.deep.equal([first.id]);
      const second = (await addNote(order.id, { note: 'second' }).expect(201)).body.data;
      const { notes } = (await detail(order.id).expect(200)).body.data;
      expect(notes.map((n: { note: string }) => n.note)).to.deep.equal(['first', 'second']);
      expect(notes[1].id).to.equal(second.id);
    });

    it('accepts 1 and 1000 characters and refuses a missing, blank, too long, non-text or NUL-carrying note with 400', async () => {
      const customer = await insertCustomer();
      const order = await createOrder(customer.id, [course]);
      await addNote(order.id, { note: 'x' }).expect(201);
      await addNote(order.id, { note: 'ॐ'.repeat(1000) }).expect(201);
      for (const body of [{}, { note: '' }, { note: '   \n\t ' }, { note: 'x'.repeat(1001) }, { note: 42 }, { note: null }, { note: ['a'] }, { note: 'a\u0000b' }]) {
        const res = await addNote(order.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('VALIDATION_ERROR');
      }
      expect(await OrderNoteModel.count({ where: { orderId: order.id } })).to.equal(2);
    });

    it('answers an unknown order with 404 ORDER_NOT_FOUND and a non-integer id with 400', async () => {
      for (const id of [2_147_483_647, 2_147_483_648]) {
        const res = await addNote(id, { note: 'hello' }).expect(404);
        expect(res.body.errorCode).to.equal('ORDER_NOT_FOUND');
      }
      const res = await addNote('abc', { note: 'hello' }).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('keeps notes append-only: the database refuses UPDATE and DELETE', async () => {
      const customer = await insertCustomer();
      const order = await createOrder(customer.id, [course]);
      const { id } = (await addNote(order.id, { note: 'original' }).expect(201)).body.data;
      const { sequelize } = api.app.container.get(Database);
      for (const sql of ['UPDATE order_notes SET note = :text WHERE id = :id', 'DELETE FROM order_notes WHERE id = :id']) {
        let error: unknown;
        await sequelize.query(sql, { replacements: { id, text: 'rewritten' } }).catch((caught) => (error = caught));
        expect((error as Error | undefined)?.message, sql).to.match(/order_notes is append-only/);
      }
      expect((await OrderNoteModel.findByPk(id, { rejectOnEmpty: true })).note).to.equal('original');
    });

    it('limits order mutations to 20 per minute per admin (429 RATE_LIMIT_EXCEEDED with Retry-After)', async () => {
      const customer = await insertCustomer();
      const order = await createOrder(customer.id, [course]);
      const auth = adminBearer(api.app.container, ['Orders_UPDATE', 'Orders_READ'], randomUUID());
      for (let i = 0; i < 20; i += 1) await addNote(order.id, { note: `note ${i}` }, auth).expect(201);
      const res = await addNote(order.id, { note: 'one too many' }, auth).expect(429);
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
      expect(await OrderNoteModel.count({ where: { orderId: order.id } })).to.equal(20);
      // Another admin still can; reads are not mutations.
      await addNote(order.id, { note: 'another admin' }).expect(201);
      await detail(order.id, auth).expect(200);
    });
  });
});
