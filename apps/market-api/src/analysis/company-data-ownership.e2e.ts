import { expect } from 'chai';
import { Database } from '@platform/db';
import { buildTestApp, loadMarketFiles, marketPrefix, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { expectMetricInvariants, listing, resetAnalysisRateLimit } from './company-data.test-helper';

/** market-data.md "ownership has tiers named Tier2 and Tier4" and rule 4: GET .../fundamentals/ownership. */
describe('Company ownership (market-api /api/market)', () => {
  let api: TestApp;
  const P = marketPrefix();
  const url = (symbol: string) => `/api/market/companies/${symbol}/fundamentals/ownership`;
  const holding = (symbol: string, as_of: string, tier: number, category: string, holder: string | null, shares: number, percent: number) => ({
    symbol,
    as_of,
    tier,
    category,
    holder,
    shares,
    percent,
  });
  const entry = (category: string, holder: string | null, shares: number, percent: number) => ({ category, holder, shares, percent });

  before(async () => {
    api = await buildTestApp(createMarketApi);
    const O = `${P}O`;
    const N = `${P}N`;
    await loadMarketFiles(api.app.container, {
      ...listing(P, [{ suffix: 'O' }, { suffix: 'N' }, { suffix: 'Z' }]),
      ownership: [
        holding(O, '2024-01-15', 1, 'Promoter', null, 500_000, 50),
        holding(O, '2024-07-15', 1, 'Promoter', null, 510_000, 51),
        holding(O, '2024-07-15', 1, 'Public', null, 490_000, 49),
        holding(O, '2024-07-15', 2, 'Mutual funds', null, 20_000, 2),
        holding(O, '2024-07-15', 2, 'Institutions', null, 300_000, 30),
        holding(O, '2024-07-15', 2, 'Individuals', null, 190_000, 19),
        holding(O, '2024-07-15', 3, 'Institutions', 'Citizen Investment Trust', 50_000, 5),
        holding(O, '2024-07-15', 3, 'Institutions', 'Employees Provident Fund', 80_000, 8),
        holding(O, '2024-07-15', 4, 'Individuals', 'Ram Bahadur Thapa', 10_000, 1),
        holding(N, '2024-06-30', 1, 'Promoter', null, 600_000, 60),
        holding(N, '2024-06-30', 1, 'Public', null, 400_000, 40),
        holding(N, '2024-06-30', 2, 'Institutions', null, 100_000, 10),
        holding(N, '2024-06-30', 3, 'Institutions', 'Nepal Life Insurance', 30_000, 3),
      ],
    });
  });

  beforeEach(() => resetAnalysisRateLimit(api));

  it('answers the latest disclosure by tier, largest first, holder null for a category total', async () => {
    const res = await api.http.get(url(`${P}O`)).expect(200);
    expect(res.body).to.deep.equal({
      message: 'Success',
      data: {
        asOf: '2024-07-15',
        tiers: {
          Tier1: [entry('Promoter', null, 510_000, 51), entry('Public', null, 490_000, 49)],
          Tier2: [entry('Institutions', null, 300_000, 30), entry('Individuals', null, 190_000, 19), entry('Mutual funds', null, 20_000, 2)],
          Tier3: [entry('Institutions', 'Employees Provident Fund', 80_000, 8), entry('Institutions', 'Citizen Investment Trust', 50_000, 5)],
          Tier4: [entry('Individuals', 'Ram Bahadur Thapa', 10_000, 1)],
        },
      },
    });
    expect(res.headers['cache-control']).to.equal('public, max-age=3600');
    expect(expectMetricInvariants(res.body)).to.equal(0);
  });

  it('answers 200 with Tier4 [] for a company that publishes no tier 4 (rule 4)', async () => {
    const res = await api.http.get(url(`${P}N`)).expect(200);
    expect(res.body.data.asOf).to.equal('2024-06-30');
    expect(res.body.data.tiers.Tier4).to.deep.equal([]);
    expect(res.body.data.tiers.Tier3).to.deep.equal([entry('Institutions', 'Nepal Life Insurance', 30_000, 3)]);
  });

  it('answers 200 with asOf null and four empty tiers for a company without ownership data', async () => {
    const res = await api.http.get(url(`${P}Z`)).expect(200);
    expect(res.body.data).to.deep.equal({ asOf: null, tiers: { Tier1: [], Tier2: [], Tier3: [], Tier4: [] } });
  });

  it('answers 404 Company not found for an unknown symbol and reads a lower-case one', async () => {
    const res = await api.http.get(url(`${P}NONE`)).expect(404);
    expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    expect((await api.http.get(url(`${P}n`.toLowerCase())).expect(200)).body.data.asOf).to.equal('2024-06-30');
  });

  it('serves the cached answer after the rows changed', async () => {
    const first = await api.http.get(url(`${P}N`)).expect(200);
    await api.app.container.get(Database).sequelize.query(
      `DELETE FROM market_ownership WHERE company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)`,
      { replacements: { symbol: `${P}N` } },
    );
    expect((await api.http.get(url(`${P}N`)).expect(200)).body).to.deep.equal(first.body);
  });
});
