import { type Day, isoDate, nepalInstant, seconds } from './calendar';
import { BROKERS, type DemoCompany } from './companies';
import { round } from './numbers';
import type { DailyBar } from './prices';
import type { Rng } from './random';

/**
 * Floor-sheet trades of one company on one day, consistent with its daily bar: the first trade is at
 * the open at 11:00:00, the last at the close before 15:00, one trade each at the high and the low,
 * every rate inside [low, high]; the bar's volume and turnover become the sums of the trades. Each
 * company has a "hot" buyer broker that buys four times its usual share (something for the broker
 * analysis to find). Buyer and seller differ except for about 1 % of crossed trades.
 */
export interface Trade {
  symbol: string;
  day: Day;
  second: number;
  buyer: number;
  seller: number;
  quantity: number;
  rate: number;
  amount: number;
}

const OPEN = seconds(11);
const CLOSE = seconds(15);

export function buildTrades(company: DemoCompany, bar: DailyBar, hotBuyer: number, rng: Rng): Trade[] {
  const count = Math.max(6, Math.round(company.tradesPerDay * rng.between(0.7, 1.3)));
  const averageQuantity = bar.volume / count;

  const times = [OPEN, ...Array.from({ length: count - 1 }, () => rng.int(OPEN + 1, CLOSE - 1))].sort((a, b) => a - b);
  const rates = bridgeRates(bar, count, rng);
  return times.map((second, index) => {
    const quantity = Math.max(10, Math.round(averageQuantity * Math.exp(rng.normal() * 0.9 - 0.4)));
    const buyer = rng.weighted(BROKERS, (b) => b.activity * (b.number === hotBuyer ? 4 : 1)).number;
    let seller = rng.weighted(BROKERS, (b) => b.activity).number;
    while (seller === buyer && !rng.chance(0.01)) seller = rng.weighted(BROKERS, (b) => b.activity).number;
    const rate = rates[index];
    return { symbol: company.symbol, day: bar.day, second, buyer, seller, quantity, rate, amount: round(quantity * rate, 2) };
  });
}

/** Rates from open to close along a Brownian bridge kept inside [low, high], touching both. */
function bridgeRates(bar: DailyBar, count: number, rng: Rng): number[] {
  const walk = [0];
  for (let i = 1; i < count; i++) walk.push(walk[i - 1] + rng.normal());
  const last = walk[count - 1];
  const spread = Math.max(...walk.map((w, i) => Math.abs(w - (last * i) / (count - 1))), 1);
  const scale = (bar.high - bar.low) / 2 / spread;
  const rates = walk.map((w, i) => {
    const line = bar.open + ((bar.close - bar.open) * i) / (count - 1);
    const price = line + (w - (last * i) / (count - 1)) * scale;
    return round(Math.min(bar.high, Math.max(bar.low, price)), 1);
  });
  rates[0] = bar.open;
  rates[count - 1] = bar.close;
  const highAt = rng.int(1, count - 2);
  let lowAt = rng.int(1, count - 2);
  if (lowAt === highAt) lowAt = highAt === 1 ? 2 : highAt - 1;
  rates[highAt] = bar.high;
  rates[lowAt] = bar.low;
  return rates;
}

/** Makes the bar's volume and turnover the sums of its trades. */
export function settleBar(bar: DailyBar, trades: readonly Trade[]): void {
  bar.volume = trades.reduce((sum, t) => sum + t.quantity, 0);
  bar.turnover = round(trades.reduce((sum, t) => sum + t.amount, 0), 2);
}

/**
 * Contract ids of one day's trades across companies, in time order: the business date then an
 * eight-digit sequence (2026012001000001 style; 16 digits, still an exact JavaScript number).
 */
export function contractIds(day: Day, trades: readonly Trade[]): Array<{ trade: Trade; contractId: number }> {
  const prefix = Number(isoDate(day).replace(/-/g, '')) * 1e8;
  return [...trades]
    .map((trade, order) => ({ trade, order }))
    .sort((a, b) => a.trade.second - b.trade.second || a.order - b.order)
    .map(({ trade }, index) => ({ trade, contractId: prefix + index + 1 }));
}

/** Five-minute ticks 11:00-15:00 of the latest day: the last rate so far and the volume of the interval. */
export function intradayTicks(trades: readonly Trade[], day: Day): Array<{ tradedAt: string; price: number; volume: number }> {
  const sorted = [...trades].sort((a, b) => a.second - b.second);
  const ticks = [];
  for (let at = OPEN; at <= CLOSE; at += 300) {
    const upTo = sorted.filter((t) => t.second <= at);
    const inInterval = upTo.filter((t) => t.second > at - 300);
    ticks.push({ tradedAt: nepalInstant(day, at), price: upTo[upTo.length - 1].rate, volume: inInterval.reduce((sum, t) => sum + t.quantity, 0) });
  }
  return ticks;
}
