import { expect } from 'chai';
import { Database } from '../database';
import { OrderModel } from '../models';
import { createCourse, createCustomer, createOrder, forceOrderStatus, testContainer } from '@platform/testing';
import { refused } from './constraint-refusal.test-helper';

/** Only OrderTransitionService (the flag app.order_transition) may change orders.status; the database says so. */
describe('0013-order-status-writes-guarded', () => {
  let db: Database;

  const pendingOrder = async () => {
    const container = await testContainer('order-status-guard-spec');
    db = container.get(Database);
    const { id: userId } = await createCustomer(container);
    const { product } = await createCourse();
    return createOrder(userId, [product]);
  };
  const statusOf = async (id: number) => (await OrderModel.findByPk(id, { rejectOnEmpty: true })).status;
  const OUTSIDE = /written outside OrderTransitionService/;

  it('refuses a raw UPDATE orders SET status outside the transition service', async () => {
    const order = await pendingOrder();
    await refused(() => db.sequelize.query(`UPDATE orders SET status = 'payment_failed' WHERE id = :id`, { replacements: { id: order.id } }), OUTSIDE);
    expect(await statusOf(order.id)).to.equal('payment_pending');
  });

  it('refuses a status write through the model, in or out of a transaction', async () => {
    const order = await pendingOrder();
    await refused(() => order.update({ status: 'cancelled', cancelledAt: new Date() }), OUTSIDE);
    await refused(() => db.transaction((transaction) => OrderModel.update({ status: 'payment_failed' }, { where: { id: order.id }, transaction })), OUTSIDE);
    expect(await statusOf(order.id)).to.equal('payment_pending');
  });

  it('takes the flag for its own transaction only: after that transaction the same write is refused again', async () => {
    const order = await pendingOrder();
    await forceOrderStatus(order.id, { status: 'payment_failed' });
    expect(await statusOf(order.id)).to.equal('payment_failed');
    await refused(() => db.sequelize.query(`UPDATE orders SET status = 'cancelled', cancelled_at = now() WHERE id = :id`, { replacements: { id: order.id } }), OUTSIDE);
    expect(await statusOf(order.id)).to.equal('payment_failed');
  });

  it("refuses once the flag is turned off again in the same transaction (the service's off after its UPDATE)", async () => {
    const order = await pendingOrder();
    const write = () =>
      db.transaction(async (transaction) => {
        await db.sequelize.query(`SELECT set_config('app.order_transition', 'on', true)`, { transaction });
        await db.sequelize.query(`SELECT set_config('app.order_transition', 'off', true)`, { transaction });
        await db.sequelize.query(`UPDATE orders SET status = 'payment_failed' WHERE id = :id`, { replacements: { id: order.id }, transaction });
      });
    await refused(write, OUTSIDE);
  });

  it('leaves writes of other columns alone', async () => {
    const order = await pendingOrder();
    await db.sequelize.query(`UPDATE orders SET return_url = 'http://localhost/back', updated_at = now() WHERE id = :id`, { replacements: { id: order.id } });
    expect((await OrderModel.findByPk(order.id, { rejectOnEmpty: true })).returnUrl).to.equal('http://localhost/back');
  });
});
