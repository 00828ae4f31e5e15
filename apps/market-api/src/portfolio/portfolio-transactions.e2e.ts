import { expect } from 'chai';
import { TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';

const UNKNOWN = '01900000-0000-7000-8000-0000000000bb';

/** market-data.md "Portfolio transaction", "Portfolio endpoints and rules", "Errors: Portfolio" (transaction rows and the 422). */
describe('Portfolio transactions (market-api /api/v1/market/portfolios/:id/transactions)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;

  before(async () => {
    f = await portfolioFixture();
    owner = await f.customer();
  });

  const txPath = (portfolioId: string, txId?: string) => `${PORTFOLIOS}/${portfolioId}/transactions${txId ? `/${txId}` : ''}`;
  const add = (portfolioId: string, body: object, status = 201) => f.as(owner).post(txPath(portfolioId), body).expect(status);
  const holdingAfter = async (portfolioId: string) => {
    const { body } = await f.as(owner).get(`${txPath(portfolioId)}?size=100&order=asc`).expect(200);
    return (body.data as Array<{ type: string; holdingAfter: { units: number; cost: number } }>).map((tx) => [tx.type, tx.holdingAfter.units, tx.holdingAfter.cost]);
  };

  describe('add', () => {
    it('answers 201 with the stored transaction and the position after it (weighted average cost)', async () => {
      const id = await f.portfolio(owner);
      const first = await add(id, buy(f.companyIds.A, 10, 100, '2024-07-01'));
      expect(first.body.message).to.equal('Transaction added');
      expect(first.body.data).to.deep.include({
        portfolioId: id,
        companyId: f.companyIds.A,
        symbol: `${f.prefix}A`,
        type: 'BUY',
        transactedAt: '2024-06-30T18:15:00.000Z', // a date is the start of that Nepal day
        quantity: 10,
        rate: 100,
        amount: 1000,
        sebonCommission: 1,
        brokerCommission: 2,
        dpFee: 25,
        netAmount: 1028,
        basePrice: null,
        term: null,
        cgtAmount: null,
        notes: null,
        holdingAfter: { units: 10, cost: 1028, averageCost: 102.8 },
      });
      const second = await add(id, buy(f.companyIds.A, 10, 200.5, '2024-07-02T10:00:00+05:45'));
      expect(second.body.data.holdingAfter).to.deep.equal({ units: 20, cost: 3061, averageCost: 153.05 });
    });

    it('accepts every type in its own shape, drops the fields a type does not use, and values BONUS at par', async () => {
      const id = await f.portfolio(owner);
      const H = f.companyIds.H; // par Rs 10
      await add(id, { type: 'IPO', companyId: H, transactedAt: '2024-01-01', quantity: 10, rate: 100, amount: 1000, dpFee: 5, basePrice: 1 });
      await add(id, { type: 'fpo', companyId: H, transactedAt: '2024-01-02', quantity: 10, rate: 100, amount: 1000 });
      await add(id, { type: 'RIGHTS', companyId: H, transactedAt: '2024-01-03', quantity: 5, rate: 100, amount: 500 });
      await add(id, { type: 'AUCTION', companyId: H, transactedAt: '2024-01-04', quantity: 5, rate: 120, amount: 600 });
      const bonus = await add(id, { type: 'BONUS', companyId: H, transactedAt: '2024-01-05', quantity: 10, rate: 99, amount: 990 });
      expect(bonus.body.data).to.include({ rate: null, amount: null });
      const dividend = await add(id, { type: 'DIVIDEND', companyId: H, transactedAt: '2024-01-06', amount: '150.50', quantity: 3, notes: 'cash' });
      expect(dividend.body.data).to.include({ quantity: null, amount: 150.5, notes: 'cash' });
      await add(id, sell(f.companyIds.H, 40, 200, '2024-01-07', { basePrice: 100, cgtAmount: 150, term: 'long' }));
      expect(await holdingAfter(id)).to.deep.equal([
        ['IPO', 10, 1005], // amount + fees given
        ['FPO', 20, 2005],
        ['RIGHTS', 25, 2505],
        ['AUCTION', 30, 3105],
        ['BONUS', 40, 3205], // 10 units × Rs 10 par
        ['DIVIDEND', 40, 3205], // income only
        ['SELL', 0, 0],
      ]);
      const stored = await f.as(owner).get(`${txPath(id)}?type=IPO`).expect(200);
      expect(stored.body.data[0]).to.include({ dpFee: 5, basePrice: null });
    });

    it('answers 400 with the spec messages and every problem in `errors`', async () => {
      const id = await f.portfolio(owner);
      const A = f.companyIds.A;
      const cases: Array<[object, string]> = [
        [{ ...buy(A, 1, 100, '2024-07-01'), companyId: undefined }, 'companyId is required'],
        [{ ...buy(A, 1, 100, '2024-07-01'), companyId: 'abc' }, 'companyId must be a valid UUID'],
        [{ ...buy(A, 1, 100, '2024-07-01'), type: 'SWAP' }, 'type must be one of: BUY SELL IPO FPO RIGHTS AUCTION DIVIDEND BONUS'],
        [{ ...buy(A, 1, 100, '2024-07-01'), transactedAt: '01/07/2024' }, 'transactedAt must be a date (YYYY-MM-DD) or an RFC 3339 timestamp'],
        [{ ...buy(A, 1, 100, '2999-01-01') }, 'transactedAt must not be in the future'],
        [{ ...buy(A, 1, 100, '2024-07-01'), quantity: 0 }, 'quantity must be at least 1'],
        [{ ...buy(A, 1, 100, '2024-07-01'), notes: 'n'.repeat(501) }, 'notes must not exceed 500 characters'],
        [{ ...buy(A, 1, 100, '2024-07-01'), netAmount: undefined }, 'netAmount is required'],
        [{ ...buy(A, 2, 100, '2024-07-01'), amount: 200.02 }, 'amount (200.02) must equal quantity × rate (200.00) within ±0.01'],
        [{ ...buy(A, 2, 100, '2024-07-01'), netAmount: 229 }, 'netAmount (229.00) must equal amount + fees (228.00) within ±0.01'],
        [{ ...sell(A, 2, 100, '2024-07-01'), netAmount: 200 }, 'netAmount (200.00) must equal amount − fees (172.00) within ±0.01'],
        [{ ...sell(A, 2, 100, '2024-07-01', { basePrice: 100, cgtAmount: 1 }) }, 'cgtAmount must be 0 when rate ≤ basePrice'],
        [{ ...sell(A, 10, 200, '2024-07-01', { basePrice: 100, cgtAmount: 76, term: 'short' }) }, 'cgtAmount (76.00) exceeds maximum 7.5% CGT on gain of 1000.00 (max 75.00)'],
        [{ ...sell(A, 10, 200, '2024-07-01', { basePrice: 100, cgtAmount: 51, term: 'long' }) }, 'cgtAmount (51.00) exceeds maximum 5% CGT on gain of 1000.00 (max 50.00)'],
        [{ ...sell(A, 1, 100, '2024-07-01'), term: 'medium' }, 'term must be one of: short long'],
        [{ ...buy(A, 1, 100, '2024-07-01'), notes: 'line\u0000' }, 'notes must not contain control characters'],
      ];
      for (const [body, message] of cases) {
        const res = await add(id, body, 400);
        expect(res.body.message, message).to.equal(message);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors.map((e: { message: string }) => e.message)).to.include(message);
      }
      const many = await add(id, { type: 'BUY', companyId: A, transactedAt: '2024-07-01' }, 400);
      expect(many.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).to.deep.equal([
        'quantity:required',
        'rate:required',
        'amount:required',
        'sebonCommission:required',
        'brokerCommission:required',
        'dpFee:required',
        'netAmount:required',
      ]);
      expect((await f.as(owner).get(txPath(id)).expect(200)).body.count).to.equal(0);
    });

    it('answers 404 `Company not found` for a company that does not exist', async () => {
      const id = await f.portfolio(owner);
      const res = await add(id, buy(UNKNOWN, 1, 100, '2024-07-01'), 404);
      expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    });
  });

  describe('the holding timeline (422)', () => {
    it('refuses a SELL beyond the units held at its point, a back-dated one included', async () => {
      const id = await f.portfolio(owner);
      const A = f.companyIds.A;
      await add(id, buy(A, 100, 500, '2024-07-01'));
      await add(id, sell(A, 60, 500, '2024-07-03'));
      const over = await add(id, sell(A, 50, 500, '2024-07-04'), 422);
      expect(over.body).to.deep.equal({ message: 'SELL quantity 50 exceeds current holding of 40 units', errorCode: 'UNPROCESSABLE' });
      const backDated = await add(id, sell(A, 10, 500, '2024-06-30'), 422);
      expect(backDated.body.message).to.equal('SELL quantity 10 exceeds current holding of 0 units');
      // Between the BUY and the SELL: the later SELL would be left short.
      const between = await add(id, sell(A, 50, 500, '2024-07-02'), 422);
      expect(between.body.message).to.equal('SELL quantity 60 exceeds current holding of 50 units');
      await add(id, sell(A, 40, 500, '2024-07-02'));
      expect(await holdingAfter(id)).to.deep.equal([
        ['BUY', 100, 50028],
        ['SELL', 60, 30016.8],
        ['SELL', 0, 0],
      ]);
    });

    it('refuses to delete or shrink a BUY that a later SELL depends on, and to move it after the SELL', async () => {
      const id = await f.portfolio(owner);
      const A = f.companyIds.A;
      const bought = (await add(id, buy(A, 100, 500, '2024-07-01'))).body.data.id;
      await add(id, sell(A, 60, 500, '2024-07-03'));
      const deleted = await f.as(owner).delete(txPath(id, bought)).expect(422);
      expect(deleted.body.message).to.equal('SELL quantity 60 exceeds current holding of 0 units');
      const shrunk = await f.as(owner).patch(txPath(id, bought), { quantity: 50, amount: 25000, netAmount: 25028 }).expect(422);
      expect(shrunk.body.message).to.equal('SELL quantity 60 exceeds current holding of 50 units');
      const moved = await f.as(owner).patch(txPath(id, bought), { transactedAt: '2024-07-05' }).expect(422);
      expect(moved.body.message).to.equal('SELL quantity 60 exceeds current holding of 0 units');
      expect(await holdingAfter(id)).to.deep.equal([
        ['BUY', 100, 50028],
        ['SELL', 40, 20011.2],
      ]);
    });

    it('replays every later position after a back-dated BUY, an update and a delete', async () => {
      const id = await f.portfolio(owner);
      const A = f.companyIds.A;
      await add(id, buy(A, 10, 100, '2024-07-02'));
      const sold = (await add(id, sell(A, 5, 300, '2024-07-04', { basePrice: 102.8, cgtAmount: 70, term: 'short' }))).body.data.id;
      const early = (await add(id, buy(A, 10, 200, '2024-07-01'))).body.data.id;
      // Cost 2028 + 1028 = 3056 for 20 units; the SELL of 5 takes 764.
      expect(await holdingAfter(id)).to.deep.equal([
        ['BUY', 10, 2028],
        ['BUY', 20, 3056],
        ['SELL', 15, 2292],
      ]);
      const updated = await f.as(owner).patch(txPath(id, sold), { quantity: 10, amount: 3000, netAmount: 2972 }).expect(200);
      expect(updated.body.message).to.equal('Transaction updated');
      expect(updated.body.data.holdingAfter).to.deep.equal({ units: 10, cost: 1528, averageCost: 152.8 });
      await f.as(owner).delete(txPath(id, early)).expect(204);
      expect(await holdingAfter(id)).to.deep.equal([
        ['BUY', 10, 1028],
        ['SELL', 0, 0],
      ]);
    });

    it('moves a transaction to another company: both timelines are replayed', async () => {
      const id = await f.portfolio(owner);
      const moved = (await add(id, buy(f.companyIds.A, 10, 100, '2024-07-01'))).body.data.id;
      await add(id, sell(f.companyIds.A, 5, 100, '2024-07-02'));
      const refused = await f.as(owner).patch(txPath(id, moved), { companyId: f.companyIds.B }).expect(422);
      expect(refused.body.message).to.equal('SELL quantity 5 exceeds current holding of 0 units');
      await add(id, buy(f.companyIds.A, 5, 100, '2024-06-01'));
      const res = await f.as(owner).patch(txPath(id, moved), { companyId: f.companyIds.B }).expect(200);
      expect(res.body.data).to.include({ symbol: `${f.prefix}B` });
      expect(res.body.data.holdingAfter.units).to.equal(10);
    });

    it('orders transactions of the same instant (every date-only one of a day) by creation: a BUY then a SELL of that day', async () => {
      const id = await f.portfolio(owner);
      await add(id, buy(f.companyIds.B, 10, 200, '2024-07-01'));
      await add(id, sell(f.companyIds.B, 10, 200, '2024-07-01'));
      await add(id, buy(f.companyIds.B, 5, 200, '2024-07-01'));
      expect(await holdingAfter(id)).to.deep.equal([
        ['BUY', 10, 2028],
        ['SELL', 0, 0],
        ['BUY', 5, 1028],
      ]);
      const body = { ...buy(f.companyIds.B, 1, 200, '2024-07-01'), notes: 'n'.repeat(300), padding: 'x'.repeat(65 * 1024) };
      expect((await add(id, body, 400)).body.message).to.equal('Request body too large');
    });

    it('lets exactly one of two concurrent SELLs of the last units through', async () => {
      const id = await f.portfolio(owner);
      await add(id, buy(f.companyIds.B, 10, 200, '2024-07-01'));
      const results = await Promise.all([1, 2, 3].map(() => f.as(owner).post(txPath(id), sell(f.companyIds.B, 10, 210, '2024-07-02', { basePrice: 210 }))));
      expect(results.map((res) => res.status).sort()).to.deep.equal([201, 422, 422]);
      expect(await holdingAfter(id)).to.deep.equal([
        ['BUY', 10, 2028],
        ['SELL', 0, 0],
      ]);
    });
  });

  describe('update, delete and list', () => {
    it('validates the merged result like an add and drops what the new type does not use', async () => {
      const id = await f.portfolio(owner);
      const tx = (await add(id, buy(f.companyIds.A, 10, 100, '2024-07-01'))).body.data.id;
      const invalid = await f.as(owner).patch(txPath(id, tx), { rate: 101 }).expect(400);
      expect(invalid.body.message).to.equal('amount (1000.00) must equal quantity × rate (1010.00) within ±0.01');
      const asDividend = await f.as(owner).patch(txPath(id, tx), { type: 'DIVIDEND', notes: 'was a buy' }).expect(200);
      expect(asDividend.body.data).to.include({ type: 'DIVIDEND', quantity: null, rate: null, amount: 1000, netAmount: null, notes: 'was a buy' });
      expect(asDividend.body.data.holdingAfter.units).to.equal(0);
      const asBuy = await f.as(owner).patch(txPath(id, tx), { type: 'BUY' }).expect(400);
      expect(asBuy.body.message).to.equal('quantity is required');
    });

    it('answers 404 for a transaction of another portfolio or a deleted one, and 400 `Invalid txId format`', async () => {
      const id = await f.portfolio(owner);
      const other = await f.portfolio(owner);
      const tx = (await add(other, buy(f.companyIds.A, 1, 100, '2024-07-01'))).body.data.id;
      for (const request of [f.as(owner).patch(txPath(id, tx), { notes: 'x' }), f.as(owner).delete(txPath(id, tx)), f.as(owner).patch(txPath(id, UNKNOWN), {})]) {
        expect((await request.expect(404)).body).to.deep.equal({ message: 'Transaction not found', errorCode: 'NOT_FOUND' });
      }
      await f.as(owner).delete(txPath(other, tx)).expect(204);
      await f.as(owner).delete(txPath(other, tx)).expect(404);
      const bad = await f.as(owner).patch(txPath(id, 'nope'), {}).expect(400);
      expect(bad.body.message).to.equal('Invalid txId format');
      const theirs = await f.portfolio(await f.customer());
      expect((await f.as(owner).get(txPath(theirs)).expect(404)).body.message).to.equal('Portfolio not found');
    });

    it('lists newest first, filters by type and by Nepal dates (inclusive), and refuses bad filters', async () => {
      const id = await f.portfolio(owner);
      const H = f.companyIds.H;
      await add(id, buy(H, 10, 40, '2024-07-01'));
      await add(id, buy(H, 10, 40, '2024-07-02T23:00:00+05:45'));
      await add(id, { type: 'DIVIDEND', companyId: H, transactedAt: '2024-07-03', amount: 10 });
      const all = await f.as(owner).get(txPath(id)).expect(200);
      expect(all.body).to.include({ count: 3, page: 1, size: 20 });
      expect(all.body.data.map((tx: { type: string }) => tx.type)).to.deep.equal(['DIVIDEND', 'BUY', 'BUY']);
      const buys = await f.as(owner).get(`${txPath(id)}?type=buy,ipo&type=SELL`).expect(200);
      expect(buys.body.count).to.equal(2);
      const day = await f.as(owner).get(`${txPath(id)}?from=2024-07-02&to=2024-07-02`).expect(200);
      expect(day.body.data.map((tx: { transactedAt: string }) => tx.transactedAt)).to.deep.equal(['2024-07-02T17:15:00.000Z']);
      const cases: Array<[string, string]> = [
        ['type=SWAP', 'type must be one of: BUY SELL IPO FPO RIGHTS AUCTION DIVIDEND BONUS'],
        ['from=yesterday', 'from must be a date (YYYY-MM-DD) or an RFC 3339 timestamp'],
        ['to=2024-13-01', 'to must be a date (YYYY-MM-DD) or an RFC 3339 timestamp'],
        ['size=-1', 'size must be at least 1'],
        ['sort=amount', 'sort must be one of: transactedAt createdAt'],
      ];
      for (const [query, message] of cases) expect((await f.as(owner).get(`${txPath(id)}?${query}`).expect(400)).body.message, query).to.equal(message);
    });
  });
});
