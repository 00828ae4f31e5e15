import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { createCourse, createCustomer, createOrder, TEST_ENV, testContainer } from '@platform/testing';
import { Database } from '../database';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import { IdempotencyKeyModel } from '../models';
import { MIGRATIONS } from './index';
import sharedIdempotencyKeys from './0012-shared-idempotency-keys';
import { refused } from './constraint-refusal.test-helper';

/** Idempotency keys for customers and admins, any scope of the right format, and a reference to what a request created. */
describe('0012-shared-idempotency-keys constraints', () => {
  const customer = async () => (await createCustomer(await testContainer('idempotency-schema-spec'))).id;
  const row = (overrides: Record<string, unknown>) => ({
    actorType: 'customer', scope: 'portfolio_transaction.add', key: `k-${randomUUID()}`, requestHash: 'h', ...overrides,
  });

  it('holds exactly one actor, matching actor_type', async () => {
    const userId = await customer();
    await IdempotencyKeyModel.create(row({ userId }));
    await IdempotencyKeyModel.create(row({ actorType: 'admin', adminId: 'admin-sub' }));
    await refused(() => IdempotencyKeyModel.create(row({ actorType: 'admin', userId })), /idempotency_keys_one_actor/);
    await refused(() => IdempotencyKeyModel.create(row({ userId, adminId: 'admin-sub' })), /idempotency_keys_one_actor/);
    await refused(() => IdempotencyKeyModel.create(row({})), /idempotency_keys_one_actor/);
  });

  it('has no default actor: a key written without actor_type is refused', async () => {
    const userId = await customer();
    const db = (await testContainer('idempotency-schema-spec')).get(Database);
    await refused(
      () => db.sequelize.query(`INSERT INTO idempotency_keys (user_id, scope, key, request_hash) VALUES (:userId, 'checkout', :key, 'h')`, {
        replacements: { userId, key: `k-${randomUUID()}` },
      }),
      /actor_type/,
    );
  });

  it('holds a key once per (actor, scope), for admins too', async () => {
    const admin = row({ actorType: 'admin', adminId: `admin-${randomUUID()}` });
    await IdempotencyKeyModel.create(admin);
    await IdempotencyKeyModel.create({ ...admin, scope: 'checkout' });
    await IdempotencyKeyModel.create({ ...admin, actorType: 'customer', adminId: null, userId: await customer() });
    await refused(() => IdempotencyKeyModel.create(admin), /idempotency_keys_admin_scope_key/);
  });

  it('takes any scope in the `context_thing.action` format, nothing else', async () => {
    const userId = await customer();
    await IdempotencyKeyModel.create(row({ userId, scope: 'training_enroll' }));
    for (const scope of ['Checkout', 'portfolio transaction', '.add', 'a..b', 'x'.repeat(101)]) {
      await refused(() => IdempotencyKeyModel.create(row({ userId, scope })), /idempotency_keys_scope_format/);
    }
  });

  it('names a reference by type and id together, and an order by its foreign key too', async () => {
    const userId = await customer();
    const { product } = await createCourse();
    const order = await createOrder(userId, [product]);
    await IdempotencyKeyModel.create(row({ userId, referenceType: 'order', referenceId: String(order.id), orderId: order.id }));
    await refused(() => IdempotencyKeyModel.create(row({ userId, referenceType: 'order' })), /idempotency_keys_reference_pair/);
    await refused(() => IdempotencyKeyModel.create(row({ userId, orderId: order.id })), /idempotency_keys_order_is_reference/);
    await refused(
      () => IdempotencyKeyModel.create(row({ userId, referenceType: 'order', referenceId: `${order.id}0`, orderId: order.id })),
      /idempotency_keys_order_is_reference/,
    );
  });

  it('keeps the keys written before it (customers’, with their orders) and goes down again', async function () {
    this.timeout(60_000);
    const url = new URL(TEST_ENV['DATABASE_URL']);
    url.pathname = `${url.pathname}_m13`;
    await ensureDatabase(url.toString());
    const db = new Database({ url: url.toString(), pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 }, []);
    const context = { sequelize: db.sequelize, queryInterface: db.sequelize.getQueryInterface() };
    const sql = <T extends object>(text: string) => db.sequelize.query<T>(text, { type: QueryTypes.SELECT });
    try {
      for (const migration of MIGRATIONS.slice(0, MIGRATIONS.indexOf(sharedIdempotencyKeys))) await migration.up(context);
      await db.sequelize.query(`
        INSERT INTO users (id, email, password_hash, full_name) VALUES ('01900000-0000-7000-8000-000000000001', 'm13@example.com', 'x', 'M');
        INSERT INTO orders (user_id, order_number, type, source, status, mrp_total_paisa, subtotal_paisa, total_paisa)
          VALUES ('01900000-0000-7000-8000-000000000001', 'ORD-M13', 'digital', 'checkout', 'payment_pending', 100, 100, 100);
        INSERT INTO idempotency_keys (user_id, scope, key, request_hash, status, response, order_id)
          SELECT '01900000-0000-7000-8000-000000000001', 'checkout', 'old-key', 'h', 'completed', '{"orderId": 1}', id FROM orders;`);
      await sharedIdempotencyKeys.up(context);
      expect(await sql(`SELECT column_default FROM information_schema.columns WHERE table_name = 'idempotency_keys' AND column_name = 'actor_type'`)).to.deep.equal([
        { column_default: null },
      ]);
      expect(await sql(`SELECT actor_type, scope, status, response, reference_type, reference_id = order_id::text AS same FROM idempotency_keys`)).to.deep.equal([
        { actor_type: 'customer', scope: 'checkout', status: 'completed', response: { orderId: 1 }, reference_type: 'order', same: true },
      ]);
      await sharedIdempotencyKeys.down(context);
      expect(await sql(`SELECT column_name FROM information_schema.columns WHERE table_name = 'idempotency_keys' AND column_name IN ('actor_type', 'admin_id')`)).to.deep.equal([]);
    } finally {
      await db.close();
      await dropDatabase(url.toString());
    }
  });
});
