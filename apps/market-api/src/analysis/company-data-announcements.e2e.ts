import { expect } from 'chai';
import { Database } from '@platform/db';
import { buildTestApp, loadMarketFiles, marketPrefix, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { expectMetricInvariants, listing, resetAnalysisRateLimit } from './company-data.test-helper';

const ALL_TYPES = ['dividend', 'bonus', 'rights', 'agm', 'financial_report'];

/** market-data.md rule 2 "announcements" (CONTRACT sections 5 and 8): GET .../fundamentals/announcements. */
describe('Company announcements (market-api /api/market)', () => {
  let api: TestApp;
  const P = marketPrefix();
  const A = `${P}A`;
  const url = (query = '', symbol = A) => `/api/market/companies/${symbol}/fundamentals/announcements${query}`;
  const titles = async (query: string) => {
    const { body } = await api.http.get(url(query)).expect(200);
    return body.data.announcements.map((row: { title: string }) => row.title);
  };
  const filters = async (query: string) => (await api.http.get(url(query)).expect(200)).body.data.filters;

  before(async () => {
    api = await buildTestApp(createMarketApi);
    await loadMarketFiles(api.app.container, {
      ...listing(P, [{ suffix: 'A' }, { suffix: 'Q' }]),
      announcements: [
        { symbol: A, type: 'dividend', title: 'Dividend declared', body: '10% cash', published_at: '2024-07-01T10:00:00+05:45', source_url: 'https://example.com/d' },
        { symbol: A, type: 'bonus', title: 'Bonus shares', published_at: '2024-06-30T23:50:00+05:45' },
        { symbol: A, type: 'rights', title: 'Rights issue', published_at: '2024-07-01T00:10:00+05:45' },
        { symbol: A, type: 'agm', title: 'AGM notice', published_at: '2024-05-15T12:00:00+05:45' },
        { symbol: A, type: 'financial_report', title: 'Q3 report', published_at: '2024-04-20T09:00:00Z' },
        { symbol: A, type: 'dividend', title: 'Interim dividend', published_at: '2023-12-01T10:00:00+05:45' },
      ],
    });
  });

  beforeEach(() => resetAnalysisRateLimit(api));

  const NEWEST_FIRST = ['Dividend declared', 'Rights issue', 'Bonus shares', 'AGM notice', 'Q3 report', 'Interim dividend'];

  it('answers every type newest first, with the filters as applied', async () => {
    const res = await api.http.get(url()).expect(200);
    expect(res.headers['cache-control']).to.equal('public, max-age=300');
    expect(expectMetricInvariants(res.body)).to.equal(0);
    expect(res.body.data.filters).to.deep.equal({ types: ALL_TYPES, from: null, to: null, limit: 20 });
    expect(res.body.data.announcements.map((row: { title: string }) => row.title)).to.deep.equal(NEWEST_FIRST);
    const [{ id, ...first }] = res.body.data.announcements;
    expect(id).to.match(/^[0-9a-f-]{36}$/);
    expect(first).to.deep.equal({
      type: 'dividend',
      title: 'Dividend declared',
      body: '10% cash',
      publishedAt: '2024-07-01T04:15:00.000000Z',
      sourceUrl: 'https://example.com/d',
    });
    expect(res.body.data.announcements[1]).to.include({ body: null, sourceUrl: null, publishedAt: '2024-06-30T18:25:00.000000Z' });
  });

  it('takes types comma-separated and repeated, case-insensitively, dropping unknown values', async () => {
    expect(await titles('?types=dividend,rights')).to.deep.equal(['Dividend declared', 'Rights issue', 'Interim dividend']);
    expect(await titles('?types=agm&types=dividend')).to.deep.equal(['Dividend declared', 'AGM notice', 'Interim dividend']);
    expect(await filters('?types=AGM, bogus&types=dividend,agm')).to.deep.include({ types: ['dividend', 'agm'] });
    expect(await titles('?types=Bonus,nonsense')).to.deep.equal(['Bonus shares']);
  });

  it('uses all five types when every value is unknown or none is given', async () => {
    for (const query of ['?types=bogus,nope', '?types=', '?types=,', '?types=x&types=y']) {
      expect(await filters(query), query).to.deep.include({ types: ALL_TYPES });
      expect(await titles(query), query).to.deep.equal(NEWEST_FIRST);
    }
  });

  it('reads a YYYY-MM-DD from / to as a whole Nepal day, both inclusive', async () => {
    expect(await titles('?from=2024-07-01')).to.deep.equal(['Dividend declared', 'Rights issue']);
    expect(await titles('?to=2024-06-30')).to.deep.equal(['Bonus shares', 'AGM notice', 'Q3 report', 'Interim dividend']);
    expect(await titles('?from=2024-06-30&to=2024-06-30')).to.deep.equal(['Bonus shares']);
    expect(await filters('?from=2024-06-30&to=2024-06-30')).to.deep.include({ from: '2024-06-29T18:15:00.000000Z', to: '2024-06-30T18:14:59.999999Z' });
  });

  it('reads an RFC 3339 from / to as that instant, inclusive', async () => {
    expect(await titles('?from=2024-06-30T18:25:00Z')).to.deep.equal(['Dividend declared', 'Rights issue']);
    expect(await titles(`?to=${encodeURIComponent('2024-07-01T00:10:00+05:45')}`)).to.deep.equal(NEWEST_FIRST.slice(1));
    expect(await filters(`?from=${encodeURIComponent('2024-05-15T12:00:00.5+05:45')}`)).to.deep.include({ from: '2024-05-15T06:15:00.500000Z' });
  });

  it('treats an unparseable from or to as absent', async () => {
    for (const query of ['?from=yesterday&to=2024-13-45', '?from=2024-02-30', '?to=2024-07-01T25:00:00Z', '?from=']) {
      expect(await filters(query), query).to.deep.include({ from: null, to: null });
      expect(await titles(query), query).to.deep.equal(NEWEST_FIRST);
    }
  });

  it('treats a from / to beyond 0001-01-01..9999-12-31 UTC as absent, and keeps the last Nepal day', async () => {
    for (const query of ['?to=9999-12-31T23:59:59-23:59', '?from=0001-01-01T00:00:00%2B00:01', '?from=9999-12-31T23:00:00-01:00']) {
      expect(await filters(query), query).to.deep.include({ from: null, to: null });
      expect(await titles(query), query).to.deep.equal(NEWEST_FIRST);
    }
    expect(await filters('?to=9999-12-31')).to.deep.include({ to: '9999-12-31T18:14:59.999999Z' });
    expect(await titles('?to=9999-12-31')).to.deep.equal(NEWEST_FIRST);
  });

  it('clamps limit to 1..100 (default 20)', async () => {
    expect(await titles('?limit=2')).to.deep.equal(NEWEST_FIRST.slice(0, 2));
    expect(await titles('?limit=0')).to.deep.equal(NEWEST_FIRST.slice(0, 1));
    expect((await filters('?limit=1000')).limit).to.equal(100);
    expect((await filters('?limit=abc')).limit).to.equal(20);
  });

  it('answers a company without announcements with an empty list, 404 for an unknown symbol, and reads lower case', async () => {
    expect((await api.http.get(url('', `${P}Q`)).expect(200)).body.data.announcements).to.deep.equal([]);
    const res = await api.http.get(url('?types=bogus&from=x', `${P}NONE`)).expect(404);
    expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    expect((await api.http.get(url('?limit=1', A.toLowerCase())).expect(200)).body.data.announcements).to.have.length(1);
  });

  it('caches per normalised query: a differently written equal query is the cached answer', async () => {
    const first = await api.http.get(url('?types=agm,dividend&limit=5')).expect(200);
    await api.app.container.get(Database).sequelize.query(
      `UPDATE market_announcements SET title = 'Changed' WHERE company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)`,
      { replacements: { symbol: A } },
    );
    const cached = await api.http.get(url('?types=DIVIDEND&types=agm,unknown&limit=5.7&from=never')).expect(200);
    expect(cached.body).to.deep.equal(first.body);
    expect(await titles('?types=agm,dividend&limit=6')).to.deep.equal(['Changed', 'Changed', 'Changed']);
  });

  it('does not cache a query with a sub-second RFC 3339 bound (bounded cache keys)', async () => {
    const db = api.app.container.get(Database);
    const retitle = (title: string) =>
      db.sequelize.query(`UPDATE market_announcements SET title = :title WHERE company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)`, {
        replacements: { title, symbol: A },
      });
    await retitle('Before');
    const query = `?types=rights&from=${encodeURIComponent('2024-06-01T00:00:00.25Z')}&to=2024-07-01`;
    expect(await titles(query)).to.deep.equal(['Before']);
    await retitle('After');
    expect(await titles(query)).to.deep.equal(['After']);
  });
});
