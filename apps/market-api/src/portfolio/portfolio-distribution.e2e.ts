import { expect } from 'chai';
import { TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';

const UNKNOWN = '01900000-0000-7000-8000-0000000000dd';

/** market-data.md "Portfolio endpoints and rules": distribution by company and by sector (last prices: A 500, B 200, H 44, C none). */
describe('Portfolio distribution (market-api GET /api/v1/market/portfolios/:id/distribution)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;

  before(async () => {
    f = await portfolioFixture();
    owner = await f.customer();
  });

  const distribution = (id: string, status = 200) => f.as(owner).get(`${PORTFOLIOS}/${id}/distribution`).expect(status);
  const add = (id: string, body: object) => f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, body).expect(201);

  it('weights the held companies and their sectors in the priced total, largest first, an unpriced holding last with null value', async () => {
    const id = await f.portfolio(owner);
    await add(id, buy(f.companyIds.B, 20, 200, '2024-07-01')); // 4028 invested, worth 4000
    await add(id, buy(f.companyIds.A, 10, 400, '2024-07-01')); // 4028, worth 5000
    await add(id, buy(f.companyIds.H, 100, 35, '2024-07-01')); // 3528, worth 4400
    await add(id, buy(f.companyIds.C, 10, 100, '2024-07-01')); // 1028, no price
    const { body } = await distribution(id);
    const banks = { code: `${f.prefix.toLowerCase()}_banks`, name: `Banks ${f.prefix}` };
    const hydro = { code: `${f.prefix.toLowerCase()}_hydro`, name: `Hydro ${f.prefix}` };
    const company = (letter: 'A' | 'B' | 'C' | 'H', name: string, sector: object, units: number, invested: number, currentValue: number | null, weightPercent: number | null) => ({
      companyId: f.companyIds[letter],
      symbol: `${f.prefix}${letter}`,
      name: `${f.prefix} ${name}`,
      sector,
      units,
      invested,
      currentValue,
      weightPercent,
    });
    expect(body.data).to.deep.equal({
      portfolioId: id,
      currentValue: 13400,
      invested: 12612,
      unpricedHoldings: 1,
      byCompany: [
        company('A', 'Alpha Bank', banks, 10, 4028, 5000, 37.31),
        company('H', 'Hydro Power', hydro, 100, 3528, 4400, 32.84),
        company('B', 'Beta Bank', banks, 20, 4028, 4000, 29.85),
        company('C', 'Gamma Bank', banks, 10, 1028, null, null),
      ],
      bySector: [
        { ...banks, holdingsCount: 3, unpricedHoldings: 1, invested: 9084, currentValue: 9000, weightPercent: 67.16 },
        { ...hydro, holdingsCount: 1, unpricedHoldings: 0, invested: 3528, currentValue: 4400, weightPercent: 32.84 },
      ],
    });
  });

  it('leaves out sold-out companies; an empty portfolio has empty lists', async () => {
    const id = await f.portfolio(owner);
    expect((await distribution(id)).body.data).to.deep.equal({ portfolioId: id, currentValue: 0, invested: 0, unpricedHoldings: 0, byCompany: [], bySector: [] });
    await add(id, buy(f.companyIds.B, 10, 200, '2024-07-01'));
    await add(id, sell(f.companyIds.B, 10, 210, '2024-07-02'));
    await add(id, buy(f.companyIds.H, 10, 40, '2024-07-02'));
    const { data } = (await distribution(id)).body;
    expect(data.byCompany.map((c: { symbol: string; weightPercent: number }) => [c.symbol, c.weightPercent])).to.deep.equal([[`${f.prefix}H`, 100]]);
    expect(data.bySector).to.have.length(1);
  });

  it('shows a write to the portfolio at once (the cached answer is dropped)', async () => {
    const id = await f.portfolio(owner);
    await add(id, buy(f.companyIds.A, 10, 400, '2024-07-01'));
    expect((await distribution(id)).body.data.currentValue).to.equal(5000);
    await add(id, buy(f.companyIds.A, 1, 400, '2024-07-01'));
    expect((await distribution(id)).body.data.currentValue).to.equal(5500);
  });

  it('answers 400 `Invalid id format`, 404 `Portfolio not found` for an unknown or another customer’s portfolio, 401 without a token', async () => {
    expect((await distribution('not-a-uuid', 400)).body).to.deep.equal({
      message: 'Invalid id format',
      errorCode: 'VALIDATION_ERROR',
      errors: [{ field: 'id', code: 'uuid', message: 'Invalid id format' }],
    });
    const theirs = await f.portfolio(await f.customer());
    for (const id of [UNKNOWN, theirs]) expect((await distribution(id, 404)).body).to.deep.equal({ message: 'Portfolio not found', errorCode: 'NOT_FOUND' });
    expect((await f.api.http.get(`${PORTFOLIOS}/${theirs}/distribution`).expect(401)).body.errorCode).to.equal('UNAUTHORIZED');
  });
});
