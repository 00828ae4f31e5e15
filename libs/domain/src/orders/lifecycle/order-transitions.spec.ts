import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, ORDER_STATUSES, OrderModel, OrderStatus, OrderStatusHistoryModel } from '@platform/db';
import { createCourse, createCustomer, createOrder, forceOrderStatus, orderEvents, testContainer } from '@platform/testing';
import { OrderTransitionService } from './order-transition.service';
import { ORDER_COMMANDS, ORDER_TRANSITIONS, canTransition } from './order-transitions';

/** learning-commerce.md, "States and transitions → Order"; migration 0006 (order_transitions, trigger, append-only history). */
describe('order transitions', () => {
  let container: ContainerInstance;
  let db: Database;
  let service: OrderTransitionService;

  before(async () => {
    container = await testContainer('order-transitions-spec');
    db = container.get(Database);
    service = container.get(OrderTransitionService);
  });

  async function orderIn(status: OrderStatus) {
    const customer = await createCustomer(container);
    const { product } = await createCourse();
    return { customer, order: await createOrder(customer.id, [product], { status }) };
  }

  describe('the table', () => {
    it('ORDER_TRANSITIONS lists exactly the rows of the order_transitions table the trigger enforces', async () => {
      const [rows] = await db.sequelize.query('SELECT from_status, to_status FROM order_transitions');
      const inDatabase = (rows as Array<{ from_status: string; to_status: string }>).map((row) => `${row.from_status} -> ${row.to_status}`);
      const inCode = Object.entries(ORDER_TRANSITIONS).flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`));
      expect(inCode).to.have.members(inDatabase);
      expect(inCode).to.have.length(inDatabase.length);
    });

    it('names every order status, and cancelled, refund_approved and refund_rejected are terminal', () => {
      expect(Object.keys(ORDER_TRANSITIONS)).to.have.members([...ORDER_STATUSES]);
      for (const terminal of ['cancelled', 'refund_approved', 'refund_rejected'] as const) expect(ORDER_TRANSITIONS[terminal]).to.deep.equal([]);
    });

    it('starts every command only from states the table allows', () => {
      for (const [name, command] of Object.entries(ORDER_COMMANDS)) {
        for (const from of command.from) expect(canTransition(from, command.to), `${name}: ${from} -> ${command.to}`).to.equal(true);
      }
    });
  });

  describe('the database', () => {
    const illegal: Array<[OrderStatus, OrderStatus]> = [
      ['cancelled', 'paid'],
      ['cancelled', 'payment_pending'],
      ['refund_approved', 'paid'],
      ['refund_rejected', 'refund_requested'],
      ['paid', 'payment_pending'],
      ['payment_failed', 'paid'],
      ['refund_pending', 'refund_requested'],
    ];
    for (const [from, to] of illegal) {
      it(`refuses ${from} -> ${to} even under the transition flag (trigger orders_legal_transition)`, async () => {
        const { order } = await orderIn(from);
        let failure: unknown;
        try {
          await forceOrderStatus(order.id, { status: to });
        } catch (error) {
          failure = error;
        }
        expect(String((failure as Error | undefined)?.message)).to.match(/illegal order transition/);
        expect((await OrderModel.findByPk(order.id))?.status).to.equal(from);
      });
    }

    it('keeps the status history append-only: UPDATE and DELETE raise', async () => {
      const { order } = await orderIn('payment_pending');
      const row = await OrderStatusHistoryModel.create({ orderId: order.id, status: 'payment_pending', actorType: 'system' });
      for (const sql of ['UPDATE order_status_history SET notes = :notes WHERE id = :id', 'DELETE FROM order_status_history WHERE id = :id']) {
        let failure: unknown;
        try {
          await db.sequelize.query(sql, { replacements: { id: row.id, notes: 'rewritten' } });
        } catch (error) {
          failure = error;
        }
        expect(String((failure as Error | undefined)?.message), sql).to.match(/append-only/);
      }
      const kept = await OrderStatusHistoryModel.findByPk(row.id);
      expect(kept?.notes).to.equal(null);
    });
  });

  describe(OrderTransitionService.name, () => {
    it('moves an order in an allowed state: status, extra columns, history with the actor, event, one transaction', async () => {
      const { customer, order } = await orderIn('paid');
      const moved = await db.transaction((tx) =>
        service.apply(
          {
            orderId: order.id,
            to: 'refund_requested',
            from: ['paid'],
            actor: { type: 'customer', customerId: customer.id },
            notes: 'not what I expected',
            changes: { refundStatus: 'requested', refundReason: 'not what I expected', refundRequestedAt: new Date() },
            event: (o) => ({
              event: 'ORDER_REFUND_REQUESTED',
              to: { audience: 'admins' },
              payload: { orderId: o.id, orderNumber: o.orderNumber, reason: 'not what I expected', amount: o.totalPaisa, userId: o.userId },
              dedupeKey: `ORDER_REFUND_REQUESTED:order:${o.id}`,
            }),
          },
          tx,
        ),
      );
      expect(moved?.status).to.equal('refund_requested');
      const history = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
      expect(history.map((row) => [row.status, row.actorType, row.createdByCustomerId, row.createdByAdminId, row.notes])).to.deep.equal([
        ['refund_requested', 'customer', customer.id, null, 'not what I expected'],
      ]);
      expect((await orderEvents(order.id)).map((row) => [row.event, row.audience])).to.deep.equal([['ORDER_REFUND_REQUESTED', 'admins']]);
    });

    it('writes an admin history row with the admin id, and a system row with neither id', async () => {
      const { order } = await orderIn('refund_requested');
      await db.transaction((tx) =>
        service.apply({ orderId: order.id, to: 'refund_pending', from: ['refund_requested'], actor: { type: 'admin', adminId: 'admin-42' }, changes: { refundStatus: 'pending' } }, tx),
      );
      const { order: pending } = await orderIn('payment_pending');
      await db.transaction((tx) =>
        service.apply({ orderId: pending.id, to: 'payment_failed', from: ['payment_pending'], actor: { type: 'system' }, notes: 'declined' }, tx),
      );
      const [admin] = await OrderStatusHistoryModel.findAll({ where: { orderId: order.id } });
      expect([admin.actorType, admin.createdByAdminId, admin.createdByCustomerId]).to.deep.equal(['admin', 'admin-42', null]);
      const [system] = await OrderStatusHistoryModel.findAll({ where: { orderId: pending.id } });
      expect([system.actorType, system.createdByAdminId, system.createdByCustomerId, system.notes]).to.deep.equal(['system', null, null, 'declined']);
    });

    it('changes nothing and answers null when the order is not in a `from` state, or not the owner\'s', async () => {
      const { order } = await orderIn('cancelled');
      const refused = await db.transaction((tx) =>
        service.apply({ orderId: order.id, to: 'refund_requested', from: ['paid'], actor: { type: 'system' } }, tx),
      );
      expect(refused).to.equal(null);
      const { order: paid } = await orderIn('paid');
      const stranger = await createCustomer(container);
      const notOwner = await db.transaction((tx) =>
        service.apply({ orderId: paid.id, ownerId: stranger.id, to: 'cancelled', from: ['paid'], actor: { type: 'customer', customerId: stranger.id }, changes: { cancelledAt: new Date() } }, tx),
      );
      expect(notOwner).to.equal(null);
      expect(await OrderStatusHistoryModel.count({ where: { orderId: [order.id, paid.id] } })).to.equal(0);
      expect((await OrderModel.findByPk(paid.id))?.status).to.equal('paid');
    });

    it('moves the order only while its guard holds, checked in the same UPDATE', async () => {
      const { order } = await orderIn('payment_pending');
      const cancel = (guard: string) =>
        db.transaction((tx) =>
          service.apply(
            { orderId: order.id, to: 'cancelled', from: ['payment_pending'], actor: { type: 'system' }, changes: { cancelledAt: new Date() }, guard: db.sequelize.literal(guard) },
            tx,
          ),
        );
      expect(await cancel('orders.total_paisa < 0')).to.equal(null);
      expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(0);
      expect((await cancel('orders.total_paisa > 0'))?.status).to.equal('cancelled');
    });

    it('refuses to be asked for a transition the table does not have', async () => {
      const { order } = await orderIn('cancelled');
      let failure: unknown;
      try {
        await db.transaction((tx) => service.apply({ orderId: order.id, to: 'paid', from: ['cancelled'], actor: { type: 'system' } }, tx));
      } catch (error) {
        failure = error;
      }
      expect(String((failure as Error | undefined)?.message)).to.match(/No order transition cancelled -> paid/);
    });

    it('moves an order once when many try at the same time', async () => {
      const { order } = await orderIn('payment_pending');
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          db.transaction((tx) =>
            service.apply({ orderId: order.id, to: 'cancelled', from: ['payment_pending'], actor: { type: 'system' }, changes: { cancelledAt: new Date() } }, tx),
          ),
        ),
      );
      expect(results.filter((result) => result !== null)).to.have.length(1);
      expect(await OrderStatusHistoryModel.count({ where: { orderId: order.id } })).to.equal(1);
    });
  });
});
