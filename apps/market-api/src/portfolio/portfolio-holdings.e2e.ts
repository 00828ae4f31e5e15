import { expect } from 'chai';
import { Database } from '@platform/db';
import { TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';

/**
 * GET /portfolios/{id}/summary and /holdings, against hand-computed values. Prices (fixture):
 * A last 500 (previous 480), B 200 (210), H 44 (40), C none. H's par value is Rs 10.
 */
describe('Portfolio summary and holdings (market-api /api/v1/market/portfolios/:id/...)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;
  let id: string;

  before(async () => {
    f = await portfolioFixture();
    owner = await f.customer();
    id = await f.portfolio(owner);
    const { A, B, C, H } = f.companyIds;
    const post = (body: object) => f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, body).expect(201);
    await post(buy(A, 10, 400, '2024-06-01')); // cost 4028
    await post(buy(A, 10, 450, '2024-06-02')); // cost 4528: 20 units for 8556
    // Sold 5 of 20: their cost is 2139; 2600 − 28 fees − 34.57 CGT − 2139 = 398.43 realised.
    await post(sell(A, 5, 520, '2024-06-03', { basePrice: 427.8, cgtAmount: 34.57, term: 'short' }));
    await post({ type: 'DIVIDEND', companyId: A, transactedAt: '2024-06-04', amount: 150 });
    await post(buy(B, 10, 200, '2024-06-05')); // 2028
    await post(buy(C, 5, 100, '2024-06-06')); // 528, no price
    await post({ type: 'BONUS', companyId: H, transactedAt: '2024-06-07', quantity: 10 }); // 10 × Rs 10 par
  });

  const summary = async () => (await f.as(owner).get(`${PORTFOLIOS}/${id}/summary`).expect(200)).body.data;

  it('summary: invested, current value, gains, dividend income and day change, hand-computed', async () => {
    expect(await summary()).to.deep.equal({
      portfolioId: id,
      asOf: '2024-07-02',
      holdingsCount: 4,
      invested: 9073, // 6417 + 2028 + 528 + 100
      currentValue: 9940, // 15 × 500 + 10 × 200 + 10 × 44
      unrealisedGain: 1395, // 9940 − (6417 + 2028 + 100): C has no price
      unrealisedGainPercent: 16.33,
      realisedGain: 398.43,
      dividendIncome: 150,
      cgtPaid: 34.57,
      totalReturn: 1943.43,
      dayChange: 240, // 15 × 20 − 10 × 10 + 10 × 4
      dayChangePercent: 2.47, // 240 / 9700
      unpricedHoldings: 1,
    });
  });

  it('holdings: one row per company held, by current value (unpriced last), with its own gains', async () => {
    const { body } = await f.as(owner).get(`${PORTFOLIOS}/${id}/holdings`).expect(200);
    expect(body).to.include({ count: 4, page: 1, size: 20 });
    expect(body.data.map((h: { symbol: string }) => h.symbol)).to.deep.equal(['A', 'B', 'H', 'C'].map((s) => `${f.prefix}${s}`));
    expect(body.data[0]).to.deep.include({
      companyId: f.companyIds.A,
      units: 15,
      averageCost: 427.8,
      invested: 6417,
      lastPrice: 500,
      currentValue: 7500,
      unrealisedGain: 1083,
      unrealisedGainPercent: 16.88,
      dayChange: 300,
      realisedGain: 398.43,
      dividendIncome: 150,
      firstTransactedAt: '2024-05-31T18:15:00.000Z',
    });
    expect(body.data[0].sector).to.deep.equal({ code: `${f.prefix.toLowerCase()}_banks`, name: `Banks ${f.prefix}` });
    expect(body.data[3]).to.deep.include({ units: 5, invested: 528, lastPrice: null, currentValue: null, unrealisedGain: null, dayChange: null });
    const bySymbol = await f.as(owner).get(`${PORTFOLIOS}/${id}/holdings?sort=symbol&order=asc&size=2&page=2`).expect(200);
    expect(bySymbol.body.data.map((h: { symbol: string }) => h.symbol)).to.deep.equal([`${f.prefix}C`, `${f.prefix}H`]);
    const bad = await f.as(owner).get(`${PORTFOLIOS}/${id}/holdings?sort=price`).expect(400);
    expect(bad.body.message).to.equal('sort must be one of: currentValue invested units unrealisedGain unrealisedGainPercent dayChange symbol');
  });

  it('caches the summary for 30 s, and any write to the portfolio shows at once', async () => {
    const before = await summary();
    const db = f.api.app.container.get(Database);
    await db.sequelize.query(`UPDATE market_company_snapshots SET last_price = 600 WHERE company_id = :id`, { replacements: { id: f.companyIds.B } });
    try {
      expect(await summary()).to.deep.equal(before); // a price change is not a write to the portfolio
      await f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, buy(f.companyIds.B, 1, 200, '2024-06-08')).expect(201);
      const after = await summary();
      expect(after.invested).to.equal(9073 + 228);
      expect(after.currentValue).to.equal(9940 + 11 * 600 - 10 * 200);
    } finally {
      await db.sequelize.query(`UPDATE market_company_snapshots SET last_price = 200 WHERE company_id = :id`, { replacements: { id: f.companyIds.B } });
    }
  });

  it('a portfolio without transactions: zeros, no percentages', async () => {
    const empty = await f.portfolio(owner, 'Empty');
    const { body } = await f.as(owner).get(`${PORTFOLIOS}/${empty}/summary`).expect(200);
    expect(body.data).to.include({ asOf: null, holdingsCount: 0, invested: 0, currentValue: 0, unrealisedGainPercent: null, dayChangePercent: null });
    expect((await f.as(owner).get(`${PORTFOLIOS}/${empty}/holdings`).expect(200)).body).to.include({ count: 0 });
  });
});
