import type { Day } from './calendar';
import type { DemoCompany } from './companies';
import { round } from './numbers';
import type { BonusIssue } from './earnings';
import type { Rng } from './random';

/**
 * Daily bars: a mean-reverting log random walk around the company's price level, driven by a market
 * factor shared by every company plus its own noise. Prices move in ticks of Rs 0.1 and stay inside
 * NEPSE's ±10 % daily circuit of the (bonus-adjusted) previous close. After a bonus book close the
 * price drops by 1/(1 + bonus %) (REFERENCE, NEPSE: price adjustment), while previous_close stays
 * the close actually printed the day before. Volume grows with the size of the move.
 */
export interface DailyBar {
  day: Day;
  open: number;
  high: number;
  low: number;
  close: number;
  previousClose: number;
  volume: number;
  turnover: number;
}

const tick = (price: number) => round(price, 1);
const tickDown = (price: number) => Math.floor(price * 10 + 1e-9) / 10;
const tickUp = (price: number) => Math.ceil(price * 10 - 1e-9) / 10;
const REVERSION = 0.01;
const MARKET_BETA = 0.7;
const OWN_VOLATILITY = 0.013;

/** The market factor's daily log returns, one per trading day (shared by every company). */
export function marketReturns(days: readonly Day[], rng: Rng): number[] {
  return days.map(() => rng.normal() * 0.009);
}

export function buildDailyBars(company: DemoCompany, days: readonly Day[], market: readonly number[], bonuses: readonly BonusIssue[], rng: Rng): DailyBar[] {
  const adjustments = bonuses.filter((b) => b.bookClose >= days[0] && b.bookClose < days[days.length - 1]);
  // Start high enough that the bonus adjustments of the window bring the price back to its level.
  const startLevel = company.priceLevel * adjustments.reduce((product, b) => product * (1 + b.bonusPercent / 100), 1);
  let target = Math.log(startLevel);
  let previousClose = tick(startLevel * Math.exp(rng.normal() * 0.08));
  const bars: DailyBar[] = [];
  days.forEach((day, index) => {
    let reference = previousClose;
    for (const bonus of adjustments) {
      const previousDay = index > 0 ? days[index - 1] : day - 1;
      if (bonus.bookClose >= previousDay && bonus.bookClose < day) {
        reference /= 1 + bonus.bonusPercent / 100;
        target -= Math.log(1 + bonus.bonusPercent / 100);
      }
    }
    const ceiling = tickDown(reference * 1.1);
    const floor = tickUp(reference * 0.9);
    const limit = (price: number) => Math.min(ceiling, Math.max(floor, tick(price)));
    const drift = REVERSION * (target - Math.log(reference));
    const move = Math.max(-0.095, Math.min(0.095, drift + MARKET_BETA * market[index] + OWN_VOLATILITY * rng.normal()));
    const close = limit(reference * Math.exp(move));
    const open = limit(reference * (1 + Math.max(-0.02, Math.min(0.02, rng.normal() * 0.006))));
    const high = limit(Math.max(open, close) * (1 + Math.abs(rng.normal()) * 0.008));
    const low = limit(Math.min(open, close) * (1 - Math.abs(rng.normal()) * 0.008));
    const volume = Math.max(100, Math.round(company.dailyVolume * Math.exp(rng.normal() * 0.45) * (1 + 12 * Math.abs(move))));
    bars.push({ day, open, high, low, close, previousClose, volume, turnover: round((volume * (open + high + low + close)) / 4, 2) });
    previousClose = close;
  });
  return bars;
}
