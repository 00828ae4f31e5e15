import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Day, isoDate, nepalDayOf, nepalInstant } from './calendar';
import { BROKERS, COMPANIES, SECTORS } from './companies';
import { type Cell, writeCsv } from './csv';
import { ANNOUNCEMENT_HEADER, buildAnnouncements } from './announcements';
import { planDividends } from './dividends';
import { type BonusIssue, planEarnings } from './earnings';
import { buildTrades, contractIds, intradayTicks, settleBar, type Trade } from './floor-sheet';
import { buildMetrics, METRIC_HEADER } from './metrics';
import { buildOwnership } from './ownership';
import { buildDailyBars, marketReturns } from './prices';
import { createRng } from './random';
import { buildStatements, STATEMENT_HEADER } from './statements';
import { buildTimeline } from './timeline';

/**
 * NEPSE-like demo market data as the CSV files `market-ingest` (and so `seed:demo`) loads
 * (CONTRACT section 7): 16 companies in 4 sectors, two years of daily prices and the latest day's
 * intraday ticks, five fiscal years of income and balance statements, provider metrics, dividends
 * with upcoming book closes, ownership tiers, announcements of the five types, brokers and ten days
 * of floor sheet. Deterministic for a seed and a day: every part draws from its own seeded stream.
 * "today" is taken as the calendar day in Nepal; all data lies strictly before it, except the
 * upcoming book closes.
 */
export interface MarketDemoOptions {
  outDir: string;
  today: Date;
  seed?: number;
}

export interface MarketDemoResult {
  files: string[];
  companies: Array<{ symbol: string; sector: string }>;
}

export const DEFAULT_MARKET_DEMO_SEED = 9;

export const MARKET_DEMO_HEADERS = {
  'sectors.csv': ['code', 'name'],
  'companies.csv': ['symbol', 'name', 'sector_code', 'listed_shares', 'paid_up_per_share', 'status'],
  'brokers.csv': ['number', 'name'],
  'daily_prices.csv': ['symbol', 'trade_date', 'open', 'high', 'low', 'close', 'previous_close', 'volume', 'turnover'],
  'intraday_prices.csv': ['symbol', 'traded_at', 'price', 'volume'],
  'statements.csv': STATEMENT_HEADER,
  'metrics.csv': METRIC_HEADER,
  'dividends.csv': ['symbol', 'fiscal_year', 'cash_percent', 'bonus_percent', 'announced_on', 'book_close_date', 'distribution_date'],
  'ownership.csv': ['symbol', 'as_of', 'tier', 'category', 'holder', 'shares', 'percent'],
  'announcements.csv': ANNOUNCEMENT_HEADER,
  'floor_sheet.csv': ['contract_id', 'symbol', 'business_date', 'traded_at', 'buyer_broker', 'seller_broker', 'quantity', 'rate', 'amount'],
} as const;

export type MarketDemoFile = keyof typeof MARKET_DEMO_HEADERS;

export async function generateMarketDemo(options: MarketDemoOptions): Promise<MarketDemoResult> {
  const seed = options.seed ?? DEFAULT_MARKET_DEMO_SEED;
  const rng = (stream: string) => createRng(seed, stream);
  const timeline = buildTimeline(nepalDayOf(options.today));
  const lastAnnual = timeline.annualYears[timeline.annualYears.length - 1];
  const market = marketReturns(timeline.priceDays, rng('market'));
  const floorSheetDays = new Set(timeline.floorSheetDays);
  const date = (day: Day | null) => (day === null ? null : isoDate(day));

  const tables = Object.fromEntries(Object.keys(MARKET_DEMO_HEADERS).map((file) => [file, [] as Cell[][]])) as Record<MarketDemoFile, Cell[][]>;
  tables['sectors.csv'] = SECTORS.map((sector) => [sector.code, sector.name]);
  tables['brokers.csv'] = BROKERS.map((broker) => [broker.number, broker.name]);
  const tradesByDay = new Map<Day, Trade[]>(timeline.floorSheetDays.map((day) => [day, []]));

  for (const company of COMPANIES) {
    const { symbol } = company;
    tables['companies.csv'].push([symbol, company.name, company.sector, company.listedShares, 100, 'active']);

    const earnings = planEarnings(company, timeline, rng(`earnings:${symbol}`));
    const dividends = planDividends(company, timeline, earnings, rng(`dividends:${symbol}`));
    for (const d of dividends) {
      tables['dividends.csv'].push([symbol, d.fiscalYear, d.cashPercent, d.bonusPercent, date(d.announcedOn), date(d.bookClose), date(d.distribution)]);
    }
    const bonuses: BonusIssue[] = dividends.flatMap((d) => (d.bookClose !== null && d.bonusPercent > 0 ? [{ bookClose: d.bookClose, bonusPercent: d.bonusPercent }] : []));

    const statements = buildStatements(company, timeline, earnings, dividends, rng(`statements:${symbol}`));
    tables['statements.csv'].push(...statements.rows);

    const bars = buildDailyBars(company, timeline.priceDays, market, bonuses, rng(`prices:${symbol}`));
    const hotBuyer = rng(`hot-buyer:${symbol}`).weighted(BROKERS, (broker) => broker.activity).number;
    const tradeRng = rng(`floor-sheet:${symbol}`);
    for (const bar of bars) {
      if (!floorSheetDays.has(bar.day)) continue;
      const trades = buildTrades(company, bar, hotBuyer, tradeRng);
      settleBar(bar, trades);
      tradesByDay.get(bar.day)?.push(...trades);
      if (bar.day === timeline.latestTradingDay) {
        for (const tick of intradayTicks(trades, bar.day)) tables['intraday_prices.csv'].push([symbol, tick.tradedAt, tick.price, tick.volume]);
      }
    }
    for (const bar of bars) {
      tables['daily_prices.csv'].push([symbol, isoDate(bar.day), bar.open, bar.high, bar.low, bar.close, bar.previousClose, bar.volume, bar.turnover]);
    }

    const latestClose = bars[bars.length - 1].close;
    tables['metrics.csv'].push(...buildMetrics(company, timeline.latestTradingDay, latestClose, statements.facts, dividends, lastAnnual));
    tables['ownership.csv'].push(...buildOwnership(company, timeline.latestTradingDay, rng(`ownership:${symbol}`)));
    const announcements = buildAnnouncements(company, timeline, statements.facts, dividends, rng(`announcements:${symbol}`));
    tables['announcements.csv'].push(...announcements.sort((a, b) => String(a[4]).localeCompare(String(b[4]))));
  }

  for (const day of timeline.floorSheetDays) {
    for (const { trade, contractId } of contractIds(day, tradesByDay.get(day) ?? [])) {
      tables['floor_sheet.csv'].push([contractId, trade.symbol, isoDate(day), nepalInstant(day, trade.second), trade.buyer, trade.seller, trade.quantity, trade.rate, trade.amount]);
    }
  }

  const outDir = resolve(options.outDir);
  await mkdir(outDir, { recursive: true });
  const files: string[] = [];
  for (const [file, header] of Object.entries(MARKET_DEMO_HEADERS)) {
    const path = join(outDir, file);
    await writeCsv(path, header, tables[file as MarketDemoFile]);
    files.push(path);
  }
  return { files, companies: COMPANIES.map((company) => ({ symbol: company.symbol, sector: company.sector })) };
}
