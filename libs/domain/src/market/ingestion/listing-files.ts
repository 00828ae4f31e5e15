import { bigInteger, decimal, oneOf, symbol } from './cell-parsers';
import { brokerNumber, name, sectorCode } from './column-rules';
import { marketFile, optional, required, withDefault } from './market-file';

/** The listing: sectors, companies (upsert on symbol; new ones get a UUIDv7 id) and brokers. */
export const sectors = marketFile({
  name: 'sectors',
  columns: { code: required(sectorCode), name: required(name(200)) },
  key: ['code'],
  table: { table: 'market_sectors', columns: { code: 'text', name: 'text' }, conflict: ['code'], newId: true, updatedAt: true },
});

export const companies = marketFile({
  name: 'companies',
  columns: {
    symbol: required(symbol),
    name: required(name(300)),
    sector_code: required(sectorCode),
    listed_shares: optional(bigInteger(1n)),
    paid_up_per_share: withDefault(decimal({ precision: 10, scale: 2, min: 'positive' }), '100.00'),
    status: withDefault(oneOf(['active', 'suspended', 'delisted'] as const), 'active'),
  },
  key: ['symbol'],
  references: { sector_code: 'sector' },
  table: {
    table: 'market_companies',
    columns: { symbol: 'text', name: 'text', listed_shares: 'bigint', paid_up_per_share: 'numeric', status: 'text' },
    resolveSector: true,
    conflict: ['symbol'],
    newId: true,
    updatedAt: true,
  },
});

export const brokers = marketFile({
  name: 'brokers',
  columns: { number: required(brokerNumber), name: required(name(200)) },
  key: ['number'],
  table: { table: 'market_brokers', columns: { number: 'smallint', name: 'text' }, conflict: ['number'], updatedAt: true },
});
