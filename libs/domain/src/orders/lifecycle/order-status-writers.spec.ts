import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';

const ROOT = join(__dirname, '../../../../..');
const SCANNED = ['libs', 'apps', 'tools'];

const TRANSITION_SERVICE = 'libs/domain/src/orders/lifecycle/order-transition.service.ts';

/**
 * The modules that may write orders.status, and why. The database refuses any other status change
 * (migration 0013); this test names the module before a run reaches it. OrderWriter is not here:
 * it inserts a new order in payment_pending, which is creation, not a write of a status.
 */
const ALLOWED: Record<string, string> = {
  [TRANSITION_SERVICE]: 'the one way to move an order',
};

/** Test code builds orders in any state on purpose; it is not how the product moves one. */
const isTestCode = (path: string) => /\.(spec|e2e)\.ts$|\.test-helper\.ts$/.test(path) || path.startsWith('libs/testing/');

/** The shapes of a status write: through the model, on an instance named like an order, or in SQL. */
const STATUS_WRITES: Array<[string, RegExp]> = [
  ['OrderModel.update with a status', /OrderModel\.update\(\s*\{[^}]*\bstatus\b/],
  ['OrderModel bulk write of status', /OrderModel\.(bulkCreate|upsert)\([\s\S]{0,400}?updateOnDuplicate:[^\]]*'status'/],
  ['an order instance given a status', /\b(order|\w+Order)\.(update|set)\(\s*\{[^}]*\bstatus\s*:/],
  ['an order instance status assignment', /\b(order|\w+Order)\.status\s*=(?!=)/],
  ['SQL UPDATE orders ... SET status', /UPDATE\s+"?orders"?\b[^;`]*?\bSET\b[^;`]*?(?<![\w.])"?status"?\s*=/i],
  ['queryInterface.bulkUpdate of orders', /bulkUpdate\(\s*['"]orders['"]/],
  // An order may be born only in its first states; one inserted paid would skip the transition into paid.
  ['an order created in a later state', /OrderModel\.(create|bulkCreate)\(\s*[[{][^}]*\bstatus\s*:(?!\s*'(created|payment_pending)')/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const statusWrites = (text: string) => STATUS_WRITES.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);

describe('orders.status writers', () => {
  const scanned = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => relative(ROOT, path).split('\\').join('/'));

  it('only OrderTransitionService moves an order', () => {
    expect(scanned, 'the scan must see the transition service, or it proves nothing').to.include(TRANSITION_SERVICE);
    const found = scanned
      .filter((path) => !isTestCode(path) && !(path in ALLOWED))
      .flatMap((path) => statusWrites(readFileSync(join(ROOT, path), 'utf8')).map((shape) => `${path}: ${shape}`));
    expect(found, 'route the move through OrderTransitionService.apply').to.deep.equal([]);
  });

  it('has no stale allowlist entry: each allowed module exists and still writes orders.status', () => {
    for (const path of Object.keys(ALLOWED)) {
      expect(existsSync(join(ROOT, path)), path).to.equal(true);
      expect(statusWrites(readFileSync(join(ROOT, path), 'utf8')), `${path} no longer writes orders.status: drop it from ALLOWED`).to.not.deep.equal([]);
    }
  });

  it('recognises every shape of status write the modules used before the transition service owned them', () => {
    const before = [
      "const [count, rows] = await OrderModel.update(\n  { status: 'paid', paidAt: new Date() },\n  { where: { id: order.id, status: 'payment_pending' } },\n);",
      "await OrderModel.update({ status: 'payment_failed' }, { where: { id: order.id } });",
      "`UPDATE orders o SET status = 'cancelled', cancelled_at = now(), updated_at = now()\n WHERE o.id = :orderId RETURNING o.id`",
      "await order.update({ status: 'cancelled' }, { transaction: tx });",
      'paidOrder.status = "paid";',
      "await OrderModel.create({ orderNumber, userId, status: 'paid', paidAt: new Date() });",
    ];
    for (const code of before) expect(statusWrites(code), code).to.not.deep.equal([]);
  });

  it('leaves writes of other status columns and other tables alone', () => {
    const others = [
      "await PaymentModel.update({ status: 'failed' }, { where: { orderId } });",
      "`UPDATE orders SET refund_status = 'approved' WHERE id = :id`",
      "`UPDATE order_async_requests SET status = 'completed' WHERE id = :id`",
      "if (order.status === 'paid') return;",
      "await OrderModel.create({ orderNumber, userId, status: 'payment_pending' }, { transaction: savepoint });",
    ];
    for (const code of others) expect(statusWrites(code), code).to.deep.equal([]);
  });
});
