import { expect } from 'chai';
import { Database } from '@platform/db';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, isolatedInfrastructure, marketPrefix, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { expectMetricInvariants } from './company-data.test-helper';
import { FixtureCompany, fromFreshIp, valuationApp } from './company-valuation.fixtures';

/**
 * market-data.md "Stock analysis": answers are cached per normalised query for the spec's
 * freshness, and without Redis they come from the database (the rate limit fails open).
 */
describe('Company valuation caching (ratios, fair value, peers) and Redis down', () => {
  const p = marketPrefix();
  const [A, B, C, D] = ['A', 'B', 'C', 'D'].map((s) => `${p}${s}`);
  const companies: FixtureCompany[] = [
    { symbol: A, sector: 'banks', price: 500, eps: 25, bvps: 200 },
    { symbol: B, sector: 'banks', price: 800, eps: 50, bvps: 250 },
    { symbol: C, sector: 'banks', price: 600, eps: 20, bvps: 100 },
    { symbol: D, sector: 'banks', price: 300, eps: 15, bvps: 50 },
  ];
  let infra: Infrastructure;
  let api: TestApp;
  let offlineInfra: Infrastructure;
  let offline: TestApp;

  before(async () => {
    ({ api, infra } = await valuationApp(p, ['banks'], companies));
    offlineInfra = await isolatedInfrastructure(
      `valuation-offline-${p}`,
      {},
      { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: `valuation-offline-${p}` }, { retryStrategy: () => null }) },
    );
    offline = await buildTestApp(createMarketApi, offlineInfra);
  });

  after(async () => {
    await closeTestInfrastructure(infra);
    await closeTestInfrastructure(offlineInfra);
  });

  const get = async (app: TestApp, path: string) => {
    const res = await app.http.get(`/api/market/companies/${path}`).set('X-Forwarded-For', fromFreshIp()).expect(200);
    expect(expectMetricInvariants(res.body.data)).to.be.greaterThan(0);
    return res.body;
  };
  const setPrice = (symbol: string, price: number) =>
    api.app.container.get(Database).sequelize.query(
      `UPDATE market_company_snapshots SET last_price = :price WHERE company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)`,
      { replacements: { price, symbol } },
    );

  it('ratios: `?tab=` and `?tab=valuation` share one entry, still cached after the price changed', async () => {
    await setPrice(A, 500);
    const first = await get(api, `${A}/fundamentals/ratios?tab=`);
    expect(first.data.ratios[0]).to.include({ key: 'pe', value: 20 });
    await setPrice(A, 1000);
    expect(await get(api, `${A.toLowerCase()}/fundamentals/ratios?tab=%20Valuation`)).to.deep.equal(first);
    expect(await get(api, `${A}/fundamentals/ratios?tab=valuation&tab=growth`)).to.deep.equal(first);
    await setPrice(A, 500);
  });

  it('fair value: a second call after the price changed is the cached answer', async () => {
    await setPrice(B, 800);
    const first = await get(api, `${B}/fundamentals/fair-value`);
    expect(first.data.summary.lastPrice).to.deep.include({ value: 800 });
    await setPrice(B, 1600);
    expect(await get(api, `%20${B.toLowerCase()}%20/fundamentals/fair-value`)).to.deep.equal(first);
    await setPrice(B, 800);
  });

  it('peers: `symbols=a,b` and `symbols=A&symbols=B` share one entry, still cached after the price changed', async () => {
    await setPrice(C, 600);
    const first = await get(api, `${A}/fundamentals/peers?symbols=${C.toLowerCase()},${D.toLowerCase()}`);
    expect(first.data.companies.map((c: { symbol: string }) => c.symbol)).to.deep.equal([A, C, D]);
    await setPrice(C, 1200);
    expect(await get(api, `${A}/fundamentals/peers?symbols=${C}&symbols=%20${D}%20`)).to.deep.equal(first);
    // A different list is a different entry, answered from the database.
    const other = await get(api, `${A}/fundamentals/peers?symbols=${D},${C}`);
    expect(other.data.companies.find((c: { symbol: string }) => c.symbol === C).lastPrice).to.deep.include({ value: 1200 });
    await setPrice(C, 600);
  });

  it('with Redis unreachable: every answer from the database (changes show at once), and the rate limit fails open', async () => {
    await setPrice(D, 300);
    const ratios = await get(offline, `${D}/fundamentals/ratios`);
    expect(ratios.data.ratios[0]).to.include({ key: 'pe', value: 20 }); // 300 / 15
    await setPrice(D, 600);
    expect((await get(offline, `${D}/fundamentals/ratios`)).data.ratios[0]).to.include({ key: 'pe', value: 40 });
    expect((await get(offline, `${D}/fundamentals/fair-value`)).data.summary.lastPrice).to.deep.include({ value: 600 });
    expect((await get(offline, `${A}/fundamentals/peers?symbols=${D}`)).data.companies[1].lastPrice).to.deep.include({ value: 600 });
    expect((await get(offline, `${D}/fundamentals/snapshot`)).data.price.lastPrice).to.deep.include({ value: 600 });
    await setPrice(D, 300);
    // One address, more than the 30 a minute the limit allows: no 429 without Redis.
    for (let i = 0; i < 32; i += 1) await offline.http.get(`/api/market/companies/${A}/fundamentals/fair-value`).expect(200);
    await offline.http.get(`/api/market/companies/${p}NONE/fundamentals/ratios`).expect(404);
  });
});
