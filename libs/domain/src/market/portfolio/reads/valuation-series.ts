import Big from 'big.js';

/**
 * The value of a portfolio at a series of points in time, in one pass over stored positions and
 * prices. A point, a position and a price are placed by `at`: a Nepal date (YYYY-MM-DD) for the
 * daily series, a UTC instant (ISO 8601, milliseconds) for the intraday one; texts of one format
 * order as their times do.
 */

/** A company's stored position (units and cost basis, decimals as text) from `at` on. */
export interface PositionAt {
  companyId: string;
  at: string;
  units: string;
  cost: string;
}

/** A company's price (a close or a tick, as text) from `at` on. */
export interface PriceAt {
  companyId: string;
  at: string;
  price: string;
}

export interface SeriesPoint {
  at: string;
  /** Σ units held × the price in force, over the companies that have one. */
  value: Big;
  /** Σ cost basis of the units held. */
  invested: Big;
  /** Companies held at the point without a price yet: they add nothing to `value`. */
  unpriced: number;
}

/**
 * At each of `points` (ascending), every company counts with its latest position at or before the
 * point and its latest price at or before it (carried forward over days or ticks without one).
 * `positions` and `prices` must be ascending by `at` within each company.
 */
export function valuationSeries(points: readonly string[], positions: readonly PositionAt[], prices: readonly PriceAt[]): SeriesPoint[] {
  const companies = new Map<string, { positions: PositionAt[]; prices: PriceAt[]; position: number; price: number }>();
  const companyOf = (companyId: string) => {
    let entry = companies.get(companyId);
    if (!entry) companies.set(companyId, (entry = { positions: [], prices: [], position: -1, price: -1 }));
    return entry;
  };
  for (const position of positions) companyOf(position.companyId).positions.push(position);
  for (const price of prices) companyOf(price.companyId).prices.push(price);

  return points.map((at) => {
    let value = Big(0);
    let invested = Big(0);
    let unpriced = 0;
    for (const company of companies.values()) {
      while (company.position + 1 < company.positions.length && company.positions[company.position + 1].at <= at) company.position += 1;
      while (company.price + 1 < company.prices.length && company.prices[company.price + 1].at <= at) company.price += 1;
      const position = company.positions[company.position];
      if (!position || position.units === '0') continue;
      invested = invested.plus(position.cost);
      const price = company.prices[company.price];
      if (price) value = value.plus(Big(price.price).times(position.units));
      else unpriced += 1;
    }
    return { at, value, invested, unpriced };
  });
}
