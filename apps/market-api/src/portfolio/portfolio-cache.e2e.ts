import { expect } from 'chai';
import { REDIS } from '@platform/domain';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createCustomer, isolatedInfrastructure, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';

/** market-data.md "Limits": detail and summary 30 s, valuation 60 s (1D) and 5 min; without Redis everything is computed. */
describe('Portfolio caching (market-api /api/v1/market/portfolios)', () => {
  let f: PortfolioFixture;

  before(async () => {
    f = await portfolioFixture();
  });

  it('keeps each read for the spec’s time, under the portfolio’s version', async () => {
    const owner = await f.customer();
    const id = await f.portfolio(owner);
    await f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, buy(f.companyIds.A, 10, 400, '2024-07-01')).expect(201);
    for (const path of ['', '/summary', '/distribution', '/valuation?range=1D', '/valuation?range=1M']) await f.as(owner).get(`${PORTFOLIOS}/${id}${path}`).expect(200);
    const redis = f.api.app.container.get(REDIS);
    const ttlOf = async (view: string) => {
      const [key] = await redis.keys(`${redis.options.keyPrefix}cache:portfolios:${id}:${view}@*`);
      expect(key, view).to.be.a('string');
      return redis.pttl(key.slice((redis.options.keyPrefix ?? '').length));
    };
    expect(await ttlOf('detail:counts')).to.be.within(25_000, 30_000);
    expect(await ttlOf('summary:all:json')).to.be.within(25_000, 30_000);
    expect(await ttlOf('summary:distribution')).to.be.within(25_000, 30_000);
    expect(await ttlOf('valuationIntraday:1D')).to.be.within(55_000, 60_000);
    expect(await ttlOf('valuation:1M')).to.be.within(295_000, 300_000);
  });

  it('never serves a cached summary to another customer, nor after the portfolio was deleted: 404', async () => {
    const owner = await f.customer();
    const stranger = await f.customer();
    const id = await f.portfolio(owner);
    await f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, buy(f.companyIds.A, 10, 400, '2024-07-01')).expect(201);
    const summary = (await f.as(owner).get(`${PORTFOLIOS}/${id}/summary`).expect(200)).body;
    expect((await f.as(owner).get(`${PORTFOLIOS}/${id}/summary`).expect(200)).body, 'the cached answer').to.deep.equal(summary);
    const refused = await f.as(stranger).get(`${PORTFOLIOS}/${id}/summary`).expect(404);
    expect(refused.body).to.deep.equal({ message: 'Portfolio not found', errorCode: 'NOT_FOUND' });
    await f.as(owner).delete(`${PORTFOLIOS}/${id}`).expect(204);
    await f.as(owner).get(`${PORTFOLIOS}/${id}/summary`).expect(404);
  });

  describe('with Redis unreachable', () => {
    let infra: Infrastructure;
    let offline: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure(
        `portfolio-offline-${f.prefix}`,
        {},
        { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: `portfolio-offline-${f.prefix}` }, { retryStrategy: () => null }) },
      );
      offline = await buildTestApp(createMarketApi, infra);
    });

    after(() => closeTestInfrastructure(infra));

    it('writes, replays and answers every read from the database', async () => {
      const customer = await createCustomer(offline.app.container);
      const auth = `Bearer ${customer.accessToken}`;
      const created = await offline.http.post(PORTFOLIOS).set('Authorization', auth).send({ name: 'Offline' }).expect(201);
      const id = created.body.data.id;
      const tx = (body: object, status = 201) => offline.http.post(`${PORTFOLIOS}/${id}/transactions`).set('Authorization', auth).send(body).expect(status);
      await tx(buy(f.companyIds.A, 10, 400, '2024-07-01'));
      const summary = async () => (await offline.http.get(`${PORTFOLIOS}/${id}/summary`).set('Authorization', auth).expect(200)).body.data;
      expect(await summary()).to.include({ holdingsCount: 1, invested: 4028, currentValue: 5000 });
      await tx(sell(f.companyIds.A, 4, 400, '2024-07-02'));
      expect(await summary()).to.include({ invested: 2416.8, currentValue: 3000 });
      await tx(sell(f.companyIds.A, 7, 400, '2024-07-03'), 422);
      for (const path of ['', '/holdings', '/distribution', '/valuation?range=ALL', '/valuation?range=1D', `/companies/${f.prefix}A`, '/transactions']) {
        await offline.http.get(`${PORTFOLIOS}/${id}${path}`).set('Authorization', auth).expect(200);
      }
    });
  });
});
