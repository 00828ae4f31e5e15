import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, IdempotencyKeyModel } from '@platform/db';
import { createCourse, createCustomer, createOrder, testContainer } from '@platform/testing';
import { DomainError } from '../../shared';
import { IdempotentRequests } from './idempotency.service';

const settle = (work: Promise<unknown>) =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as DomainError }),
  );

/** A crashed request's `in_progress` key, older than two minutes, is taken over by exactly one request. */
describe('IdempotentRequests: stale in_progress keys', () => {
  let container: ContainerInstance;
  let db: Database;
  let keys: IdempotentRequests;
  let n = 0;

  before(async () => {
    container = await testContainer('idempotency-takeover-spec');
    db = container.get(Database);
    keys = container.get(IdempotentRequests);
  });

  const age = (id: number, minutes: number) =>
    db.sequelize.query(`UPDATE idempotency_keys SET updated_at = now() - make_interval(mins => :minutes) WHERE id = :id`, {
      replacements: { id, minutes },
    });

  it('a fresh in_progress key still answers 409 ORDER_IDEMPOTENCY_MISMATCH', async () => {
    const user = await createCustomer(container);
    const key = `fresh-${++n}`;
    await keys.start(user.id, 'checkout', key, 'hash');
    const again = await settle(keys.start(user.id, 'checkout', key, 'hash'));
    expect(again.ok).to.equal(false);
    expect(!again.ok && again.error.code).to.equal('ORDER_IDEMPOTENCY_MISMATCH');
  });

  it('without an order: the stale key is deleted and one of two concurrent repeats claims it anew', async () => {
    const user = await createCustomer(container);
    const key = `stale-empty-${++n}`;
    const first = await keys.start(user.id, 'checkout', key, 'hash');
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    await age(first.claim.id, 3);

    const outcomes = await Promise.all([1, 2].map(() => settle(keys.start(user.id, 'checkout', key, 'hash'))));
    const claimed = outcomes.filter((o) => o.ok && (o.value as { kind: string }).kind === 'claimed');
    expect(claimed).to.have.length(1);
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused.map((o) => !o.ok && o.error.code)).to.deep.equal(['ORDER_IDEMPOTENCY_MISMATCH']);
    const rows = await IdempotencyKeyModel.findAll({ where: { userId: user.id, scope: 'checkout', key } });
    expect(rows.map((row) => [row.status, row.id === first.claim.id])).to.deep.equal([['in_progress', false]]);
  });

  it('with an order: the stale key is marked failed once and every repeat gets 409 ORDER_PAYMENT_FAILED', async () => {
    const user = await createCustomer(container);
    const { product } = await createCourse();
    const order = await createOrder(user.id, [product]);
    const key = `stale-order-${++n}`;
    const first = await keys.start(user.id, 'buy_now', key, 'hash');
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    await db.transaction((tx) => keys.attach(first.claim, order.id, tx));
    await age(first.claim.id, 3);

    const outcomes = await Promise.all([1, 2].map(() => settle(keys.start(user.id, 'buy_now', key, 'hash'))));
    expect(outcomes.map((o) => !o.ok && o.error.code)).to.deep.equal(['ORDER_PAYMENT_FAILED', 'ORDER_PAYMENT_FAILED']);
    const row = await IdempotencyKeyModel.findByPk(first.claim.id);
    expect(row?.status).to.equal('failed');
    expect(row?.orderId).to.equal(order.id);
    expect(row?.response?.['errorCode']).to.equal('ORDER_PAYMENT_FAILED');
    const later = await settle(keys.start(user.id, 'buy_now', key, 'hash'));
    expect(!later.ok && later.error.code).to.equal('ORDER_PAYMENT_FAILED');
  });
});
