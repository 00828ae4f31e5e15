import { expect } from 'chai';
import { TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';
import { Brokers, loadReadsMarket } from './portfolio-reads.test-helper';

const UNKNOWN = '01900000-0000-7000-8000-0000000000ff';

/** market-data.md "Portfolio endpoints and rules": broker analysis. Floor sheet: portfolio-reads.test-helper.ts. */
describe('Portfolio broker analysis (market-api GET /api/v1/market/portfolios/:id/broker-analysis)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;
  let brokers: Brokers;
  /** Holds A, B and C; H was sold out. */
  let id: string;

  const analysis = (portfolioId: string, query = '', status = 200) => f.as(owner).get(`${PORTFOLIOS}/${portfolioId}/broker-analysis${query}`).expect(status);
  const add = (portfolioId: string, body: object) => f.as(owner).post(`${PORTFOLIOS}/${portfolioId}/transactions`, body).expect(201);
  const broker = (index: 0 | 1 | 2, bought: [number, number], sold: [number, number]) => ({
    number: brokers[index],
    name: `${f.prefix} Securities ${index + 1}`,
    boughtQuantity: bought[0],
    boughtAmount: bought[1],
    soldQuantity: sold[0],
    soldAmount: sold[1],
    netQuantity: bought[0] - sold[0],
    totalQuantity: bought[0] + sold[0],
  });
  const symbol = (letter: 'A' | 'B' | 'C', totals: [number, number, number, number], ranked: object[]) => ({
    companyId: f.companyIds[letter],
    symbol: `${f.prefix}${letter}`,
    name: `${f.prefix} ${{ A: 'Alpha Bank', B: 'Beta Bank', C: 'Gamma Bank' }[letter]}`,
    totals: { trades: totals[0], quantity: totals[1], amount: totals[2], brokers: totals[3] },
    brokers: ranked,
  });
  const rankedNumbers = (data: { symbols: Array<{ brokers: Array<{ number: number }> }> }) => data.symbols.map((s) => s.brokers.map((b) => brokers.indexOf(b.number) + 1));

  before(async () => {
    f = await portfolioFixture();
    ({ brokers } = await loadReadsMarket(f));
    owner = await f.customer();
    id = await f.portfolio(owner);
    for (const letter of ['A', 'B', 'C', 'H'] as const) await add(id, buy(f.companyIds[letter], 10, 100, '2024-06-01'));
    await add(id, sell(f.companyIds.H, 10, 100, '2024-06-02'));
  });

  it('ranks the brokers of each held symbol by quantity over the 30 days up to the latest business date, with per-symbol totals', async () => {
    const { body } = await analysis(id);
    expect(body.message).to.equal('Success');
    expect(body.data).to.deep.equal({
      portfolioId: id,
      from: '2024-06-03',
      to: '2024-07-02',
      limit: 10,
      symbols: [
        symbol('A', [3, 180, 89500, 3], [broker(0, [150, 75100], [30, 14400]), broker(1, [30, 14400], [100, 50000]), broker(2, [0, 0], [50, 25100])]),
        // a tie of 10 each: the lower broker number first
        symbol('B', [1, 10, 2150, 2], [broker(0, [0, 0], [10, 2150]), broker(2, [10, 2150], [0, 0])]),
        symbol('C', [0, 0, 0, 0], []),
      ],
    });
  });

  it('takes limit brokers per symbol, and from and to as dates or RFC 3339 timestamps (their Nepal date)', async () => {
    expect(rankedNumbers((await analysis(id, '?limit=1')).body.data)).to.deep.equal([[1], [1], []]);
    const wider = (await analysis(id, '?from=2024-06-01')).body.data;
    expect(wider).to.include({ from: '2024-06-01', to: '2024-07-02' });
    expect(wider.symbols[0].totals).to.deep.equal({ trades: 4, quantity: 1180, amount: 539500, brokers: 3 });
    expect(wider.symbols[0].brokers[0]).to.deep.equal(broker(1, [30, 14400], [1100, 500000]));
    expect(rankedNumbers(wider)).to.deep.equal([[2, 3, 1], [1, 3], []]);
    const earlier = (await analysis(id, '?to=2024-07-01')).body.data;
    expect(earlier).to.include({ from: '2024-06-02', to: '2024-07-01' });
    expect(rankedNumbers(earlier)).to.deep.equal([[1, 2], [1, 3], []]);
    const years = (await analysis(id, '?from=0001-01-01&to=2024-07-02')).body.data;
    expect(years).to.include({ from: '2023-07-03', to: '2024-07-02' }); // at most 366 days
    const instants = (await analysis(id, `?from=${encodeURIComponent('2024-07-01T12:00:00+05:45')}&to=2024-07-01T18:15:00Z`)).body.data;
    expect(instants).to.include({ from: '2024-07-01', to: '2024-07-02' });
    expect(instants.symbols.map((s: { totals: { trades: number } }) => s.totals.trades)).to.deep.equal([3, 0, 0]);
  });

  it('ends the default window at the latest business date of the symbols held, and answers no symbols for an empty portfolio', async () => {
    const onlyB = await f.portfolio(owner);
    await add(onlyB, buy(f.companyIds.B, 1, 200, '2024-06-01'));
    expect((await analysis(onlyB)).body.data).to.include({ from: '2024-05-30', to: '2024-06-28' });
    const empty = await f.portfolio(owner);
    expect((await analysis(empty)).body.data).to.deep.equal({ portfolioId: empty, from: null, to: null, limit: 10, symbols: [] });
    await add(empty, buy(f.companyIds.A, 1, 500, '2024-06-01'));
    expect((await analysis(empty)).body.data.symbols.map((s: { symbol: string }) => s.symbol), 'after a write').to.deep.equal([`${f.prefix}A`]);
  });

  it('answers 400 with the spec messages for a bad from, to or limit', async () => {
    const dateMessage = (field: string) => `${field} must be a date (YYYY-MM-DD) or an RFC 3339 timestamp`;
    const cases: Array<[string, string]> = [
      ['?from=yesterday', dateMessage('from')],
      ['?to=2024-13-01', dateMessage('to')],
      ['?to=01/07/2024', dateMessage('to')],
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=51', 'limit must not exceed 50'],
      ['?limit=1.5', 'limit must be a whole number'],
      ['?limit=ten', 'limit must be a whole number'],
    ];
    for (const [query, message] of cases) {
      const res = await analysis(id, query, 400);
      expect(res.body.message, query).to.equal(message);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      expect(res.body.errors[0].message).to.equal(message);
    }
    const both = await analysis(id, '?from=x&limit=99', 400);
    expect(both.body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['from', 'limit']);
  });

  it('answers 400 `Invalid id format`, 404 `Portfolio not found` for an unknown or another customer’s portfolio, 401 without a token', async () => {
    expect((await analysis('abc', '', 400)).body.message).to.equal('Invalid id format');
    const theirs = await f.portfolio(await f.customer());
    for (const portfolioId of [UNKNOWN, theirs]) expect((await analysis(portfolioId, '', 404)).body).to.deep.equal({ message: 'Portfolio not found', errorCode: 'NOT_FOUND' });
    expect((await f.api.http.get(`${PORTFOLIOS}/${id}/broker-analysis`).expect(401)).body.errorCode).to.equal('UNAUTHORIZED');
  });
});
