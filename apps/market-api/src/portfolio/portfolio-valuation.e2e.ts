import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture, sell } from './portfolio.test-helper';
import { loadReadsMarket } from './portfolio-reads.test-helper';

const UNKNOWN = '01900000-0000-7000-8000-0000000000cc';
const RANGE_MESSAGE = 'range must be one of: 1D 1W 1M 3M 6M 1Y YTD ALL';

/** market-data.md "Portfolio endpoints and rules" (valuation range), "Limits" (valuation cache). Prices: portfolio-reads.test-helper.ts. */
describe('Portfolio valuation (market-api GET /api/v1/market/portfolios/:id/valuation)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;

  before(async () => {
    f = await portfolioFixture();
    await loadReadsMarket(f);
    owner = await f.customer();
  });

  const valuation = (id: string, query = '', status = 200) => f.as(owner).get(`${PORTFOLIOS}/${id}/valuation${query}`).expect(status);
  const add = (id: string, body: object) => f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, body).expect(201);

  /** A (SELL on 07-01, and a BUY back-dated before it), B from 06-27 14:00, C (never priced) from 06-26. */
  const tradedPortfolio = async () => {
    const id = await f.portfolio(owner);
    await add(id, buy(f.companyIds.A, 10, 400, '2024-06-20')); // cost 4028
    await add(id, buy(f.companyIds.B, 20, 200, '2024-06-27T14:00:00+05:45')); // cost 4028
    await add(id, sell(f.companyIds.A, 4, 480, '2024-07-01T13:00:00+05:45'));
    await add(id, buy(f.companyIds.C, 10, 100, '2024-06-26')); // cost 1028, no price ever
    // Back-dated before the SELL: 15 units at 6306, so the SELL leaves 11 at 6306 − 6306 × 4/15 = 4624.4.
    await add(id, buy(f.companyIds.A, 5, 450, '2024-06-27'));
    return id;
  };

  describe('daily ranges', () => {
    it('values each trading day of 1W at its closes (carried over a day without one) with the units held at its end', async () => {
      const id = await tradedPortfolio();
      const { body } = await valuation(id, '?range=1W');
      expect(body.message).to.equal('Success');
      expect(body.data).to.deep.equal({
        portfolioId: id,
        range: '1W',
        from: '2024-06-26',
        to: '2024-07-02',
        points: [
          { date: '2024-06-26', value: 4400, invested: 5056, unpriced: 1 }, // A 10 × 440 (06-20 close carried); C unpriced
          { date: '2024-06-27', value: 11150, invested: 11362, unpriced: 1 }, // A 15 × 470 + B 20 × 205 (06-26 close carried)
          { date: '2024-06-30', value: 11425, invested: 11362, unpriced: 1 }, // A 15 × 475 + B 20 × 215
          { date: '2024-07-01', value: 9480, invested: 9680.4, unpriced: 1 }, // after the SELL: A 11 × 480 + B 20 × 210
          { date: '2024-07-02', value: 9500, invested: 9680.4, unpriced: 1 }, // A 11 × 500 + B 20 × 200
        ],
        change: 5100,
        changePercent: 115.91,
      });
    });

    it('starts ALL at the first transaction day, and 1M (the default), YTD and 1Y no earlier than it', async () => {
      const id = await tradedPortfolio();
      const all = (await valuation(id, '?range=all')).body.data;
      expect(all).to.include({ range: 'ALL', from: '2024-06-20', to: '2024-07-02', change: 5100, changePercent: 115.91 });
      expect(all.points.map((point: { date: string }) => point.date)).to.deep.equal(['2024-06-20', '2024-06-26', '2024-06-27', '2024-06-30', '2024-07-01', '2024-07-02']);
      expect(all.points[0]).to.deep.equal({ date: '2024-06-20', value: 4400, invested: 4028, unpriced: 0 });
      for (const query of ['', '?range=', '?range=%201m%20', '?range=YTD', '?range=1y', '?range=3M', '?range=6m']) {
        const { data } = (await valuation(id, query)).body;
        expect({ ...data, range: undefined }, query).to.deep.equal({ ...all, range: undefined });
      }
      expect((await valuation(id)).body.data.range).to.equal('1M');
    });

    it('answers no points, from and to null and no change for a portfolio without transactions or without prices', async () => {
      const empty = await f.portfolio(owner);
      expect((await valuation(empty, '?range=1W')).body.data).to.deep.equal({ portfolioId: empty, range: '1W', from: null, to: null, points: [], change: 0, changePercent: null });
      const unpriced = await f.portfolio(owner);
      await add(unpriced, buy(f.companyIds.C, 1, 100, '2024-07-01'));
      expect((await valuation(unpriced, '?range=ALL')).body.data).to.include({ from: null, to: null, change: 0, changePercent: null });
      expect((await valuation(unpriced, '?range=1D')).body.data.points).to.deep.equal([]);
    });
  });

  describe('1D', () => {
    it('values each tick time of the latest intraday day with the units held at that instant and each company’s latest tick', async () => {
      const id = await f.portfolio(owner);
      await add(id, buy(f.companyIds.A, 10, 400, '2024-07-01')); // cost 4028
      await add(id, buy(f.companyIds.B, 20, 200, '2024-07-01')); // cost 4028
      await add(id, sell(f.companyIds.B, 5, 206, '2024-07-02T12:30:00+05:45')); // leaves 15 at 3021
      const { body } = await valuation(id, '?range=1d');
      expect(body.data).to.deep.equal({
        portfolioId: id,
        range: '1D',
        from: '2024-07-02',
        to: '2024-07-02',
        points: [
          { time: '2024-07-02T05:15:00.000Z', value: 9100, invested: 8056, unpriced: 0 }, // A 10 × 490 + B 20 × 210 (previous close: no tick yet)
          { time: '2024-07-02T06:15:00.000Z', value: 9000, invested: 8056, unpriced: 0 }, // A 10 × 490 (carried) + B 20 × 205
          { time: '2024-07-02T07:15:00.000Z', value: 8025, invested: 7049, unpriced: 0 }, // after the SELL: A 10 × 495 + B 15 × 205
        ],
        change: -1075,
        changePercent: -11.81,
      });
    });

    it('starts at the first transaction when it falls inside the day', async () => {
      const id = await f.portfolio(owner);
      await add(id, buy(f.companyIds.A, 10, 400, '2024-07-02T12:00:00+05:45'));
      const { points } = (await valuation(id, '?range=1D')).body.data;
      expect(points).to.deep.equal([{ time: '2024-07-02T07:15:00.000Z', value: 4950, invested: 4028, unpriced: 0 }]);
    });
  });

  describe('cache', () => {
    it('serves a cached answer until a write to the portfolio, whose effect the next answer shows at once', async () => {
      const db = f.api.app.container.get(Database);
      const setClose = (close: number) =>
        db.sequelize.query(`UPDATE market_daily_prices SET close = :close, high = GREATEST(high, :close) WHERE company_id = :id AND trade_date = '2024-07-02'`, {
          replacements: { close, id: f.companyIds.H },
          type: QueryTypes.UPDATE,
        });
      const lastValue = async (id: string, range: string) => {
        const { points } = (await valuation(id, `?range=${range}`)).body.data;
        return points[points.length - 1].value;
      };
      const id = await f.portfolio(owner);
      await add(id, buy(f.companyIds.H, 100, 35, '2024-07-01'));
      expect(await lastValue(id, '1W')).to.equal(4400);
      try {
        await setClose(50);
        expect(await lastValue(id, '1W'), 'cached').to.equal(4400);
        await add(id, buy(f.companyIds.H, 10, 40, '2024-07-02'));
        expect(await lastValue(id, '1W'), 'after a write').to.equal(5500);
      } finally {
        await setClose(44);
      }
      const intraday = await f.portfolio(owner);
      await add(intraday, buy(f.companyIds.A, 10, 400, '2024-07-01'));
      expect(await lastValue(intraday, '1D')).to.equal(4950);
      const { body } = await add(intraday, sell(f.companyIds.A, 4, 480, '2024-07-01'));
      expect(await lastValue(intraday, '1D'), 'after an add').to.equal(2970);
      await f.as(owner).delete(`${PORTFOLIOS}/${intraday}/transactions/${body.data.id}`).expect(204);
      expect(await lastValue(intraday, '1D'), 'after a delete').to.equal(4950);
    });
  });

  describe('errors', () => {
    it('answers 400 with the spec message for a range outside the list', async () => {
      const id = await f.portfolio(owner);
      for (const range of ['2W', 'max', '1M,1W', 'ytd1']) {
        const res = await valuation(id, `?range=${encodeURIComponent(range)}`, 400);
        expect(res.body, range).to.deep.equal({ message: RANGE_MESSAGE, errorCode: 'VALIDATION_ERROR', errors: [{ field: 'range', code: 'oneof', message: RANGE_MESSAGE }] });
      }
    });

    it('answers 400 `Invalid id format`, then 404 `Portfolio not found` for an unknown, deleted or another customer’s portfolio', async () => {
      const bad = await valuation('abc', '?range=2W', 400);
      expect(bad.body.message).to.equal('Invalid id format');
      const theirs = await f.portfolio(await f.customer());
      const deleted = await f.portfolio(owner);
      await f.as(owner).delete(`${PORTFOLIOS}/${deleted}`).expect(204);
      for (const id of [UNKNOWN, theirs, deleted]) {
        expect((await valuation(id, '?range=1D', 404)).body).to.deep.equal({ message: 'Portfolio not found', errorCode: 'NOT_FOUND' });
      }
    });

    it('answers 401 without a token', async () => {
      const id = await f.portfolio(owner);
      const res = await f.api.http.get(`${PORTFOLIOS}/${id}/valuation`).expect(401);
      expect(res.body.errorCode).to.equal('UNAUTHORIZED');
    });
  });
});
