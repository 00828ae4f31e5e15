import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseCsv } from './csv';
import { generateMarketDemo, MARKET_DEMO_HEADERS, type MarketDemoFile } from './generate';

type Tables = Record<MarketDemoFile, Record<string, string>[]>;

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** Nepal wall-clock date and minutes of an RFC 3339 instant (UTC+05:45). */
const nepal = (instant: string) => {
  const shifted = new Date(Date.parse(instant) + (5 * 60 + 45) * 60_000).toISOString();
  return { date: shifted.slice(0, 10), minutes: Number(shifted.slice(11, 13)) * 60 + Number(shifted.slice(14, 16)), seconds: Number(shifted.slice(17, 19)) };
};
const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

describe('market demo generator (tools/market-demo)', () => {
  const dirs: string[] = [];
  async function generate(today: string, seed?: number) {
    const outDir = await mkdtemp(join(tmpdir(), 'market-demo-'));
    dirs.push(outDir);
    const result = await generateMarketDemo({ outDir, today: new Date(`${today}T09:00:00+05:45`), seed });
    const tables = {} as Tables;
    for (const file of Object.keys(MARKET_DEMO_HEADERS) as MarketDemoFile[]) {
      const text = await readFile(join(outDir, file), 'utf8');
      expect(text.slice(0, text.indexOf('\n')), file).to.equal(MARKET_DEMO_HEADERS[file].join(','));
      tables[file] = parseCsv(text);
    }
    return { outDir, result, tables };
  }

  after(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  // Mid fiscal year (audited reports out, current-year quarters reported) and just after a fiscal year end.
  for (const today of ['2026-01-20', '2025-08-23']) {
    describe(`with today = ${today}`, () => {
      let generated: Awaited<ReturnType<typeof generate>>;
      before(async () => {
        generated = await generate(today);
      });

      it('writes every file, with at least 12 companies in at least 3 sectors', () => {
        const { result, tables } = generated;
        expect(result.files.map((file) => basename(file))).to.have.members(Object.keys(MARKET_DEMO_HEADERS));
        const sectors = new Set(tables['sectors.csv'].map((s) => s.code));
        expect(tables['companies.csv']).to.have.length.of.at.least(12);
        expect(new Set(tables['companies.csv'].map((c) => c.sector_code)).size).to.be.at.least(3);
        for (const company of tables['companies.csv']) {
          expect(sectors.has(company.sector_code)).to.be.true;
          expect(company.symbol).to.match(/^[A-Z0-9]{1,20}$/);
        }
        expect(result.companies.map((c) => c.symbol)).to.deep.equal(tables['companies.csv'].map((c) => c.symbol));
        for (const file of Object.keys(MARKET_DEMO_HEADERS) as MarketDemoFile[]) expect(tables[file], file).to.not.be.empty;
      });

      it('has two years of daily bars on trading days only, chained, with low and high bracketing open and close', () => {
        const bySymbol = groupBy(generated.tables['daily_prices.csv'], (row) => row.symbol);
        expect(bySymbol.size).to.equal(generated.tables['companies.csv'].length);
        for (const [symbol, bars] of bySymbol) {
          expect(bars[0].trade_date <= addDays(today, -720), symbol).to.be.true;
          expect(bars[bars.length - 1].trade_date < today, symbol).to.be.true;
          bars.forEach((bar, index) => {
            const [open, high, low, close] = [bar.open, bar.high, bar.low, bar.close].map(Number);
            expect(weekday(bar.trade_date), `${symbol} ${bar.trade_date}`).to.not.be.oneOf([5, 6]);
            expect(low).to.be.above(0);
            expect(low <= Math.min(open, close) && high >= Math.max(open, close), `${symbol} ${bar.trade_date}`).to.be.true;
            expect(Number(bar.volume)).to.be.at.least(0);
            if (index > 0) {
              expect(bar.trade_date > bars[index - 1].trade_date).to.be.true;
              expect(bar.previous_close).to.equal(bars[index - 1].close);
            }
          });
        }
      });

      it('has intraday ticks of the latest trading day only, 11:00-15:00 Nepal time', () => {
        const latest = generated.tables['daily_prices.csv'].map((bar) => bar.trade_date).sort().pop();
        const ticks = generated.tables['intraday_prices.csv'];
        expect(new Set(ticks.map((tick) => tick.symbol)).size).to.equal(generated.tables['companies.csv'].length);
        for (const tick of ticks) {
          expect(tick.traded_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
          const { date, minutes } = nepal(tick.traded_at);
          expect(date).to.equal(latest);
          expect(minutes).to.be.within(11 * 60, 15 * 60);
          expect(Number(tick.price)).to.be.above(0);
        }
      });

      it('has five fiscal years of quarterly and annual income and balance statements, and no cash flow', () => {
        const rows = generated.tables['statements.csv'];
        expect(rows.some((row) => row.statement_type === 'cashflow')).to.be.false;
        for (const row of rows) {
          expect(row.fiscal_quarter === '0').to.equal(row.period_type === 'annual');
          if (row.is_audited === 'true') expect(row.period_type).to.equal('annual');
          expect(row.is_audited).to.be.oneOf(['true', 'false']);
          expect(row.line_item).to.match(/^[a-z][a-z0-9_]*$/);
          expect(row.source).to.equal('mdp');
        }
        const keys = rows.map((r) => [r.symbol, r.statement_type, r.period_type, r.fiscal_year, r.fiscal_quarter, r.is_audited, r.line_item].join('|'));
        expect(new Set(keys).size).to.equal(keys.length);
        for (const [symbol, own] of groupBy(rows, (row) => row.symbol)) {
          const annualYears = [...new Set(own.filter((r) => r.period_type === 'annual').map((r) => Number(r.fiscal_year)))].sort();
          expect(annualYears, symbol).to.have.length(5);
          expect(annualYears[4] - annualYears[0]).to.equal(4);
          for (const year of annualYears) {
            const quarters = new Set(own.filter((r) => r.period_type === 'quarterly' && Number(r.fiscal_year) === year).map((r) => r.fiscal_quarter));
            expect([...quarters].sort(), `${symbol} ${year}`).to.deep.equal(['1', '2', '3', '4']);
          }
          for (const type of ['income', 'balance']) expect(own.some((r) => r.statement_type === type && r.is_audited === 'true'), `${symbol} audited ${type}`).to.be.true;
        }
      });

      it('has a value exactly when the status is valid, in statements and metrics', () => {
        for (const file of ['statements.csv', 'metrics.csv'] as const) {
          for (const row of generated.tables[file]) {
            expect(row.status).to.be.oneOf(['valid', 'upstream_missing', 'insufficient_history', 'negative_input', 'insufficient_cohort']);
            expect(row.value !== '', `${file} ${JSON.stringify(row)}`).to.equal(row.status === 'valid');
            if (row.value !== '') expect(Number.isFinite(Number(row.value))).to.be.true;
          }
        }
      });

      it('has dividends of five fiscal years with at least four book closes in the next 30 days', () => {
        const dividends = generated.tables['dividends.csv'];
        const keys = dividends.map((d) => `${d.symbol}|${d.fiscal_year}`);
        expect(new Set(keys).size).to.equal(keys.length);
        const upcoming = dividends.filter((d) => d.book_close_date > today && d.book_close_date <= addDays(today, 30));
        expect(new Set(upcoming.map((d) => d.symbol)).size).to.be.at.least(4);
        for (const d of dividends) {
          expect(Number(d.cash_percent)).to.be.at.least(0);
          expect(Number(d.bonus_percent)).to.be.at.least(0);
          expect(d.announced_on < today).to.be.true;
          if (d.book_close_date && d.distribution_date) expect(d.distribution_date > d.book_close_date).to.be.true;
        }
        const years = new Set(dividends.map((d) => d.fiscal_year));
        expect(years.size).to.be.at.least(5);
      });

      it('has announcements of all five types, at least three a company in the last year', () => {
        const announcements = generated.tables['announcements.csv'];
        expect(new Set(announcements.map((a) => a.type))).to.have.all.keys('dividend', 'bonus', 'rights', 'agm', 'financial_report');
        const keys = announcements.map((a) => [a.symbol, a.type, a.published_at, a.title].join('|'));
        expect(new Set(keys).size).to.equal(keys.length);
        for (const company of generated.tables['companies.csv']) {
          const lastYear = announcements.filter((a) => a.symbol === company.symbol && nepal(a.published_at).date >= addDays(today, -365));
          expect(lastYear, company.symbol).to.have.length.of.at.least(3);
        }
        for (const a of announcements) {
          expect(nepal(a.published_at).date < today).to.be.true;
          if (a.source_url) expect(a.source_url).to.match(/^https?:\/\//);
        }
      });

      it('has ownership tiers 1 and 2 that partition the listed shares', () => {
        const listed = new Map(generated.tables['companies.csv'].map((c) => [c.symbol, Number(c.listed_shares)]));
        for (const [key, rows] of groupBy(generated.tables['ownership.csv'], (row) => `${row.symbol}|${row.tier}`)) {
          const [symbol, tier] = key.split('|');
          const keys = new Set(rows.map((row) => `${row.as_of}|${row.category}|${row.holder}`));
          expect(keys.size).to.equal(rows.length);
          if (tier === '1' || tier === '2') {
            expect(rows.reduce((sum, row) => sum + Number(row.shares), 0), key).to.equal(listed.get(symbol));
            expect(rows.reduce((sum, row) => sum + Number(row.percent), 0), key).to.be.closeTo(100, 1e-6);
          }
          for (const row of rows) expect(Number(row.percent)).to.be.within(0, 100);
        }
      });

      it('has ten days of floor sheet that add up to the daily bars', () => {
        const { tables } = generated;
        const trades = tables['floor_sheet.csv'];
        const brokers = new Set(tables['brokers.csv'].map((b) => b.number));
        const bars = new Map(tables['daily_prices.csv'].map((bar) => [`${bar.symbol}|${bar.trade_date}`, bar]));
        expect(new Set(trades.map((t) => t.business_date)).size).to.equal(10);
        let crossed = 0;
        trades.forEach((trade, index) => {
          if (index > 0) expect(BigInt(trade.contract_id) > BigInt(trades[index - 1].contract_id)).to.be.true;
          expect(brokers.has(trade.buyer_broker) && brokers.has(trade.seller_broker)).to.be.true;
          if (trade.buyer_broker === trade.seller_broker) crossed++;
          expect(Number(trade.amount)).to.be.closeTo(Number(trade.quantity) * Number(trade.rate), 0.0051);
          const { date, minutes } = nepal(trade.traded_at);
          expect(date).to.equal(trade.business_date);
          expect(minutes).to.be.within(11 * 60, 15 * 60 - 1);
          const bar = bars.get(`${trade.symbol}|${trade.business_date}`);
          expect(Number(trade.rate)).to.be.within(Number(bar?.low), Number(bar?.high));
        });
        expect(crossed / trades.length).to.be.below(0.05);
        for (const [key, own] of groupBy(trades, (t) => `${t.symbol}|${t.business_date}`)) {
          expect(own.reduce((sum, t) => sum + Number(t.quantity), 0), key).to.equal(Number(bars.get(key)?.volume));
        }
      });

      it('covers the degenerate cases: upstream_missing values, both fair-value inputs invalid, no tier-4 ownership', () => {
        const { tables } = generated;
        const metric = (symbol: string, name: string) => tables['metrics.csv'].find((m) => m.symbol === symbol && m.metric === name);
        const symbols = tables['companies.csv'].map((c) => c.symbol);

        const missing = symbols.filter((s) => tables['metrics.csv'].filter((m) => m.symbol === s && m.status === 'upstream_missing').length >= 2);
        expect(missing).to.deep.equal(['SWBBL']);
        expect(tables['statements.csv'].some((r) => r.symbol === 'SWBBL' && r.status === 'upstream_missing')).to.be.true;

        // Graham number needs EPS > 0 and BVPS > 0; the P/E-based value needs EPS > 0.
        const negative = symbols.filter((s) => Number(metric(s, 'eps_ttm')?.value) < 0);
        expect(negative).to.deep.equal(['KKHL']);
        expect(Number(metric('KKHL', 'bvps')?.value)).to.be.below(0);
        expect(metric('KKHL', 'pe')?.status).to.equal('negative_input');
        const latestAnnualEps = tables['statements.csv'].filter((r) => r.symbol === 'KKHL' && r.line_item === 'eps' && r.period_type === 'annual').pop();
        expect(Number(latestAnnualEps?.value)).to.be.below(0);

        const tiers = groupBy(tables['ownership.csv'], (row) => row.symbol);
        const withoutTier4 = symbols.filter((s) => !(tiers.get(s) ?? []).some((row) => row.tier === '4'));
        expect(withoutTier4).to.deep.equal(['ALICL']);
        expect(new Set(tiers.get('ALICL')?.map((row) => row.tier))).to.have.all.keys('1', '2', '3');
      });
    });
  }

  it('writes the same bytes for the same seed and day, and other prices for another seed', async () => {
    const first = await generate('2026-01-20', 7);
    const second = await generate('2026-01-20', 7);
    const other = await generate('2026-01-20', 8);
    for (const file of first.result.files.map((path) => basename(path))) {
      const [a, b] = await Promise.all([readFile(join(first.outDir, file)), readFile(join(second.outDir, file))]);
      expect(a.equals(b), file).to.be.true;
    }
    const prices = (dir: string) => readFile(join(dir, 'daily_prices.csv'), 'utf8');
    expect(await prices(other.outDir)).to.not.equal(await prices(first.outDir));
  });
});
