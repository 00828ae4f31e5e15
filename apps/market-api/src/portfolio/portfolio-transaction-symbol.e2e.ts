import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture } from './portfolio.test-helper';

/** Issue 18: a transaction body names its company by `companyId` or by `symbol`, exactly one of the two. */
describe('Portfolio transactions by symbol (market-api)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;

  before(async () => {
    f = await portfolioFixture();
    owner = await f.customer();
  });

  const path = (portfolioId: string, txId?: string) => `${PORTFOLIOS}/${portfolioId}/transactions${txId ? `/${txId}` : ''}`;
  const bySymbol = (symbol: string) => ({ ...buy(f.companyIds.A, 10, 100, '2024-07-01'), companyId: undefined, symbol });

  it('adds a transaction named by symbol (trimmed, any case) and answers its companyId and symbol', async () => {
    const id = await f.portfolio(owner);
    const res = await f.as(owner).post(path(id), bySymbol(` ${f.prefix.toLowerCase()}a `)).expect(201);
    expect(res.body.data).to.include({ companyId: f.companyIds.A, symbol: `${f.prefix}A`, quantity: 10 });
  });

  it('moves a transaction to another company by symbol on update', async () => {
    const id = await f.portfolio(owner);
    const added = await f.as(owner).post(path(id), buy(f.companyIds.A, 10, 100, '2024-07-01')).expect(201);
    const moved = await f.as(owner).patch(path(id, added.body.data.id), { symbol: `${f.prefix}b` }).expect(200);
    expect(moved.body.data).to.include({ companyId: f.companyIds.B, symbol: `${f.prefix}B` });
    const holdings = await f.as(owner).get(`${PORTFOLIOS}/${id}/holdings`).expect(200);
    expect(holdings.body.data.map((holding: { symbol: string }) => holding.symbol)).to.deep.equal([`${f.prefix}B`]);
  });

  it('answers 400 when both or neither are given, in the spec’s errors shape', async () => {
    const id = await f.portfolio(owner);
    const both = await f.as(owner).post(path(id), { ...buy(f.companyIds.A, 1, 100, '2024-07-01'), symbol: `${f.prefix}A` }).expect(400);
    const refusal = { field: 'symbol', code: 'crossfield', message: 'give either companyId or symbol, not both' };
    expect(both.body).to.deep.equal({ message: refusal.message, errorCode: 'VALIDATION_ERROR', errors: [refusal] });

    const neither = await f.as(owner).post(path(id), bySymbol('  ')).expect(400);
    expect(neither.body.errors).to.deep.equal([{ field: 'companyId', code: 'required', message: 'companyId is required' }]);
    const notText = await f.as(owner).post(path(id), bySymbol(42 as unknown as string)).expect(400);
    expect(notText.body.errors).to.deep.include({ field: 'symbol', code: 'type', message: 'symbol must be a string' });

    const added = await f.as(owner).post(path(id), bySymbol(`${f.prefix}A`)).expect(201);
    const patched = await f.as(owner).patch(path(id, added.body.data.id), { companyId: f.companyIds.B, symbol: `${f.prefix}B` }).expect(400);
    expect(patched.body.errors).to.deep.equal([refusal]);
  });

  it('answers 404 `Company not found` for an unknown symbol on add and update, and changes nothing', async () => {
    const id = await f.portfolio(owner);
    for (const symbol of [`${f.prefix}ZZ`, 'NOT-A-SYMBOL']) {
      const res = await f.as(owner).post(path(id), bySymbol(symbol)).expect(404);
      expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    }
    const added = await f.as(owner).post(path(id), bySymbol(`${f.prefix}A`)).expect(201);
    await f.as(owner).patch(path(id, added.body.data.id), { symbol: `${f.prefix}ZZ` }).expect(404);
    const listed = await f.as(owner).get(path(id)).expect(200);
    expect(listed.body.data.map((tx: { symbol: string }) => tx.symbol)).to.deep.equal([`${f.prefix}A`]);
  });

  it('takes a symbol and its companyId as the same request under one Idempotency-Key', async () => {
    const id = await f.portfolio(owner);
    const key = randomUUID();
    const original = await f.as(owner).post(path(id), buy(f.companyIds.A, 10, 100, '2024-07-01')).set('Idempotency-Key', key).expect(201);
    const retried = await f.as(owner).post(path(id), bySymbol(`${f.prefix}a`)).set('Idempotency-Key', key).expect(201);
    expect(retried.body).to.deep.equal(original.body);
    await f.as(owner).post(path(id), bySymbol(`${f.prefix}B`)).set('Idempotency-Key', key).expect(409);
  });
});
