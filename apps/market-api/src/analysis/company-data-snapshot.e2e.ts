import { expect } from 'chai';
import { Database } from '@platform/db';
import { CACHE, Clock, fixedClock, REDIS } from '@platform/domain';
import { buildTestApp, loadMarketFiles, marketPrefix, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { expectMetricInvariants, listing, resetAnalysisRateLimit } from './company-data.test-helper';

const missing = (source = 'mdp') => ({ source, status: 'upstream_missing' });
const valid = (value: number, source = 'mdp') => ({ value, source, status: 'valid' });

/**
 * market-data.md "Stock analysis": GET /api/market/companies/{symbol}/fundamentals/snapshot, and
 * what every company endpoint shares: rule 1 (symbol case, empty, unknown), the per-endpoint
 * cache and Cache-Control, and the 30 per minute per IP limit.
 */
describe('Company snapshot (market-api /api/market)', () => {
  let api: TestApp;
  const P = marketPrefix();
  const url = (symbol: string) => `/api/market/companies/${symbol}/fundamentals/snapshot`;

  before(async () => {
    api = await buildTestApp(createMarketApi);
    api.app.container.set(Clock, fixedClock(new Date('2024-07-03T06:00:00Z')));
    await loadMarketFiles(api.app.container, {
      ...listing(P, [{ suffix: 'A' }, { suffix: 'B', listedShares: null }]),
      daily_prices: [
        { symbol: `${P}A`, trade_date: '2024-07-01', open: 480, high: 505, low: 470, close: 500 },
        { symbol: `${P}A`, trade_date: '2024-07-02', open: 500, high: 520, low: 495, close: 510 },
      ],
      metrics: [
        { symbol: `${P}A`, metric: 'eps_ttm', as_of: '2024-04-01', value: 20 },
        { symbol: `${P}A`, metric: 'eps_ttm', as_of: '2024-07-01', value: 21.4 },
        { symbol: `${P}A`, metric: 'pe', as_of: '2024-07-01', value: 23.83, source: 'computed' },
        { symbol: `${P}A`, metric: 'bvps', as_of: '2024-07-01', value: null },
        { symbol: `${P}A`, metric: 'roe', as_of: '2024-06-15', value: 12.5, source: 'manual_swp' },
        { symbol: `${P}A`, metric: 'market_cap', as_of: '2024-07-01', value: 510_000_000 },
        { symbol: `${P}A`, metric: 'beta', as_of: '2024-07-01', value: 1.1 },
      ],
    });
  });

  beforeEach(() => resetAnalysisRateLimit(api));

  it('answers the company, its price block from the core snapshot row and the latest value of each key metric', async () => {
    const res = await api.http.get(url(`${P}A`)).expect(200);
    expect(res.body).to.deep.equal({
      message: 'Success',
      data: {
        company: { symbol: `${P}A`, name: `${P}A Bank Limited`, sector: { code: `${P.toLowerCase()}_banks`, name: `Banks ${P}` }, listingStatus: 'active', listedShares: 1_000_000 },
        price: {
          asOf: '2024-07-02',
          lastPrice: valid(510),
          previousClose: valid(500),
          change: valid(10, 'computed'),
          changePercent: valid(2, 'computed'),
          week52High: valid(520),
          week52Low: valid(470),
        },
        metricsAsOf: '2024-07-01',
        metrics: {
          epsTtm: valid(21.4),
          bvps: missing(),
          pe: valid(23.83, 'computed'),
          pb: missing(),
          roe: valid(12.5, 'manual_swp'),
          dividendYield: missing(),
          marketCap: valid(510_000_000),
          computedMarketCap: valid(510_000_000, 'computed'),
        },
      },
    });
    expect(expectMetricInvariants(res.body.data)).to.equal(14);
  });

  it('answers 200 with upstream_missing metrics for a company without prices, metrics or listed shares (rule 4)', async () => {
    const res = await api.http.get(url(`${P}B`)).expect(200);
    const { price, metrics, metricsAsOf } = res.body.data;
    // A company without prices has its snapshot row as of the load day (the ingestion's clock).
    expect(price).to.deep.equal({
      asOf: '2024-07-03',
      lastPrice: missing(),
      previousClose: missing(),
      change: missing('computed'),
      changePercent: missing('computed'),
      week52High: missing(),
      week52Low: missing(),
    });
    expect(metricsAsOf).to.equal(null);
    expect(Object.values(metrics)).to.have.length(8);
    expect(metrics.computedMarketCap).to.deep.equal(missing('computed'));
    expect(expectMetricInvariants(res.body.data)).to.equal(14);
  });

  it('reads the symbol case-insensitively and trimmed (rule 1)', async () => {
    const res = await api.http.get(url(`%20${P.toLowerCase()}a%20`)).expect(200);
    expect(res.body.data.company.symbol).to.equal(`${P}A`);
  });

  it('answers 404 Company not found for an unknown symbol, and for one that could not be stored', async () => {
    for (const symbol of [`${P}ZZ`, 'NO-SUCH', 'X'.repeat(21)]) {
      const res = await api.http.get(url(symbol)).expect(404);
      expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    }
  });

  it('answers 400 symbol is required for an empty or blank symbol on every company endpoint', async () => {
    const endpoints = ['snapshot', 'statements', 'dividends', 'ownership', 'announcements', 'ratios', 'peers', 'fair-value'];
    for (const endpoint of endpoints) {
      const res = await api.http.get(`/api/market/companies//fundamentals/${endpoint}?type=bogus`).expect(400);
      expect(res.body, endpoint).to.deep.equal({ message: 'symbol is required', errorCode: 'VALIDATION_ERROR' });
    }
    for (const endpoint of ['snapshot', 'statements', 'dividends', 'ownership', 'announcements']) {
      const res = await api.http.get(`/api/market/companies/%20%20/fundamentals/${endpoint}`).expect(400);
      expect(res.body, endpoint).to.deep.equal({ message: 'symbol is required', errorCode: 'VALIDATION_ERROR' });
    }
    const unknown = await api.http.get('/api/market/companies//fundamentals/nothing').expect(404);
    expect(unknown.body.errorCode).to.equal('NOT_FOUND');
  });

  describe('Cache-Control', () => {
    const key = () => `market:analysis:snapshot:symbol="${P}A"`;
    const storeEntry = (freshForMs: number, data: unknown) =>
      api.app.container.get(REDIS).set(`cache:${key()}`, `${Date.now() + freshForMs} ${JSON.stringify(data)}`, 'PX', 60_000);

    it('says the 5 minute freshness on an answer just computed', async () => {
      await api.app.container.get(CACHE).invalidate(key());
      const res = await api.http.get(url(`${P}A`)).expect(200);
      expect(res.headers['cache-control']).to.equal('public, max-age=300');
      expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
    });

    it('says what is left of the freshness on a cached answer, and sends it as stored', async () => {
      await storeEntry(90_500, { stored: true });
      const res = await api.http.get(url(`${P}A`)).expect(200);
      expect(res.headers['cache-control']).to.equal('public, max-age=90');
      expect(res.body).to.deep.equal({ message: 'Success', data: { stored: true } });
      await api.http.get(url(`${P}A`)).set('If-None-Match', res.headers['etag']).expect(304);
    });

    it('treats an entry in its last second as a miss: the database answers with the whole freshness', async () => {
      await storeEntry(400, { stored: true });
      const res = await api.http.get(url(`${P}A`)).expect(200);
      expect(res.headers['cache-control']).to.equal('public, max-age=300');
      expect(res.body.data.company.symbol).to.equal(`${P}A`);
    });
  });

  it('serves the cached answer until it is cleared, then the database again', async () => {
    const before = await api.http.get(url(`${P}A`)).expect(200);
    const db = api.app.container.get(Database);
    await db.sequelize.query(
      `UPDATE market_company_snapshots SET last_price = 999 WHERE company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)`,
      { replacements: { symbol: `${P}A` } },
    );
    const cached = await api.http.get(url(`${P.toLowerCase()}a`)).expect(200);
    expect(cached.body).to.deep.equal(before.body);

    await api.app.container.get(CACHE).invalidate(`market:analysis:snapshot:symbol="${P}A"`);
    const fresh = await api.http.get(url(`${P}A`)).expect(200);
    expect(fresh.body.data.price.lastPrice).to.deep.equal(valid(999));
    expect(fresh.body.data.metrics.computedMarketCap).to.deep.equal(valid(999_000_000, 'computed'));
  });

  it('refuses the 31st stock-analysis request of an address within a minute with 429 RATE_LIMIT_EXCEEDED', async () => {
    for (let i = 0; i < 30; i += 1) await api.http.get(i % 2 ? url(`${P}A`) : '/api/market/upcoming-book-closes').expect(200);
    const res = await api.http.get(url(`${P}A`)).expect(429);
    expect(res.body).to.deep.equal({ message: 'Too many requests, please try again later', errorCode: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    // The limit is shared by every stock-analysis route, including unknown and empty symbols.
    await api.http.get('/api/market/companies//fundamentals/snapshot').expect(429);
    await resetAnalysisRateLimit(api);
    await api.http.get(url(`${P}A`)).expect(200);
  });

  it('documents every company-data route in /openapi.json with its query normalisation and response schema', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    const routes = ['snapshot', 'statements', 'dividends', 'ownership', 'announcements'].map((name) => `/api/market/companies/{symbol}/fundamentals/${name}`);
    for (const path of [...routes, '/api/market/upcoming-book-closes']) {
      const get = body.paths[path]?.get;
      expect(get?.summary, path).to.be.a('string');
      expect(get.description, path).to.match(/30 requests per minute/);
      expect(get.responses['200'].content['application/json'].schema.properties.data.type, path).to.equal('object');
    }
    expect(body.paths[routes[1]].get.description).to.match(/years 1\.\.10, default 5/);
  });
});
