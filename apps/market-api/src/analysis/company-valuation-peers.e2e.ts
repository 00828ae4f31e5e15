import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { closeTestInfrastructure, marketPrefix, TestApp } from '@platform/testing';
import { expectMetricInvariants } from './company-data.test-helper';
import { FixtureCompany, fromFreshIp, valuationApp } from './company-valuation.fixtures';

/**
 * GET /api/market/companies/:symbol/fundamentals/peers (market-data.md rule 2; CONTRACT section 8:
 * exclusion reasons unknown_symbol, duplicate, different_sector, focal_company).
 */
describe('Company peers (GET /api/market/companies/:symbol/fundamentals/peers)', () => {
  const p = marketPrefix();
  const [A, B, C, D, E, F, G, H, N, X] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'N', 'X'].map((s) => `${p}${s}`);
  const bank = (symbol: string, price: number, eps: number): FixtureCompany => ({ symbol, sector: 'banks', price, eps, bvps: 100, listedShares: 1000 });
  const companies: FixtureCompany[] = [
    {
      ...bank(A, 100, 10),
      dividends: [[2081, 5]],
      annual: { 2080: { total_equity: 900 }, 2081: { total_equity: 1100, net_profit: 100 } },
    },
    bank(B, 200, 10),
    bank(C, 300, 10),
    bank(D, 400, -5),
    bank(E, 500, 10),
    bank(F, 600, 10),
    { ...bank(G, 900, 10), status: 'suspended' },
    { ...bank(H, 800, 10), status: 'delisted' },
    { ...bank(N, 700, 10), listedShares: null },
    { symbol: X, sector: 'hydro', price: 100, eps: 5, bvps: 50 },
  ];
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    ({ api, infra } = await valuationApp(p, ['banks', 'hydro'], companies));
  });

  after(() => closeTestInfrastructure(infra));

  const peers = async (symbol: string, query = '', status = 200) => {
    const res = await api.http.get(`/api/market/companies/${symbol}/fundamentals/peers${query}`).set('X-Forwarded-For', fromFreshIp()).expect(status);
    if (status === 200) expect(expectMetricInvariants(res.body.data)).to.be.greaterThan(0);
    return res;
  };
  const valid = (value: number, source = 'computed') => ({ value, source, status: 'valid' });
  const invalid = (status: string, source = 'computed') => ({ source, status });
  const symbolsOf = (data: { companies: Array<{ symbol: string }> }) => data.companies.map((c) => c.symbol);

  it('keeps the first 4 valid peers and reports every excluded symbol with its reason', async () => {
    const query = `?symbols=${B.toLowerCase()}, ${C} ,${X},${A},ZZZ${p},${B},${D}&symbols=${E},${F},bad-sym,,`;
    const res = await peers(A.toLowerCase(), query);
    expect(res.headers['cache-control']).to.equal('public, max-age=600');
    const data = res.body.data;
    expect(data.symbol).to.equal(A);
    expect(data.sector).to.deep.equal({ code: `${p.toLowerCase()}_banks`, name: `${p} banks` });
    expect(symbolsOf(data)).to.deep.equal([A, B, C, D, E]); // F: a fifth valid peer, silently dropped
    expect(data.companies.map((c: { isFocal: boolean }) => c.isFocal)).to.deep.equal([true, false, false, false, false]);
    expect(data.excludedPeers).to.deep.equal([
      { symbol: X, reason: 'different_sector' },
      { symbol: A, reason: 'focal_company' },
      { symbol: `ZZZ${p}`, reason: 'unknown_symbol' },
      { symbol: B, reason: 'duplicate' },
      { symbol: 'BAD-SYM', reason: 'unknown_symbol' },
    ]);
  });

  it('gives each company its price and the valuation metrics as MetricValues', async () => {
    const { body } = await peers(A, `?symbols=${D}`);
    const [focal, loss] = body.data.companies;
    expect(focal).to.deep.equal({
      symbol: A,
      name: `${A} Ltd`,
      isFocal: true,
      sector: `${p.toLowerCase()}_banks`,
      lastPrice: valid(100, 'mdp'),
      metrics: {
        pe: valid(10), // 100 / 10
        pb: valid(1), // 100 / 100
        roe: valid(10), // 100 / ((1100 + 900) / 2) × 100
        eps: valid(10, 'mdp'),
        dividendYield: valid(5), // 5 % × Rs 100 / 100
        marketCap: valid(100000), // 100 × 1000 shares
      },
    });
    expect(loss.metrics).to.deep.include({ pe: invalid('negative_input'), roe: invalid('upstream_missing'), dividendYield: invalid('upstream_missing') });
  });

  it('radar: each metric scaled 0-100 within the group (P/E and P/B inverted), a status where a value is missing', async () => {
    const { body } = await peers(A, `?symbols=${B},${C},${D},${E}`);
    const radar = body.data.radar as Array<{ metric: string; higherIsBetter: boolean; values: Array<{ symbol: string; score: unknown }> }>;
    expect(radar.map((axis) => axis.metric)).to.deep.equal(['pe', 'pb', 'roe', 'eps', 'dividendYield', 'marketCap']);
    for (const axis of radar) expect(axis.values.map((v) => v.symbol)).to.deep.equal([A, B, C, D, E]);
    const scores = (metric: string) => radar.find((axis) => axis.metric === metric)?.values.map((v) => v.score);
    // Market caps 100k, 200k, 300k, 400k, 500k.
    expect(scores('marketCap')).to.deep.equal([valid(0), valid(25), valid(50), valid(75), valid(100)]);
    // P/E 10, 20, 30, (negative EPS), 50: lower is better.
    expect(scores('pe')).to.deep.equal([valid(100), valid(75), valid(50), invalid('negative_input'), valid(0)]);
    // Equal book values: P/B follows the price (1, 2, 3, 4, 5).
    expect(scores('pb')).to.deep.equal([valid(100), valid(75), valid(50), valid(25), valid(0)]);
    // Only the focal company has an ROE: it is the best of the group.
    expect(scores('roe')).to.deep.equal([valid(100), ...Array(4).fill(invalid('upstream_missing'))]);
    expect(radar.find((axis) => axis.metric === 'pe')?.higherIsBetter).to.equal(false);
  });

  it('cuts each requested symbol to 20 characters: a longer or non-alphanumeric one is unknown_symbol', async () => {
    const long = `${B}${'Q'.repeat(5000)}`;
    const { body } = await peers(A, `?symbols=${long},${'b'.repeat(21)},${B}`);
    expect(symbolsOf(body.data)).to.deep.equal([A, B]);
    expect(body.data.excludedPeers).to.deep.equal([
      { symbol: long.slice(0, 20), reason: 'unknown_symbol' },
      { symbol: 'B'.repeat(20), reason: 'unknown_symbol' },
    ]);
  });

  it('without symbols: the 4 largest active companies of the sector by market cap (suspended and delisted ones left out)', async () => {
    const { body } = await peers(A, '?symbols=%20,,');
    expect(symbolsOf(body.data)).to.deep.equal([A, F, E, D, C]); // caps 600k, 500k, 400k, 300k; N has no listed shares
    expect(body.data.excludedPeers).to.deep.equal([]);
    expect(body.data.radar.every((axis: { values: unknown[] }) => axis.values.length === 5)).to.equal(true);
    expect(symbolsOf((await peers(A)).body.data)).to.deep.equal([A, F, E, D, C]);
    expect(symbolsOf((await peers(F)).body.data)).to.deep.equal([F, E, D, C, B]);
    expect(symbolsOf((await peers(X)).body.data)).to.deep.equal([X]); // alone in its sector
  });

  it('a suspended or delisted company asked for by name is still compared', async () => {
    const { body } = await peers(A, `?symbols=${G},${H}`);
    expect(symbolsOf(body.data)).to.deep.equal([A, G, H]);
  });

  it('404 `Company not found` for an unknown focal symbol', async () => {
    const res = await peers(`${p}ZZ`, `?symbols=${B}`, 404);
    expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
  });
});
