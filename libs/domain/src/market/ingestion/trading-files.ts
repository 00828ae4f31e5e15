import { bigInteger, date, decimal, instant, integer, symbol } from './cell-parsers';
import { brokerNumber, price } from './column-rules';
import { marketFile, optional, required, withDefault } from './market-file';
import { priceBar } from './row-rules';

/** Trading: daily bars, intraday ticks and the floor sheet. */
export const dailyPrices = marketFile({
  name: 'daily_prices',
  columns: {
    symbol: required(symbol),
    trade_date: required(date),
    open: required(price),
    high: required(price),
    low: required(price),
    close: required(price),
    previous_close: optional(price),
    volume: withDefault(bigInteger(0n), '0'),
    turnover: withDefault(decimal({ precision: 18, scale: 2, min: 'non-negative' }), '0.00'),
  },
  key: ['symbol', 'trade_date'],
  references: { symbol: 'company' },
  finish: priceBar,
  table: {
    table: 'market_daily_prices',
    columns: { trade_date: 'date', open: 'numeric', high: 'numeric', low: 'numeric', close: 'numeric', previous_close: 'numeric', volume: 'bigint', turnover: 'numeric' },
    resolveCompany: true,
    conflict: ['company_id', 'trade_date'],
  },
});

export const intradayPrices = marketFile({
  name: 'intraday_prices',
  columns: { symbol: required(symbol), traded_at: required(instant), price: required(price), volume: withDefault(bigInteger(0n), '0') },
  key: ['symbol', 'traded_at'],
  references: { symbol: 'company' },
  table: {
    table: 'market_intraday_prices',
    columns: { traded_at: 'timestamptz', price: 'numeric', volume: 'bigint' },
    resolveCompany: true,
    conflict: ['company_id', 'traded_at'],
  },
});

export const floorSheet = marketFile({
  name: 'floor_sheet',
  columns: {
    contract_id: required(bigInteger(1n)),
    symbol: required(symbol),
    business_date: required(date),
    traded_at: required(instant),
    buyer_broker: required(brokerNumber),
    seller_broker: required(brokerNumber),
    quantity: required(integer(1, 2_147_483_647)),
    rate: required(price),
    amount: required(decimal({ precision: 18, scale: 2, min: 'positive' })),
  },
  key: ['contract_id'],
  references: { symbol: 'company', buyer_broker: 'broker', seller_broker: 'broker' },
  table: {
    table: 'market_floor_sheet',
    columns: {
      contract_id: 'bigint',
      business_date: 'date',
      traded_at: 'timestamptz',
      buyer_broker: 'smallint',
      seller_broker: 'smallint',
      quantity: 'integer',
      rate: 'numeric',
      amount: 'numeric',
    },
    resolveCompany: true,
    conflict: ['contract_id'],
  },
});
