import Big from 'big.js';
import { money, percentOf } from './money';
import { averageCost } from './transaction.views';

/** A position priced at the last close, as holdings and one company's detail show it. */
export interface PricedPosition {
  units: number;
  averageCost: number | null;
  invested: number;
  lastPrice: number | null;
  currentValue: number | null;
  unrealisedGain: number | null;
  unrealisedGainPercent: number | null;
}

/** `units` costing `cost` (decimal text), valued at `lastPrice` (none without a close). */
export function pricedPosition(units: string, cost: string, lastPrice: string | number | null): PricedPosition {
  const value = lastPrice === null ? null : Big(lastPrice).times(units);
  const unrealised = value && value.minus(cost);
  return {
    units: Number(units),
    averageCost: averageCost(cost, Number(units)),
    invested: money(Big(cost)),
    lastPrice: lastPrice === null ? null : Number(lastPrice),
    currentValue: value && money(value),
    unrealisedGain: unrealised && money(unrealised),
    unrealisedGainPercent: unrealised && percentOf(unrealised, Big(cost)),
  };
}
