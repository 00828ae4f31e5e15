import { randomInt } from 'node:crypto';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, isolatedInfrastructure, loadMarketFiles, MarketFiles, TestApp } from '@platform/testing';
import { createMarketApi } from '../market-api';

/** A stored metric: a number (valid), or a non-valid status without a value. */
type Stored = number | 'upstream_missing' | 'negative_input';

export interface FixtureCompany {
  symbol: string;
  sector: string;
  price?: number;
  listedShares?: number | null;
  status?: 'active' | 'suspended' | 'delisted';
  eps?: Stored;
  bvps?: Stored;
  /** [fiscal year, cash %] */
  dividends?: Array<[number, number]>;
  /** Unaudited annual statement values by fiscal year and line item (null: stored as upstream_missing). */
  annual?: Record<number, Record<string, number | null>>;
  /** Audited annual values, overriding the unaudited ones item by item (null: stored as upstream_missing, which does not). */
  audited?: Record<number, Record<string, number | null>>;
}

const INCOME = new Set(['total_revenue', 'net_interest_income', 'operating_profit', 'net_profit', 'eps']);
const AS_OF = '2025-01-10';

/** Market files for sectors `<prefix>_<name>` and the companies (symbols are used as given). */
export function valuationFiles(prefix: string, sectors: string[], companies: FixtureCompany[]): MarketFiles {
  const sectorCode = (name: string) => `${prefix.toLowerCase()}_${name}`;
  const stored = (value: Stored) => (typeof value === 'number' ? { value, status: 'valid' } : { value: null, status: value });
  const statementRows = (c: FixtureCompany, years: Record<number, Record<string, number | null>> = {}, audited: boolean) =>
    Object.entries(years).flatMap(([year, items]) =>
      Object.entries(items).map(([line_item, value]) => ({
        symbol: c.symbol,
        statement_type: INCOME.has(line_item) ? 'income' : 'balance',
        period_type: 'annual',
        fiscal_year: Number(year),
        fiscal_quarter: 0,
        is_audited: audited,
        line_item,
        period_end: `${Number(year) - 57}-07-15`,
        value,
        status: value === null ? 'upstream_missing' : 'valid',
      })),
    );
  return {
    sectors: sectors.map((name) => ({ code: sectorCode(name), name: `${prefix} ${name}` })),
    companies: companies.map((c) => ({ symbol: c.symbol, name: `${c.symbol} Ltd`, sector_code: sectorCode(c.sector), listed_shares: c.listedShares === undefined ? 1_000_000 : c.listedShares, status: c.status ?? 'active' })),
    daily_prices: companies.flatMap((c) => (c.price === undefined ? [] : [{ symbol: c.symbol, trade_date: AS_OF, open: c.price, high: c.price, low: c.price, close: c.price }])),
    metrics: companies.flatMap((c) =>
      (['eps', 'bvps'] as const).flatMap((key) => {
        const value = c[key];
        return value === undefined ? [] : [{ symbol: c.symbol, metric: key === 'eps' ? 'eps_ttm' : 'bvps', as_of: AS_OF, ...stored(value) }];
      }),
    ),
    dividends: companies.flatMap((c) => (c.dividends ?? []).map(([fiscal_year, cash_percent]) => ({ symbol: c.symbol, fiscal_year, cash_percent }))),
    statements: companies.flatMap((c) => [...statementRows(c, c.annual, false), ...statementRows(c, c.audited, true)]),
  };
}

/** market-api on its own Redis client, trusting X-Forwarded-For so each request can come from a fresh IP (30/min/IP). */
export async function valuationApp(prefix: string, sectors: string[], companies: FixtureCompany[]): Promise<{ api: TestApp; infra: Infrastructure }> {
  const infra = await isolatedInfrastructure(`valuation-${prefix}`, { TRUST_PROXY: 'loopback' });
  const api = await buildTestApp(createMarketApi, infra);
  await loadMarketFiles(api.app.container, valuationFiles(prefix, sectors, companies));
  return { api, infra };
}

export const fromFreshIp = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

