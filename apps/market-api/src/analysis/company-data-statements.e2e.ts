import { expect } from 'chai';
import { Database } from '@platform/db';
import { CASHFLOW_UNAVAILABLE_REASON } from '@platform/domain';
import { buildTestApp, loadMarketFiles, marketPrefix, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';
import { expectMetricInvariants, listing, resetAnalysisRateLimit } from './company-data.test-helper';

const valid = (value: number, source = 'mdp') => ({ value, source, status: 'valid' });

/** market-data.md rule 2 "statements": GET /api/market/companies/{symbol}/fundamentals/statements. */
describe('Company statements (market-api /api/market)', () => {
  let api: TestApp;
  const P = marketPrefix();
  const S = `${P}S`;
  const url = (query = '', symbol = S) => `/api/market/companies/${symbol}/fundamentals/statements${query}`;

  const value = (statement: string, period: string, year: number, quarter: number, item: string, end: string, amount: number | null, extra = {}) => ({
    symbol: S,
    statement_type: statement,
    period_type: period,
    fiscal_year: year,
    fiscal_quarter: quarter,
    line_item: item,
    period_end: end,
    value: amount,
    ...extra,
  });

  before(async () => {
    api = await buildTestApp(createMarketApi);
    await loadMarketFiles(api.app.container, {
      ...listing(P, [{ suffix: 'S' }]),
      statements: [
        value('income', 'annual', 2081, 0, 'revenue', '2025-07-16', 1000),
        value('income', 'annual', 2081, 0, 'net_profit', '2025-07-16', 200),
        value('income', 'annual', 2081, 0, 'net_profit', '2025-07-16', 190, { is_audited: true }),
        value('income', 'annual', 2080, 0, 'revenue', '2024-07-15', 900),
        value('income', 'annual', 2080, 0, 'net_profit', '2024-07-15', 150),
        value('income', 'annual', 2080, 0, 'revenue', '2024-07-15', 905, { is_audited: true, source: 'manual_swp' }),
        value('income', 'annual', 2080, 0, 'net_profit', '2024-07-15', null, { is_audited: true }),
        value('income', 'annual', 2079, 0, 'revenue', '2023-07-16', 800),
        value('income', 'annual', 2079, 0, 'net_profit', '2023-07-16', null),
        value('income', 'annual', 2078, 0, 'revenue', '2022-07-16', 700),
        value('income', 'annual', 2078, 0, 'net_profit', '2022-07-16', 100),
        value('income', 'quarterly', 2081, 1, 'revenue', '2024-10-16', 250),
        value('income', 'quarterly', 2081, 1, 'net_profit', '2024-10-16', 50),
        value('income', 'quarterly', 2081, 2, 'revenue', '2025-01-13', 260),
        value('income', 'quarterly', 2081, 2, 'net_profit', '2025-01-13', 55),
        value('income', 'quarterly', 2080, 4, 'revenue', '2024-07-15', 240),
        value('income', 'quarterly', 2079, 4, 'revenue', '2023-07-16', 200),
        value('balance', 'quarterly', 2081, 2, 'total_assets', '2025-01-13', 10_000),
        value('balance', 'quarterly', 2081, 2, 'total_equity', '2025-01-13', 1_500),
      ],
    });
  });

  beforeEach(() => resetAnalysisRateLimit(api));

  const quarter = (fiscalYear: number, fiscalQuarter: number, periodEnd: string, items: Record<string, unknown>) => ({ fiscalYear, fiscalQuarter, periodEnd, audited: false, items });

  it('defaults to quarterly income over 5 fiscal years, newest period first', async () => {
    const res = await api.http.get(url()).expect(200);
    expect(res.body).to.deep.equal({
      message: 'Success',
      data: {
        type: 'income',
        period: 'quarterly',
        years: 5,
        available: true,
        reason: null,
        rows: [
          quarter(2081, 2, '2025-01-13', { net_profit: valid(55), revenue: valid(260) }),
          quarter(2081, 1, '2024-10-16', { net_profit: valid(50), revenue: valid(250) }),
          quarter(2080, 4, '2024-07-15', { revenue: valid(240) }),
          quarter(2079, 4, '2023-07-16', { revenue: valid(200) }),
        ],
      },
    });
    expect(res.headers['cache-control']).to.equal('public, max-age=600');
  });

  it('prefers the audited annual value of a line item over the unaudited one (unless the audited one is missing), and marks the row audited', async () => {
    const res = await api.http.get(url('?period=annual&years=3')).expect(200);
    expect(res.body.data).to.deep.equal({
      type: 'income',
      period: 'annual',
      years: 3,
      available: true,
      reason: null,
      rows: [
        { fiscalYear: 2081, fiscalQuarter: null, periodEnd: '2025-07-16', audited: true, items: { net_profit: valid(190), revenue: valid(1000) } },
        { fiscalYear: 2080, fiscalQuarter: null, periodEnd: '2024-07-15', audited: true, items: { net_profit: valid(150), revenue: valid(905, 'manual_swp') } },
        { fiscalYear: 2079, fiscalQuarter: null, periodEnd: '2023-07-16', audited: false, items: { net_profit: { source: 'mdp', status: 'upstream_missing' }, revenue: valid(800) } },
      ],
    });
    expect(expectMetricInvariants(res.body.data)).to.equal(6);
  });

  it('clamps years to 1..10 (0 → 1, 99 → 10), truncates decimals and takes a non-number as the default 5', async () => {
    const years = async (query: string) => {
      const { body } = await api.http.get(url(`?period=annual&years=${query}`)).expect(200);
      return [body.data.years, body.data.rows.map((row: { fiscalYear: number }) => row.fiscalYear)];
    };
    expect(await years('0')).to.deep.equal([1, [2081]]);
    expect(await years('-4')).to.deep.equal([1, [2081]]);
    expect(await years('2.9')).to.deep.equal([2, [2081, 2080]]);
    expect(await years('99')).to.deep.equal([10, [2081, 2080, 2079, 2078]]);
    expect(await years('abc')).to.deep.equal([5, [2081, 2080, 2079, 2078]]);
    expect(await years('')).to.deep.equal([5, [2081, 2080, 2079, 2078]]);
    // Beyond a double: still a number, clamped; hex and Infinity are not decimal numbers.
    expect(await years('1e309')).to.deep.equal([10, [2081, 2080, 2079, 2078]]);
    expect(await years('-1e309')).to.deep.equal([1, [2081]]);
    expect(await years('0x14')).to.deep.equal([5, [2081, 2080, 2079, 2078]]);
    expect(await years('Infinity')).to.deep.equal([5, [2081, 2080, 2079, 2078]]);
    expect(await years('2E0')).to.deep.equal([2, [2081, 2080]]);
  });

  it('a query value that is not a string: 400 for type and period, the default for years', async () => {
    const type = await api.http.get(url('?type[a]=income')).expect(400);
    expect(type.body.message).to.equal('invalid type; expected income, balance or cashflow');
    expect((await api.http.get(url('?period[a]=annual')).expect(400)).body.message).to.equal('invalid period; expected quarterly or annual');
    expect((await api.http.get(url('?period=annual&years[a]=2')).expect(200)).body.data.years).to.equal(5);
    // A repeated parameter reads its first value.
    expect((await api.http.get(url('?period=annual&period=weekly&years=2&years=9')).expect(200)).body.data).to.include({ period: 'annual', years: 2 });
  });

  it('reverts an empty type to income, reads type and period case-insensitively, and answers balance statements', async () => {
    const empty = await api.http.get(url('?type=&period=')).expect(200);
    expect([empty.body.data.type, empty.body.data.period]).to.deep.equal(['income', 'quarterly']);
    const balance = await api.http.get(url('?type=BALANCE&period=Quarterly')).expect(200);
    expect(balance.body.data.rows).to.deep.equal([quarter(2081, 2, '2025-01-13', { total_assets: valid(10_000), total_equity: valid(1_500) })]);
  });

  it('answers cashflow with 200, available: false, a reason and no rows', async () => {
    const res = await api.http.get(url('?type=cashflow&period=annual&years=3')).expect(200);
    expect(res.body.data).to.deep.equal({ type: 'cashflow', period: 'annual', years: 3, available: false, reason: CASHFLOW_UNAVAILABLE_REASON, rows: [] });
    expect(CASHFLOW_UNAVAILABLE_REASON).to.match(/not published/);
  });

  it('answers 400 with the spec messages for a type or period outside the list (checked before the symbol)', async () => {
    for (const symbol of [S, `${P}NONE`]) {
      const type = await api.http.get(url('?type=ratios', symbol)).expect(400);
      expect(type.body).to.deep.equal({ message: 'invalid type; expected income, balance or cashflow', errorCode: 'VALIDATION_ERROR' });
      const period = await api.http.get(url('?period=weekly', symbol)).expect(400);
      expect(period.body).to.deep.equal({ message: 'invalid period; expected quarterly or annual', errorCode: 'VALIDATION_ERROR' });
    }
    const cashflowPeriod = await api.http.get(url('?type=cashflow&period=monthly')).expect(400);
    expect(cashflowPeriod.body.message).to.equal('invalid period; expected quarterly or annual');
  });

  it('answers 404 Company not found for an unknown symbol, cashflow included, and finds a lower-case one', async () => {
    for (const query of ['', '?type=cashflow']) {
      const res = await api.http.get(url(query, `${P}NONE`)).expect(404);
      expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
    }
    const lower = await api.http.get(url('?type=balance', S.toLowerCase())).expect(200);
    expect(lower.body.data.rows).to.have.length(1);
  });

  it('caches per normalised query: years=abc is the default answer, still cached after the row changed', async () => {
    const first = await api.http.get(url('?type=income&period=annual&years=5')).expect(200);
    await api.app.container.get(Database).sequelize.query(
      `UPDATE market_statement_values SET value = 1 WHERE company_id = (SELECT id FROM market_companies WHERE symbol = :symbol)
          AND period_type = 'annual' AND line_item = 'revenue' AND fiscal_year = 2081`,
      { replacements: { symbol: S } },
    );
    const cached = await api.http.get(url('?period=ANNUAL&years=abc')).expect(200);
    expect(cached.body).to.deep.equal(first.body);
    const fresh = await api.http.get(url('?period=annual&years=6')).expect(200);
    expect(fresh.body.data.rows[0].items.revenue).to.deep.equal(valid(1));
  });
});
