import { expect } from 'chai';
import { Database } from '@platform/db';
import { buildTestApp, loadMarketFiles, marketPrefix, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { resetAnalysisRateLimit } from './company-data.test-helper';

type Listed = { id: string; symbol: string; name: string; listingStatus: string; sector: { id: string; code: string; name: string } };

/** Issue 18: GET /api/market/companies, the public directory that gives portfolio clients their company ids. */
describe('Company directory (market-api GET /api/market/companies)', () => {
  let api: TestApp;
  const P = marketPrefix();
  const banks = `${P.toLowerCase()}_banks`;
  const hydro = `${P.toLowerCase()}_hydro`;
  const list = (query: string) => api.http.get(`/api/market/companies?${query}`).expect(200);
  const symbols = (body: { data: Listed[] }) => body.data.map((company) => company.symbol);

  before(async () => {
    api = await buildTestApp(createMarketApi);
    await loadMarketFiles(api.app.container, {
      sectors: [
        { code: banks, name: `Banks ${P}` },
        { code: hydro, name: `Hydro ${P}` },
      ],
      companies: [
        { symbol: `${P}AB`, name: `${P} Alpine Hydro`, sector_code: hydro, status: 'suspended' },
        { symbol: `${P}A`, name: `${P} Alpha Bank`, sector_code: banks },
        { symbol: `X${P}`, name: `Ex ${P} Finance`, sector_code: banks },
        { symbol: `${P}B`, name: `${P} Beta Bank`, sector_code: banks, status: 'delisted' },
      ],
    });
  });

  beforeEach(() => resetAnalysisRateLimit(api));

  it('finds companies by symbol, case-insensitive: the symbol itself first, then symbols starting with it, then the rest', async () => {
    const { body } = await list(`search=${P.toLowerCase()}a`);
    expect(body).to.include({ message: 'Success', count: 2, page: 1, size: 20 });
    expect(symbols(body)).to.deep.equal([`${P}A`, `${P}AB`]);
    expect(body.data[0]).to.have.keys('id', 'symbol', 'name', 'listingStatus', 'sector');
    expect(body.data[0]).to.deep.include({ name: `${P} Alpha Bank`, listingStatus: 'active', sector: { id: body.data[0].sector.id, code: banks, name: `Banks ${P}` } });

    const all = await list(`search=%20${P}%20`);
    expect(symbols(all.body)).to.deep.equal([`${P}A`, `${P}AB`, `${P}B`, `X${P}`]);
  });

  it('lists suspended and delisted companies with their listingStatus, and matches names anywhere in them', async () => {
    const { body } = await list(`search=${encodeURIComponent(`${P} ALPINE hy`)}`);
    expect(body.data).to.have.length(1);
    expect(body.data[0]).to.include({ symbol: `${P}AB`, listingStatus: 'suspended' });
    const delisted = await list(`search=${P}%20beta`);
    expect(delisted.body.data.map((company: Listed) => company.listingStatus)).to.deep.equal(['delisted']);
    // % and _ are text, not wildcards.
    expect((await list(`search=${P}_`)).body).to.include({ count: 0 });
    expect((await list(`search=${P}%25`)).body.data).to.deep.equal([]);
  });

  it('filters by the sector’s code or id; an unknown sector lists nothing', async () => {
    const byCode = await list(`sector=${hydro.toUpperCase()}`);
    expect(symbols(byCode.body)).to.deep.equal([`${P}AB`]);
    const byId = await list(`sector=${byCode.body.data[0].sector.id}&search=${P}`);
    expect(symbols(byId.body)).to.deep.equal([`${P}AB`]);
    expect(symbols((await list(`sector=${banks}&search=${P}a`)).body)).to.deep.equal([`${P}A`]);
    expect((await list('sector=00000000-0000-7000-8000-000000000000')).body).to.include({ count: 0 });
    expect((await list('sector=no%20such%20sector')).body).to.deep.equal({ message: 'Success', data: [], count: 0, page: 1, size: 20 });
  });

  it('pages with page and size, capping size at 100 and reading bad values as the defaults', async () => {
    const second = await list(`search=${P}&size=3&page=2`);
    expect(second.body).to.include({ count: 4, page: 2, size: 3 });
    expect(symbols(second.body)).to.deep.equal([`X${P}`]);
    expect((await list(`search=${P}&size=1000`)).body).to.include({ size: 100 });
    expect((await list(`search=${P}&size=0&page=0`)).body).to.include({ size: 1, page: 1 });
    const defaults = await list(`search=${P}&size=abc&page=x`);
    expect(defaults.body).to.include({ count: 4, page: 1, size: 20 });
  });

  it('caches each normalised query, says so in Cache-Control, and shows new data after market:ingest', async () => {
    const first = await list(`search=${P}a&sector=${banks}&size=5`);
    expect(first.headers['cache-control']).to.equal('public, max-age=600');
    await api.app.container.get(Database).sequelize.query(`UPDATE market_companies SET name = 'Renamed' WHERE symbol = :symbol`, { replacements: { symbol: `${P}A` } });
    const cached = await list(`search=%20${P}A%20&sector=${banks.toUpperCase()}&size=5.9`);
    expect(cached.body).to.deep.equal(first.body);
    expect(Number(/max-age=(\d+)/.exec(cached.headers['cache-control'])?.[1])).to.be.within(1, 600);

    await loadMarketFiles(api.app.container, { companies: [{ symbol: `${P}AZ`, name: `${P} Azure Bank`, sector_code: banks }] });
    const fresh = await list(`search=${P}a&sector=${banks}&size=5`);
    expect(fresh.body.data.map((company: Listed) => [company.symbol, company.name])).to.deep.equal([
      [`${P}A`, 'Renamed'],
      [`${P}AZ`, `${P} Azure Bank`],
    ]);
  });

  it('shares the 30 requests per minute per IP of the stock-analysis routes', async () => {
    for (let i = 0; i < 30; i += 1) await api.http.get(i % 2 ? `/api/market/companies?search=${P}` : '/api/market/upcoming-book-closes').expect(200);
    const res = await api.http.get('/api/market/companies').expect(429);
    expect(res.body).to.include({ errorCode: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
  });
});
