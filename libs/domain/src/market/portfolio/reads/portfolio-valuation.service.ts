import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { addDays } from '../../company-data/company-data.query';
import { NEPAL_OFFSET_MS } from '../../analysis/nepal-time';
import { PortfolioCache } from '../portfolio-cache';
import { pathUuid } from '../portfolio.errors';
import { money, percentOf } from '../money';
import { DailyRange, rangeStart, readValuationRange, ValuationRange } from './valuation-range';
import { PositionAt, PriceAt, SeriesPoint, valuationSeries } from './valuation-series';
import { DAILY_BOUNDS_SQL, DAILY_PRICES_SQL, INTRADAY_BOUNDS_SQL, INTRADAY_PRICES_SQL, nepalDateText, positionsSql, utcInstantText } from './valuation.queries';
import { PortfolioOwnership } from '../portfolio-ownership';

interface ValuationPointBase {
  /** Σ units held × the price in force, over the companies that have one (2 decimals). */
  value: number;
  /** Σ cost basis of the units held. */
  invested: number;
  /** Companies held without a price yet: not in `value`. */
  unpriced: number;
}
/** A daily point: the end of a trading day (Nepal date). */
export type DailyValuationPoint = ValuationPointBase & { date: string };
/** An intraday point: a tick time (UTC instant). */
export type IntradayValuationPoint = ValuationPointBase & { time: string };

export interface PortfolioValuation {
  portfolioId: string;
  range: ValuationRange;
  /** The first day the series covers: the range's start, or the portfolio's first transaction day when later (1D: the intraday day). */
  from: string | null;
  /** The latest trading day of the portfolio's companies (1D: the latest intraday day); null without prices. */
  to: string | null;
  points: Array<DailyValuationPoint | IntradayValuationPoint>;
  /** Last point's value − first point's value. */
  change: number;
  /** `change` as a percentage of the first point's value; null when that is 0 or there are no points. */
  changePercent: number | null;
}

interface Bounds<T> {
  latest: T | null;
  firstTransactedAt: Date | null;
}
type PriceRow = PriceAt & { isPoint: boolean };

const DAY_MS = 86_400_000;
const nepalDate = (instant: Date) => new Date(instant.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
const nepalMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - NEPAL_OFFSET_MS);

/**
 * The value of a portfolio over a range (market-data.md "Portfolio endpoints and rules"): daily
 * closes for 1W…ALL, the latest intraday day's ticks for 1D. Three queries (bounds, then positions
 * and prices together) and one pass in memory (valuationSeries), whatever the range's length;
 * the answer is cached 60 s (1D) or 5 min, and every write to the portfolio starts it afresh.
 */
@Service()
export class PortfolioValuationService {
  constructor(
    private readonly db: Database,
    private readonly cache: PortfolioCache,
    private readonly ownership: PortfolioOwnership,
  ) {}

  async valuation(customerId: string, rawId: string, query: Record<string, unknown>): Promise<PortfolioValuation> {
    const id = pathUuid(rawId, 'id');
    const range = readValuationRange(query);
    await this.ownership.require(customerId, id);
    return range === '1D'
      ? this.cache.read(id, 'valuationIntraday', range, () => this.intraday(id))
      : this.cache.read(id, 'valuation', range, () => this.daily(id, range));
  }

  private async daily(portfolioId: string, range: DailyRange): Promise<PortfolioValuation> {
    const [{ latest, firstTransactedAt }] = await this.select<Bounds<string>>(DAILY_BOUNDS_SQL, { portfolioId });
    if (latest === null || firstTransactedAt === null) return answer(portfolioId, range, null, null, [], onDate);
    const firstDay = nepalDate(firstTransactedAt);
    const start = rangeStart(range, latest, firstDay);
    const from = start > firstDay ? start : firstDay;
    const [positions, prices] = await Promise.all([
      this.select<PositionAt>(positionsSql(nepalDateText), {
        portfolioId,
        start: nepalMidnight(from).toISOString(),
        end: nepalMidnight(addDays(latest, 1)).toISOString(),
      }),
      this.select<PriceRow>(DAILY_PRICES_SQL, { portfolioId, from, to: latest }),
    ]);
    const series = valuationSeries(pointsOf(prices, from), positions, prices);
    return answer(portfolioId, range, from, latest, series, onDate);
  }

  private async intraday(portfolioId: string): Promise<PortfolioValuation> {
    const [{ latest, firstTransactedAt }] = await this.select<Bounds<Date>>(INTRADAY_BOUNDS_SQL, { portfolioId });
    if (latest === null || firstTransactedAt === null) return answer(portfolioId, '1D', null, null, [], atTime);
    const day = nepalDate(latest);
    const dayStart = nepalMidnight(day);
    const dayEnd = new Date(dayStart.getTime() + DAY_MS).toISOString();
    const start = new Date(Math.max(dayStart.getTime(), firstTransactedAt.getTime())).toISOString();
    const [positions, prices] = await Promise.all([
      this.select<PositionAt>(positionsSql(utcInstantText), { portfolioId, start: dayStart.toISOString(), end: dayEnd }),
      this.select<PriceRow>(INTRADAY_PRICES_SQL, { portfolioId, day, dayStart: dayStart.toISOString(), dayEnd }),
    ]);
    const series = valuationSeries(pointsOf(prices, start), positions, prices);
    return answer(portfolioId, '1D', day, day, series, atTime);
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}

const onDate = (point: SeriesPoint) => ({ date: point.at });
const atTime = (point: SeriesPoint) => ({ time: point.at });

/** The distinct times of the price rows that are points (trading days, tick times) from `from` on, ascending. */
function pointsOf(prices: readonly PriceRow[], from: string): string[] {
  return [...new Set(prices.filter((price) => price.isPoint && price.at >= from).map((price) => price.at))].sort();
}

function answer(
  portfolioId: string,
  range: ValuationRange,
  from: string | null,
  to: string | null,
  series: SeriesPoint[],
  placed: typeof onDate | typeof atTime,
): PortfolioValuation {
  const first = series[0];
  const last = series[series.length - 1];
  const change = first && last ? last.value.minus(first.value) : undefined;
  return {
    portfolioId,
    range,
    from,
    to,
    points: series.map((point) => ({ ...placed(point), value: money(point.value), invested: money(point.invested), unpriced: point.unpriced })),
    change: change ? money(change) : 0,
    changePercent: change ? percentOf(change, first.value) : null,
  };
}
