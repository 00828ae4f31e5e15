import { expect } from 'chai';
import { Database } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { buildTestApp, loadMarketFiles, marketPrefix, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { expectMetricInvariants, listing, resetAnalysisRateLimit } from './company-data.test-helper';

/**
 * market-data.md rule 2 "dividends" and "upcoming-book-closes" (bounds: CONTRACT section 8).
 * "Today" is the app's Clock as a Nepal date; the book closes sit in 2093, where no other test
 * file puts any, so the global feed holds only this file's rows.
 */
describe('Company dividends and upcoming book closes (market-api /api/market)', () => {
  let api: TestApp;
  const P = marketPrefix();
  const D = `${P}D`;
  const E = `${P}E`;
  const clock = { now: new Date() };
  const dividends = (query = '', symbol = D) => `/api/market/companies/${symbol}/fundamentals/dividends${query}`;
  const feed = (query = '') => `/api/market/upcoming-book-closes${query}`;

  const dividend = (fiscalYear: number, cashPercent: number, bonusPercent: number, bookCloseDate: string | null, more = {}) => ({
    fiscalYear,
    cashPercent,
    bonusPercent,
    announcedOn: null,
    bookCloseDate,
    distributionDate: null,
    ...more,
  });
  const EXPECTED = {
    2148: dividend(2148, 10, 5.25, '2093-04-10', { announcedOn: '2093-04-01' }),
    2147: dividend(2147, 12, 0, '2093-05-10'),
    2146: dividend(2146, 8, 0, '2093-05-11'),
    2145: dividend(2145, 7.5, 0, '2093-04-09', { distributionDate: '2093-04-30' }),
    2144: dividend(2144, 6, 2, '2092-04-01'),
    2143: dividend(2143, 5, 0, '2091-04-01'),
    2142: dividend(2142, 0, 10, '2090-04-01'),
    2141: dividend(2141, 4, 0, null),
  };
  const toRow = (symbol: string, row: ReturnType<typeof dividend>) => ({
    symbol,
    fiscal_year: row.fiscalYear,
    cash_percent: row.cashPercent,
    bonus_percent: row.bonusPercent,
    announced_on: row.announcedOn,
    book_close_date: row.bookCloseDate,
    distribution_date: row.distributionDate,
  });
  const years = (body: { data: { history: Array<{ fiscalYear: number }> } }) => body.data.history.map((row) => row.fiscalYear);
  const closes = (body: { data: { upcoming: Array<{ fiscalYear: number }> } }) => body.data.upcoming.map((row) => row.fiscalYear);

  before(async () => {
    api = await buildTestApp(createMarketApi);
    api.app.container.set(Clock, fixedClock(clock));
    await loadMarketFiles(api.app.container, {
      ...listing(P, [{ suffix: 'D' }, { suffix: 'E' }, { suffix: 'F' }]),
      dividends: [...Object.values(EXPECTED).map((row) => toRow(D, row)), toRow(E, dividend(2150, 5, 10, '2093-04-20'))],
    });
  });

  beforeEach(async () => {
    // 06:00 UTC is 11:45 in Nepal: today is 2093-04-10.
    clock.now = new Date('2093-04-10T06:00:00Z');
    await resetAnalysisRateLimit(api);
  });

  describe('GET /companies/{symbol}/fundamentals/dividends', () => {
    it('answers the last 5 fiscal years and the book closes of the next 30 days, both ends included', async () => {
      const res = await api.http.get(dividends()).expect(200);
      expect(res.body).to.deep.equal({
        message: 'Success',
        data: {
          years: 5,
          upcomingDays: 30,
          upcomingWindow: { from: '2093-04-10', to: '2093-05-10' },
          history: [EXPECTED[2148], EXPECTED[2147], EXPECTED[2146], EXPECTED[2145], EXPECTED[2144]],
          upcoming: [EXPECTED[2148], EXPECTED[2147]],
        },
      });
      expect(res.headers['cache-control']).to.equal('public, max-age=1800');
      expect(expectMetricInvariants(res.body)).to.equal(0);
    });

    it('clamps years to 1..20 and upcomingDays to 1..365; a non-number is the default', async () => {
      expect(years((await api.http.get(dividends('?years=0')).expect(200)).body)).to.deep.equal([2148]);
      const all = await api.http.get(dividends('?years=99&upcomingDays=9999')).expect(200);
      expect([all.body.data.years, all.body.data.upcomingDays, all.body.data.upcomingWindow]).to.deep.equal([20, 365, { from: '2093-04-10', to: '2094-04-10' }]);
      expect(years(all.body)).to.deep.equal([2148, 2147, 2146, 2145, 2144, 2143, 2142, 2141]);
      const fallback = await api.http.get(dividends('?years=abc&upcomingDays=soon')).expect(200);
      expect([fallback.body.data.years, fallback.body.data.upcomingDays]).to.deep.equal([5, 30]);
      expect(closes((await api.http.get(dividends('?upcomingDays=0')).expect(200)).body)).to.deep.equal([2148]);
      expect(closes((await api.http.get(dividends('?upcomingDays=31')).expect(200)).body)).to.deep.equal([2148, 2147, 2146]);
    });

    it('takes today from the clock as a Nepal date, and a new day is a new answer', async () => {
      clock.now = new Date('2093-04-09T18:20:00Z'); // 00:05 on 2093-04-10 in Nepal
      expect((await api.http.get(dividends('?upcomingDays=2')).expect(200)).body.data.upcomingWindow).to.deep.equal({ from: '2093-04-10', to: '2093-04-12' });
      clock.now = new Date('2093-04-11T06:00:00Z');
      const tomorrow = await api.http.get(dividends()).expect(200);
      expect(tomorrow.body.data.upcomingWindow).to.deep.equal({ from: '2093-04-11', to: '2093-05-11' });
      expect(closes(tomorrow.body)).to.deep.equal([2147, 2146]);
    });

    it('answers a company without dividends with empty lists, 404 for an unknown symbol, and reads lower case', async () => {
      const none = await api.http.get(dividends('', `${P}F`)).expect(200);
      expect([none.body.data.history, none.body.data.upcoming]).to.deep.equal([[], []]);
      const unknown = await api.http.get(dividends('', `${P}NONE`)).expect(404);
      expect(unknown.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
      expect(years((await api.http.get(dividends('?years=1', D.toLowerCase())).expect(200)).body)).to.deep.equal([2148]);
    });

    it('serves the cached answer after the row changed (keyed by symbol, normalised query and today)', async () => {
      const first = await api.http.get(dividends()).expect(200);
      await api.app.container.get(Database).sequelize.query(
        `UPDATE market_dividends SET bonus_percent = 99 WHERE fiscal_year = 2144 AND company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)`,
        { replacements: { symbol: D } },
      );
      expect((await api.http.get(dividends('?years=5.5&upcomingDays=x', D.toLowerCase())).expect(200)).body).to.deep.equal(first.body);
      expect((await api.http.get(dividends('?years=6')).expect(200)).body.data.history[4].bonusPercent).to.equal(99);
    });
  });

  describe('GET /upcoming-book-closes', () => {
    const bookClose = (symbol: string, bookCloseDate: string, cashPercent: number, bonusPercent: number, fiscalYear: number) => ({
      symbol,
      name: `${symbol} Bank Limited`,
      sectorCode: `${P.toLowerCase()}_banks`,
      bookCloseDate,
      cashPercent,
      bonusPercent,
      fiscalYear,
    });

    it("lists every company's book closes of the next 30 days, soonest first, at most 20", async () => {
      const res = await api.http.get(feed()).expect(200);
      expect(res.body).to.deep.equal({
        message: 'Success',
        data: {
          days: 30,
          limit: 20,
          window: { from: '2093-04-10', to: '2093-05-10' },
          bookCloses: [bookClose(D, '2093-04-10', 10, 5.25, 2148), bookClose(E, '2093-04-20', 5, 10, 2150), bookClose(D, '2093-05-10', 12, 0, 2147)],
        },
      });
      expect(res.headers['cache-control']).to.equal('public, max-age=3600');
      expect(expectMetricInvariants(res.body)).to.equal(0);
    });

    it('clamps days to 1..365 and limit to 1..100; a non-number is the default', async () => {
      const symbols = async (query: string) => {
        const { body } = await api.http.get(feed(query)).expect(200);
        return [body.data.days, body.data.limit, body.data.bookCloses.map((row: { bookCloseDate: string }) => row.bookCloseDate)];
      };
      expect(await symbols('?days=0')).to.deep.equal([1, 20, ['2093-04-10']]);
      expect(await symbols('?days=31&limit=2')).to.deep.equal([31, 2, ['2093-04-10', '2093-04-20']]);
      expect(await symbols('?days=400&limit=0')).to.deep.equal([365, 1, ['2093-04-10']]);
      expect(await symbols('?days=abc&limit=500')).to.deep.equal([30, 100, ['2093-04-10', '2093-04-20', '2093-05-10']]);
    });

    it('serves the cached answer after the row changed, and a new query reads the database', async () => {
      const first = await api.http.get(feed('?days=30&limit=20')).expect(200);
      await api.app.container.get(Database).sequelize.query(
        `UPDATE market_dividends SET cash_percent = 11 WHERE fiscal_year = 2150 AND company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)`,
        { replacements: { symbol: E } },
      );
      const cached = await api.http.get(feed('?days=x&limit=')).expect(200);
      expect(cached.body).to.deep.equal(first.body);
      const fresh = await api.http.get(feed('?days=29')).expect(200);
      expect(fresh.body.data.bookCloses[1]).to.deep.equal(bookClose(E, '2093-04-20', 11, 10, 2150));
    });
  });
});
