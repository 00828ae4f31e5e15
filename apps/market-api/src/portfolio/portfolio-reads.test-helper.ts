import { randomInt } from 'node:crypto';
import { loadMarketFiles } from '@platform/testing';
import type { PortfolioFixture } from './portfolio.test-helper';

/** Three brokers of the floor sheet, numbered in this order (ties of the ranking go to the lower number). */
export type Brokers = [number, number, number];

/**
 * Market data for the analytical reads, on top of portfolioFixture's companies (A closes 480 on
 * 2024-07-01 and 500 on 07-02, B 210 and 200, H 40 and 44, C never):
 *
 * - daily closes: A 440 (06-20), none on 06-26, 470 (06-27), 475 (06-30); B 205 (06-26), none on
 *   06-27, 215 (06-30). So the trading days of a portfolio of A and B from 06-26 are 06-26, 06-27,
 *   06-30, 07-01, 07-02, and each of A and B has a day to carry a close over;
 * - intraday ticks: A 470 on 07-01 (an older day), then on 07-02 (Nepal) A 490 at 11:00 and 495 at
 *   13:00, B 205 at 12:00;
 * - floor sheet (three brokers, b1 < b2 < b3): A on 07-02 b1←b2 100 @ 500 and b1←b3 50 @ 502, on
 *   07-01 b2←b1 30 @ 480, on 06-01 b3←b2 1000 @ 450; B on 06-28 b3←b1 10 @ 215; H on 07-02
 *   b1←b2 5 @ 44 (buyer ← seller).
 */
export async function loadReadsMarket(f: PortfolioFixture): Promise<{ brokers: Brokers }> {
  const [A, B, H] = ['A', 'B', 'H'].map((letter) => `${f.prefix}${letter}`);
  const first = randomInt(20_000, 32_000 - 3);
  const brokers: Brokers = [first, first + 1, first + 2];
  const [b1, b2, b3] = brokers;
  const contract = randomInt(1, 2 ** 47);
  const bar = (symbol: string, trade_date: string, close: number) => ({ symbol, trade_date, open: close, high: close, low: close, close });
  const trade = (offset: number, symbol: string, day: string, time: string, buyer: number, seller: number, quantity: number, rate: number) => ({
    contract_id: contract + offset,
    symbol,
    business_date: day,
    traded_at: `${day}T${time}+05:45`,
    buyer_broker: buyer,
    seller_broker: seller,
    quantity,
    rate,
    amount: quantity * rate,
  });
  await loadMarketFiles(f.api.app.container, {
    brokers: brokers.map((number, index) => ({ number, name: `${f.prefix} Securities ${index + 1}` })),
    daily_prices: [bar(A, '2024-06-20', 440), bar(A, '2024-06-27', 470), bar(A, '2024-06-30', 475), bar(B, '2024-06-26', 205), bar(B, '2024-06-30', 215)],
    intraday_prices: [
      { symbol: A, traded_at: '2024-07-01T11:00:00+05:45', price: 470 },
      { symbol: A, traded_at: '2024-07-02T11:00:00+05:45', price: 490 },
      { symbol: B, traded_at: '2024-07-02T12:00:00+05:45', price: 205 },
      { symbol: A, traded_at: '2024-07-02T13:00:00+05:45', price: 495 },
    ],
    floor_sheet: [
      trade(0, A, '2024-07-02', '11:05:00', b1, b2, 100, 500),
      trade(1, A, '2024-07-02', '11:10:00', b1, b3, 50, 502),
      trade(2, A, '2024-07-01', '11:00:00', b2, b1, 30, 480),
      trade(3, A, '2024-06-01', '11:00:00', b3, b2, 1000, 450),
      trade(4, B, '2024-06-28', '11:00:00', b3, b1, 10, 215),
      trade(5, H, '2024-07-02', '11:00:00', b1, b2, 5, 44),
    ],
  });
  return { brokers };
}
