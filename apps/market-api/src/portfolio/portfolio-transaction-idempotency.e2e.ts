import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { eventually, TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';

/** Issue 17: an optional Idempotency-Key on POST /api/v1/market/portfolios/{id}/transactions (Stripe's semantics). */
describe('Portfolio transactions: Idempotency-Key (market-api)', () => {
  let f: PortfolioFixture;
  let db: Database;
  let owner: TestCustomer;

  before(async () => {
    f = await portfolioFixture();
    db = f.api.app.container.get(Database);
    owner = await f.customer();
  });

  const path = (portfolioId: string) => `${PORTFOLIOS}/${portfolioId}/transactions`;
  const add = (customer: TestCustomer, portfolioId: string, body: object, key?: string) => {
    const request = f.as(customer).post(path(portfolioId), body);
    return key === undefined ? request : request.set('Idempotency-Key', key);
  };
  const recorded = async (portfolioId: string) => {
    const [{ count }] = await db.sequelize.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM portfolio_transactions WHERE portfolio_id = :portfolioId`,
      { replacements: { portfolioId }, type: QueryTypes.SELECT },
    );
    return count;
  };
  const first = () => buy(f.companyIds.A, 10, 100, '2024-07-01');

  it('replays the first answer for a retried add with the same key and body, recording one transaction', async () => {
    const id = await f.portfolio(owner);
    const key = randomUUID();
    const original = await add(owner, id, first(), key).expect(201);
    const retried = await add(owner, id, { ...first(), rate: '100.00' }, key).expect(201);
    expect(retried.body).to.deep.equal(original.body);
    expect(await recorded(id)).to.equal(1);
  });

  it('answers 409 CONFLICT for the same key with another body, and records nothing more', async () => {
    const id = await f.portfolio(owner);
    const key = randomUUID();
    await add(owner, id, first(), key).expect(201);
    const other = await add(owner, id, buy(f.companyIds.A, 11, 100, '2024-07-01'), key).expect(409);
    expect(other.body).to.deep.equal({ message: 'This Idempotency-Key was used for a different request', errorCode: 'CONFLICT' });
    const otherPortfolio = await f.portfolio(owner);
    await add(owner, otherPortfolio, first(), key).expect(409);
    expect([await recorded(id), await recorded(otherPortfolio)]).to.deep.equal([1, 0]);
  });

  it('answers 409 while the first add with the key still runs, then replays it; one transaction in all', async () => {
    const id = await f.portfolio(owner);
    const key = randomUUID();
    // Hold the portfolio's row lock, so the first add claims its key and then waits for the lock.
    const hold = await db.sequelize.transaction();
    let firstAdd: Promise<{ status: number; body: unknown }>;
    try {
      await db.sequelize.query(`SELECT id FROM portfolios WHERE id = :id FOR UPDATE`, { replacements: { id }, transaction: hold });
      firstAdd = add(owner, id, first(), key).then((res) => res);
      await eventually(async () => (await db.sequelize.query(`SELECT 1 FROM idempotency_keys WHERE key = :key`, { replacements: { key }, type: QueryTypes.SELECT })).length === 1);
      const duplicate = await add(owner, id, first(), key).expect(409);
      expect(duplicate.body).to.deep.equal({ message: 'A request with this Idempotency-Key is still being processed', errorCode: 'CONFLICT' });
    } finally {
      await hold.commit();
    }
    const done = await firstAdd;
    expect(done.status).to.equal(201);
    expect((await add(owner, id, first(), key).expect(201)).body).to.deep.equal(done.body);
    expect(await recorded(id)).to.equal(1);
  });

  it('forgets a key after IDEMPOTENCY_KEY_TTL_HOURS: the same key then records a new transaction', async () => {
    const id = await f.portfolio(owner);
    const key = randomUUID();
    const original = await add(owner, id, first(), key).expect(201);
    await db.sequelize.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = :key`, { replacements: { key } });
    const later = await add(owner, id, first(), key).expect(201);
    expect(later.body.data.id).not.to.equal(original.body.data.id);
    expect(await recorded(id)).to.equal(2);
  });

  it('keeps each customer’s keys apart', async () => {
    const other = await f.customer();
    const [mine, theirs] = [await f.portfolio(owner), await f.portfolio(other)];
    const key = randomUUID();
    const a = await add(owner, mine, first(), key).expect(201);
    const b = await add(other, theirs, first(), key).expect(201);
    expect(b.body.data.portfolioId).to.equal(theirs);
    expect((await add(owner, mine, first(), key).expect(201)).body).to.deep.equal(a.body);
    expect([await recorded(mine), await recorded(theirs)]).to.deep.equal([1, 1]);
  });

  it('records every add without the header, as before', async () => {
    const id = await f.portfolio(owner);
    await add(owner, id, first()).expect(201);
    await add(owner, id, first()).expect(201);
    expect(await recorded(id)).to.equal(2);
  });

  it('refuses a malformed key (400) and frees the key of a refused add', async () => {
    const id = await f.portfolio(owner);
    const bad = await add(owner, id, first(), 'x'.repeat(256)).expect(400);
    expect(bad.body).to.include({ errorCode: 'VALIDATION_ERROR' });
    expect(bad.body.errors[0]).to.include({ field: 'Idempotency-Key' });
    const key = randomUUID();
    await add(owner, id, sell(f.companyIds.A, 5, 100, '2024-07-01'), key).expect(422);
    await add(owner, id, first(), key).expect(201);
    expect(await recorded(id)).to.equal(1);
  });
});
