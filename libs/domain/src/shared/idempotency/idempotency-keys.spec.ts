import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ContainerInstance } from 'typedi';
import { Database, IdempotencyKeyModel, Transaction } from '@platform/db';
import { createCourse, createCustomer, createOrder, testContainer } from '@platform/testing';
import { DomainError } from '../errors';
import { IdempotencyErrors, IdempotencyKeysService, IdempotencyStart, IdempotentRequest } from './idempotency-keys.service';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import { PurgeExpiredIdempotencyKeysUseCase } from './purge-expired-idempotency-keys.use-case';

/** Each outcome its own code here, so a test sees which one the service chose. */
const ERRORS: IdempotencyErrors = {
  invalidKey: () => new DomainError('VALIDATION_ERROR', 'bad key'),
  inProgress: () => new DomainError('CONFLICT', 'in progress'),
  mismatch: () => new DomainError('UNPROCESSABLE', 'mismatch'),
  failed: (message = 'failed') => new DomainError('SERVICE_UNAVAILABLE', message),
};

const settle = (work: Promise<unknown>) =>
  work.then(
    (value) => ({ ok: true as const, value: value as { kind: string } }),
    (error: unknown) => ({ ok: false as const, error: error as DomainError }),
  );
const codeOf = async (work: Promise<unknown>) => {
  const outcome = await settle(work);
  return outcome.ok ? outcome.value.kind : outcome.error.code;
};

describe(IdempotencyKeysService.name, () => {
  let container: ContainerInstance;
  let db: Database;
  let keys: IdempotencyKeysService;
  let n = 0;

  before(async () => {
    container = await testContainer('idempotency-keys-spec');
    db = container.get(Database);
    keys = container.get(IdempotencyKeysService);
  });

  const request = (actor: IdempotentRequest['actor'], key: string, fingerprint = 'hash'): IdempotentRequest => ({
    actor, scope: 'portfolio_transaction.add', key, fingerprint, errors: ERRORS,
  });
  const customer = async () => ({ kind: 'customer' as const, id: (await createCustomer(container)).id });
  const claimed = async (work: Promise<IdempotencyStart<unknown>>) => {
    const start = await work;
    if (start.kind !== 'claimed') throw new Error('expected a claim');
    return start.claim;
  };
  const shift = (id: number, column: 'updated_at' | 'created_at', minutes: number) =>
    db.sequelize.query(`UPDATE idempotency_keys SET ${column} = now() - make_interval(mins => :minutes) WHERE id = :id`, {
      replacements: { id, minutes },
    });

  it('replays the stored response for the same key and payload, and refuses another payload or a running first request', async () => {
    const actor = await customer();
    const key = `replay-${++n}`;
    const claim = await claimed(keys.start(request(actor, key)));
    expect(await codeOf(keys.start(request(actor, key)))).to.equal('CONFLICT');
    expect(await codeOf(keys.start(request(actor, key, 'other')))).to.equal('UNPROCESSABLE');
    await db.transaction((tx) => keys.complete(claim, { answer: 42 }, { type: 'portfolio_transaction', id: 'abc' }, tx));
    expect(await keys.start(request(actor, key))).to.deep.equal({ kind: 'replay', response: { answer: 42 } });
    expect(await codeOf(keys.start(request(actor, key, 'other')))).to.equal('UNPROCESSABLE');
    expect(await codeOf(keys.start(request(actor, 'not a visible key')))).to.equal('VALIDATION_ERROR');
  });

  it('keeps customers, admins and scopes apart', async () => {
    const [first, second] = [await customer(), await customer()];
    const admin = { kind: 'admin' as const, id: `admin-${randomUUID()}` };
    const key = `actors-${++n}`;
    for (const actor of [first, second, admin]) expect(await codeOf(keys.start(request(actor, key)))).to.equal('claimed');
    expect(await codeOf(keys.start({ ...request(first, key), scope: 'checkout' }))).to.equal('claimed');
    const rows = await IdempotencyKeyModel.findAll({ where: { key }, order: [['id', 'ASC']] });
    expect(rows.map((row) => [row.actorType, row.userId !== null, row.adminId])).to.deep.equal([
      ['customer', true, null],
      ['customer', true, null],
      ['admin', false, admin.id],
      ['customer', true, null],
    ]);
  });

  it('frees a released key for the same key and any payload', async () => {
    const actor = await customer();
    const key = `release-${++n}`;
    await keys.release(await claimed(keys.start(request(actor, key))));
    expect(await codeOf(keys.start(request(actor, key, 'changed')))).to.equal('claimed');
  });

  it('answers the caller’s failed error, with the stored message, for every repeat of a failed key', async () => {
    const actor = await customer();
    const key = `failed-${++n}`;
    const claim = await claimed(keys.start(request(actor, key)));
    await keys.fail(claim, 'the gateway refused', { type: 'thing', id: 7 });
    const again = await settle(keys.start(request(actor, key)));
    expect(!again.ok && [again.error.code, again.error.message]).to.deep.equal(['SERVICE_UNAVAILABLE', 'the gateway refused']);
    const row = await IdempotencyKeyModel.findByPk(claim.id);
    expect([row?.response, row?.referenceType, row?.referenceId, row?.orderId]).to.deep.equal([
      { errorCode: 'SERVICE_UNAVAILABLE', message: 'the gateway refused' }, 'thing', '7', null,
    ]);
  });

  it('replays nothing after IDEMPOTENCY_KEY_TTL_HOURS: the key is claimed anew, whatever its payload', async () => {
    const actor = await customer();
    const key = `expired-${++n}`;
    const claim = await claimed(keys.start(request(actor, key)));
    await db.transaction((tx) => keys.complete(claim, { answer: 1 }, null, tx));
    await shift(claim.id, 'created_at', 24 * 60 - 1);
    expect(await codeOf(keys.start(request(actor, key, 'other')))).to.equal('UNPROCESSABLE');
    await shift(claim.id, 'created_at', 24 * 60 + 1);
    const outcomes = await Promise.all([1, 2].map(() => codeOf(keys.start(request(actor, key, 'other')))));
    expect(outcomes.sort()).to.deep.equal(['CONFLICT', 'claimed']);
    expect(await IdempotencyKeyModel.findByPk(claim.id)).to.equal(null);
  });

  it('purges the keys older than the TTL and keeps the others', async () => {
    const actor = await customer();
    const [old, fresh] = [await claimed(keys.start(request(actor, `purge-${++n}`))), await claimed(keys.start(request(actor, `purge-${++n}`)))];
    await shift(old.id, 'created_at', 25 * 60);
    const { deleted } = await container.get(PurgeExpiredIdempotencyKeysUseCase).execute();
    expect(deleted).to.be.at.least(1);
    expect(await IdempotencyKeyModel.findByPk(old.id)).to.equal(null);
    expect(await IdempotencyKeyModel.findByPk(fresh.id)).not.to.equal(null);
    expect((await container.get(PurgeExpiredIdempotencyKeysUseCase).execute()).deleted).to.equal(0);
  });

  it('purges a backlog in batches until a batch comes back short', async () => {
    const actor = await customer();
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await claimed(keys.start(request(actor, `batch-${++n}`))));
    for (const claim of old) await shift(claim.id, 'created_at', 25 * 60);
    const repository = container.get(IdempotencyKeysRepository);
    const batches: number[] = [];
    const purge = repository.purgeExpired;
    repository.purgeExpired = async (ttlHours, batch) => {
      batches.push(await purge.call(repository, ttlHours, batch));
      return batches[batches.length - 1];
    };
    try {
      const { deleted } = await container.get(PurgeExpiredIdempotencyKeysUseCase).execute(2);
      expect(deleted).to.equal(batches.reduce((sum, batch) => sum + batch, 0)).and.to.be.at.least(5);
      expect(batches.slice(0, -1).every((batch) => batch === 2)).to.equal(true);
      expect(batches.at(-1)).to.be.below(2);
    } finally {
      repository.purgeExpired = purge;
    }
    expect(await IdempotencyKeyModel.count({ where: { id: old.map((claim) => claim.id) } })).to.equal(0);
  });

  describe('a crashed request’s in_progress key (untouched for two minutes)', () => {
    it('lost by a slow first request: its complete, attach or fail throws the caller’s inProgress error and its work rolls back', async () => {
      const actor = await customer();
      const key = `slow-${++n}`;
      const first = await claimed(keys.start(request(actor, key)));
      await shift(first.id, 'updated_at', 3);
      const second = await claimed(keys.start(request(actor, key)));
      expect(second.id).not.to.equal(first.id);
      const nameOf = async () => {
        const [[row]] = await db.sequelize.query(`SELECT full_name FROM users WHERE id = :id`, { replacements: { id: actor.id } });
        return (row as { full_name: string }).full_name;
      };
      const before = await nameOf();
      const work = (settle: (tx: Transaction) => Promise<void>) =>
        codeOf(db.transaction(async (tx) => {
          await db.sequelize.query(`UPDATE users SET full_name = 'written by the slow request' WHERE id = :id`, { replacements: { id: actor.id }, transaction: tx });
          await settle(tx);
          return { kind: 'committed' };
        }));
      expect(await work((tx) => keys.complete(first, { answer: 1 }, { type: 'thing', id: 1 }, tx))).to.equal('CONFLICT');
      expect(await work((tx) => keys.attach(first, { type: 'thing', id: 1 }, tx))).to.equal('CONFLICT');
      expect(await work((tx) => keys.fail(first, 'gave up', null, tx))).to.equal('CONFLICT');
      expect(await nameOf()).to.equal(before);
      const rows = await IdempotencyKeyModel.findAll({ where: { userId: actor.id, key } });
      expect(rows.map((row) => [row.id, row.status, row.response])).to.deep.equal([[second.id, 'in_progress', null]]);
      await db.transaction((tx) => keys.complete(second, { answer: 2 }, null, tx));
      expect(await keys.start(request(actor, key))).to.deep.equal({ kind: 'replay', response: { answer: 2 } });
    });


    it('without a reference: is deleted, and one of two concurrent repeats claims it anew', async () => {
      const actor = await customer();
      const key = `stale-empty-${++n}`;
      const first = await claimed(keys.start(request(actor, key)));
      await shift(first.id, 'updated_at', 3);
      const outcomes = await Promise.all([1, 2].map(() => codeOf(keys.start(request(actor, key)))));
      expect(outcomes.sort()).to.deep.equal(['CONFLICT', 'claimed']);
      const rows = await IdempotencyKeyModel.findAll({ where: { userId: actor.id, key } });
      expect(rows.map((row) => [row.status, row.id === first.id])).to.deep.equal([['in_progress', false]]);
    });

    it('with an order: is marked failed once, and every repeat gets the failed error', async () => {
      const actor = await customer();
      const { product } = await createCourse();
      const order = await createOrder(actor.id, [product]);
      const key = `stale-order-${++n}`;
      const first = await claimed(keys.start({ ...request(actor, key), scope: 'buy_now' }));
      await db.transaction((tx) => keys.attach(first, { type: 'order', id: order.id }, tx));
      await shift(first.id, 'updated_at', 3);
      const outcomes = await Promise.all([1, 2].map(() => codeOf(keys.start({ ...request(actor, key), scope: 'buy_now' }))));
      expect(outcomes).to.deep.equal(['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
      const row = await IdempotencyKeyModel.findByPk(first.id);
      expect([row?.status, row?.orderId, row?.referenceType, row?.referenceId]).to.deep.equal(['failed', order.id, 'order', String(order.id)]);
      expect(row?.response?.['errorCode']).to.equal('SERVICE_UNAVAILABLE');
    });
  });
});
