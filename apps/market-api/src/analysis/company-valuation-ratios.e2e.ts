import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { closeTestInfrastructure, marketPrefix, TestApp } from '@platform/testing';
import { expectMetricInvariants } from './company-data.test-helper';
import { FixtureCompany, fromFreshIp, valuationApp } from './company-valuation.fixtures';

/**
 * GET /api/market/companies/:symbol/fundamentals/ratios (market-data.md "Stock analysis"; the
 * formulas in libs/domain/src/market/valuation). Every expected number is computed by hand from
 * the fixture below.
 */
describe('Company ratios (GET /api/market/companies/:symbol/fundamentals/ratios)', () => {
  const p = marketPrefix();
  const [A, B, C, D, E, N, M] = ['A', 'B', 'C', 'D', 'E', 'N', 'M'].map((s) => `${p}${s}`);
  const companies: FixtureCompany[] = [
    {
      symbol: A,
      sector: 'banks',
      price: 500,
      eps: 25,
      bvps: 200,
      dividends: [
        [2080, 10],
        [2081, 15],
      ],
      annual: {
        2078: { total_revenue: 800, net_profit: 100 },
        2079: { total_revenue: 900, net_profit: 120 },
        2080: { total_revenue: 1000, net_profit: 160, total_equity: 1800, total_assets: 18000, total_liabilities: 16200, npl_ratio: 1.5 },
        2081: { total_revenue: 1150, net_profit: 190, total_equity: 2200, total_assets: 22000, total_liabilities: 19800, npl_ratio: 1.75 },
      },
      // The audited report of 2081 overrides revenue and profit; its missing equity leaves the unaudited 2200 in place.
      audited: { 2081: { total_revenue: 1200, net_profit: 200, total_equity: null } },
    },
    { symbol: B, sector: 'banks', price: 800, eps: 50, bvps: 250 },
    { symbol: C, sector: 'banks', price: 600, eps: 20, bvps: 100 },
    { symbol: D, sector: 'banks', price: 300, eps: -5, bvps: 50 },
    { symbol: E, sector: 'banks', price: 900, eps: 36, bvps: 300 },
    // A loss-making company with negative equity and a single annual report, in a sector of two.
    {
      symbol: N,
      sector: 'hydro',
      price: 200,
      eps: -5,
      bvps: 80,
      annual: { 2081: { total_revenue: 500, net_profit: -50, total_equity: -100, total_assets: 1000, total_liabilities: 1100 } },
    },
    // Missing upstream values: bvps, 2081 net profit (stored upstream_missing) and 2081 equity (never reported).
    {
      symbol: M,
      sector: 'hydro',
      price: 150,
      eps: 10,
      bvps: 'upstream_missing',
      annual: {
        2080: { total_revenue: 400, net_profit: 40, total_equity: 500, total_assets: 900, total_liabilities: 400 },
        2081: { total_revenue: 500, net_profit: null, total_assets: 1000, total_liabilities: 450 },
      },
    },
  ];
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    ({ api, infra } = await valuationApp(p, ['banks', 'hydro'], companies));
  });

  after(() => closeTestInfrastructure(infra));

  const ratios = async (symbol: string, query = '', status = 200) => {
    const res = await api.http.get(`/api/market/companies/${symbol}/fundamentals/ratios${query}`).set('X-Forwarded-For', fromFreshIp()).expect(status);
    if (status === 200) expect(expectMetricInvariants(res.body.data)).to.be.greaterThan(0);
    return res;
  };
  const byKey = (data: { ratios: Array<{ key: string }> }) => Object.fromEntries(data.ratios.map((r) => [r.key, r]));
  const valid = (value: number, source = 'computed') => ({ value, source, status: 'valid' });
  const invalid = (status: string, source = 'computed') => ({ source, status });
  const pick = (entry: Record<string, unknown>) => {
    const { value, source, status } = entry;
    return value === undefined ? { source, status } : { value, source, status };
  };

  it('valuation tab: P/E, P/B, EPS, BVPS, earnings and dividend yield from the price and provider metrics', async () => {
    const res = await ratios(A.toLowerCase(), '?tab=valuation');
    expect(res.headers['cache-control']).to.equal('public, max-age=600');
    const data = res.body.data;
    expect(data).to.include({ symbol: A, tab: 'valuation', asOf: '2025-01-10', fiscalYear: 2081 });
    const r = byKey(data);
    expect(Object.keys(r)).to.deep.equal(['pe', 'pb', 'eps', 'bvps', 'earningsYield', 'dividendYield']);
    expect(pick(r['pe'])).to.deep.equal(valid(20)); // 500 / 25
    expect(pick(r['pb'])).to.deep.equal(valid(2.5)); // 500 / 200
    expect(pick(r['eps'])).to.deep.equal(valid(25, 'mdp'));
    expect(pick(r['bvps'])).to.deep.equal(valid(200, 'mdp'));
    expect(pick(r['earningsYield'])).to.deep.equal(valid(5)); // 25 / 500 × 100
    expect(pick(r['dividendYield'])).to.deep.equal(valid(3)); // latest (2081) 15 % × Rs 100 / 500
    expect(r['pe']).to.include({ unit: 'x', label: 'Price to earnings' });
    expect(r['pe']).to.have.property('formula').that.is.a('string');
  });

  it('valuation tab: sector medians over the other companies with a valid P/E and P/B (a loss-maker has no P/E)', async () => {
    const { body } = await ratios(A);
    expect(body.data.tab).to.equal('valuation');
    expect(body.data.sectorComparison).to.deep.equal({
      sector: { code: `${p.toLowerCase()}_banks`, name: `${p} banks` },
      cohortSize: 4, // B, C, D, E: A itself is not in its cohort
      medianPe: valid(25), // 16, 30, 25 (D's EPS is negative)
      medianPb: valid(4.6), // 3.2, 6, 6, 3
    });
    // B's cohort is A, C, D, E: P/E 20, 30, 25 → 25; P/B 2.5, 6, 6, 3 → 4.5.
    expect((await ratios(B)).body.data.sectorComparison).to.deep.include({ cohortSize: 4, medianPe: valid(25), medianPb: valid(4.5) });
  });

  it('profitability tab: ROE and ROA on average equity and assets, net margin, NPL; audited values override', async () => {
    const r = byKey((await ratios(A, '?tab=profitability')).body.data);
    expect(pick(r['roe'])).to.deep.equal(valid(10)); // 200 / ((2200 + 1800) / 2) × 100
    expect(pick(r['roa'])).to.deep.equal(valid(1)); // 200 / ((22000 + 18000) / 2) × 100
    expect(pick(r['netMargin'])).to.deep.equal(valid(16.6667)); // 200 / 1200 × 100
    expect(pick(r['npl'])).to.deep.equal(valid(1.75, 'mdp'));
  });

  it('solvency tab: debt to equity and equity ratio of the latest annual balance sheet', async () => {
    const r = byKey((await ratios(A, '?tab=solvency')).body.data);
    expect(pick(r['debtToEquity'])).to.deep.equal(valid(9)); // 19800 / 2200
    expect(pick(r['equityRatio'])).to.deep.equal(valid(10)); // 2200 / 22000 × 100
  });

  it('growth tab: YoY growth and 3-year CAGR of revenue and net profit', async () => {
    const r = byKey((await ratios(A, '?tab=growth')).body.data);
    expect(pick(r['revenueGrowth'])).to.deep.equal(valid(20)); // (1200 − 1000) / 1000
    expect(pick(r['netProfitGrowth'])).to.deep.equal(valid(25)); // (200 − 160) / 160
    expect(pick(r['revenueCagr3y'])).to.deep.equal(valid(14.4714)); // (1200 / 800)^(1/3) − 1
    expect(pick(r['netProfitCagr3y'])).to.deep.equal(valid(25.9921)); // (200 / 100)^(1/3) − 1
  });

  it('negative_input for a negative EPS or equity, insufficient_history with one annual report', async () => {
    const valuation = byKey((await ratios(N)).body.data);
    expect(pick(valuation['pe'])).to.deep.equal(invalid('negative_input'));
    expect(pick(valuation['eps'])).to.deep.equal(valid(-5, 'mdp'));
    expect(pick(valuation['earningsYield'])).to.deep.equal(valid(-2.5)); // a loss is still a yield
    expect(pick(valuation['dividendYield'])).to.deep.equal(invalid('upstream_missing')); // no dividend rows
    const profitability = byKey((await ratios(N, '?tab=profitability')).body.data);
    expect(pick(profitability['roe'])).to.deep.equal(invalid('insufficient_history'));
    expect(pick(profitability['netMargin'])).to.deep.equal(valid(-10));
    expect(profitability).not.to.have.property('npl'); // not a lender
    const solvency = byKey((await ratios(N, '?tab=solvency')).body.data);
    expect(pick(solvency['debtToEquity'])).to.deep.equal(invalid('negative_input'));
    const growth = (await ratios(N, '?tab=growth')).body.data.ratios;
    expect(growth.map(pick)).to.deep.equal(Array(4).fill(invalid('insufficient_history')));
  });

  it('insufficient_cohort for a sector with fewer than 3 other companies with a valid value', async () => {
    const { body } = await ratios(N);
    expect(body.data.sectorComparison).to.deep.include({ cohortSize: 1, medianPe: invalid('insufficient_cohort'), medianPb: invalid('insufficient_cohort') });
  });

  it('upstream_missing for a missing metric or line item and a stored upstream_missing value', async () => {
    const valuation = byKey((await ratios(M)).body.data);
    expect(pick(valuation['bvps'])).to.deep.equal(invalid('upstream_missing', 'mdp'));
    expect(pick(valuation['pb'])).to.deep.equal(invalid('upstream_missing'));
    expect(pick(valuation['pe'])).to.deep.equal(valid(15));
    const profitability = byKey((await ratios(M, '?tab=profitability')).body.data);
    expect(pick(profitability['roe'])).to.deep.equal(invalid('upstream_missing'));
    expect(pick(profitability['netMargin'])).to.deep.equal(invalid('upstream_missing'));
    const solvency = byKey((await ratios(M, '?tab=solvency')).body.data);
    expect(pick(solvency['debtToEquity'])).to.deep.equal(invalid('upstream_missing'));
    const growth = byKey((await ratios(M, '?tab=growth')).body.data);
    expect(pick(growth['revenueGrowth'])).to.deep.equal(valid(25));
    expect(pick(growth['netProfitGrowth'])).to.deep.equal(invalid('upstream_missing'));
  });

  it('normalises the tab: empty is valuation, case and spaces are ignored', async () => {
    expect((await ratios(A, '?tab=')).body.data.tab).to.equal('valuation');
    expect((await ratios(A, '?tab=%20Growth%20')).body.data.tab).to.equal('growth');
  });

  it('400 for any other tab, with the spec message', async () => {
    const res = await ratios(A, '?tab=dividends', 400);
    expect(res.body).to.deep.equal({ message: 'invalid tab; expected valuation, profitability, solvency or growth', errorCode: 'VALIDATION_ERROR' });
    // A value that is not a string (`?tab[a]=growth`) is invalid too, as for every whitelisted parameter.
    expect((await ratios(A, '?tab[a]=growth', 400)).body.message).to.equal('invalid tab; expected valuation, profitability, solvency or growth');
  });

  it('404 `Company not found` for an unknown symbol; an invalid tab is 400 first, as for every endpoint', async () => {
    const res = await ratios(`${p}ZZ`, '?tab=growth', 404);
    expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    const invalidTab = await ratios(`${p}ZZ`, '?tab=nonsense', 400);
    expect(invalidTab.body).to.deep.equal({ message: 'invalid tab; expected valuation, profitability, solvency or growth', errorCode: 'VALIDATION_ERROR' });
  });
});
