import { expect } from 'chai';
import { TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';

const UNKNOWN = '01900000-0000-7000-8000-0000000000ee';

/** market-data.md "Portfolio endpoints and rules": single-symbol detail with timeline (A's last price 500). */
describe('Portfolio company (market-api GET /api/v1/market/portfolios/:id/companies/:symbol)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;
  let id: string;

  const companyPath = (portfolioId: string, symbol: string, query = '') => `${PORTFOLIOS}/${portfolioId}/companies/${symbol}${query}`;
  const read = (symbol: string, query = '', status = 200) => f.as(owner).get(companyPath(id, symbol, query)).expect(status);
  const add = (body: object) => f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, body).expect(201);
  const steps = (timeline: Array<{ type: string; quantity: number | null; holdingAfter: object }>) => timeline.map((tx) => [tx.type, tx.quantity, tx.holdingAfter]);

  before(async () => {
    f = await portfolioFixture();
    owner = await f.customer();
    id = await f.portfolio(owner);
    const A = f.companyIds.A;
    await add(buy(A, 10, 400, '2024-07-01T11:00:00+05:45'));
    await add(buy(A, 10, 450, '2024-07-01T11:00:00+05:45')); // same instant, added later: after it (ties by creation order)
    await add(buy(A, 5, 300, '2024-06-30')); // back-dated: first in the timeline
    await add(sell(A, 5, 480, '2024-07-02', { basePrice: 400, cgtAmount: 10, term: 'long' }));
    await add({ type: 'DIVIDEND', companyId: A, transactedAt: '2024-07-02T12:00:00+05:45', amount: 150 });
  });

  const TIMELINE = [
    ['BUY', 5, { units: 5, cost: 1528, averageCost: 305.6, realisedGain: 0 }],
    ['BUY', 10, { units: 15, cost: 5556, averageCost: 370.4, realisedGain: 0 }],
    ['BUY', 10, { units: 25, cost: 10084, averageCost: 403.36, realisedGain: 0 }],
    // 10084 × 5/25 = 2016.8 of cost sold for 2400 − 28 fees − 10 CGT
    ['SELL', 5, { units: 20, cost: 8067.2, averageCost: 403.36, realisedGain: 345.2 }],
    ['DIVIDEND', null, { units: 20, cost: 8067.2, averageCost: 403.36, realisedGain: 345.2 }],
  ];

  it('answers the position and the whole timeline, oldest first, for a symbol given in any case with spaces', async () => {
    const { body } = await read(`%20${f.prefix.toLowerCase()}a%20`);
    expect(body.message).to.equal('Success');
    expect(body.data.portfolioId).to.equal(id);
    expect(body.data.company).to.deep.equal({
      id: f.companyIds.A,
      symbol: `${f.prefix}A`,
      name: `${f.prefix} Alpha Bank`,
      sector: { code: `${f.prefix.toLowerCase()}_banks`, name: `Banks ${f.prefix}` },
    });
    expect(body.data.position).to.deep.equal({
      units: 20,
      averageCost: 403.36,
      invested: 8067.2,
      lastPrice: 500,
      currentValue: 10000,
      unrealisedGain: 1932.8,
      unrealisedGainPercent: 23.96,
      realisedGain: 345.2,
      dividendIncome: 150,
      cgtPaid: 10,
      firstTransactedAt: '2024-06-29T18:15:00.000Z',
      lastTransactedAt: '2024-07-02T06:15:00.000Z',
    });
    expect(body.data).to.include({ count: 5, page: 1, size: 20 });
    expect(steps(body.data.timeline)).to.deep.equal(TIMELINE);
    expect(body.data.timeline[3]).to.include({ symbol: `${f.prefix}A`, rate: 480, basePrice: 400, cgtAmount: 10, term: 'long', transactedAt: '2024-07-01T18:15:00.000Z' });
  });

  it('pages the timeline (page, size; order asc by default or desc) and refuses other sorts', async () => {
    const second = (await read(`${f.prefix}A`, '?size=2&page=2')).body.data;
    expect(second).to.include({ count: 5, page: 2, size: 2 });
    expect(steps(second.timeline)).to.deep.equal(TIMELINE.slice(2, 4));
    const newest = (await read(`${f.prefix}A`, '?order=DESC&size=2&sort=transactedAt')).body.data;
    expect(steps(newest.timeline)).to.deep.equal([TIMELINE[4], TIMELINE[3]]);
    expect((await read(`${f.prefix}A`, '?page=9')).body.data).to.include({ count: 5, page: 9 }).and.to.have.property('timeline').that.is.empty;
    const cases: Array<[string, string]> = [
      ['?sort=createdAt', 'sort must be one of: transactedAt'],
      ['?order=up', 'order must be one of: asc desc'],
      ['?page=0', 'page must be at least 1'],
      ['?size=x', 'size must be a whole number'],
    ];
    for (const [query, message] of cases) {
      const res = await read(`${f.prefix}A`, query, 400);
      expect(res.body.message, query).to.equal(message);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    }
  });

  it('answers a zero position and an empty timeline for a company the portfolio never traded', async () => {
    const { data } = (await read(`${f.prefix}B`)).body;
    expect(data.position).to.deep.equal({
      units: 0,
      averageCost: null,
      invested: 0,
      lastPrice: 200,
      currentValue: 0,
      unrealisedGain: 0,
      unrealisedGainPercent: null,
      realisedGain: 0,
      dividendIncome: 0,
      cgtPaid: 0,
      firstTransactedAt: null,
      lastTransactedAt: null,
    });
    expect(data).to.include({ count: 0 });
    expect(data.timeline).to.deep.equal([]);
    const unpriced = (await read(`${f.prefix}C`)).body.data.position;
    expect(unpriced).to.include({ lastPrice: null, currentValue: null, unrealisedGain: null });
  });

  it('shows a write to the portfolio at once', async () => {
    await add(buy(f.companyIds.H, 10, 40, '2024-07-01'));
    const { data } = (await read(`${f.prefix}H`)).body;
    expect(data).to.include({ count: 1 });
    expect(data.position).to.include({ units: 10, currentValue: 440 });
  });

  it('answers 400 `symbol is required` for an empty or blank symbol, 404 `Company not found` for an unknown one', async () => {
    for (const path of [companyPath(id, '%20%20'), `${PORTFOLIOS}/${id}/companies/`, `${PORTFOLIOS}/${id}/companies`]) {
      const res = await f.as(owner).get(path).expect(400);
      expect(res.body, path).to.deep.equal({ message: 'symbol is required', errorCode: 'VALIDATION_ERROR' });
    }
    for (const symbol of [`${f.prefix}ZZ`, 'NO-SUCH', 'X'.repeat(21)]) {
      expect((await read(symbol, '', 404)).body, symbol).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    }
  });

  it('answers 400 `Invalid id format`, 404 `Portfolio not found` (before the symbol is looked up) and 401 without a token', async () => {
    expect((await f.as(owner).get(companyPath('abc', `${f.prefix}A`)).expect(400)).body.message).to.equal('Invalid id format');
    const theirs = await f.portfolio(await f.customer());
    for (const portfolioId of [UNKNOWN, theirs]) {
      for (const symbol of [`${f.prefix}A`, `${f.prefix}ZZ`]) {
        const res = await f.as(owner).get(companyPath(portfolioId, symbol)).expect(404);
        expect(res.body).to.deep.equal({ message: 'Portfolio not found', errorCode: 'NOT_FOUND' });
      }
    }
    expect((await f.api.http.get(companyPath(id, `${f.prefix}A`)).expect(401)).body.errorCode).to.equal('UNAUTHORIZED');
  });
});
