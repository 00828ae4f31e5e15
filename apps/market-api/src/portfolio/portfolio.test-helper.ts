import { QueryTypes } from 'sequelize';
import type { Test } from 'supertest';
import { Database } from '@platform/db';
import { buildTestApp, createCustomer, loadMarketFiles, marketPrefix, TestApp, TestCustomer } from '@platform/testing';
import { createMarketApi } from '../market-api';

export const PORTFOLIOS = '/api/v1/market/portfolios';

/** Companies of two sectors with a last close and a previous close each (price 500/480 for A, 200/210 for B, none for C). */
export interface PortfolioFixture {
  api: TestApp;
  prefix: string;
  companyIds: Record<'A' | 'B' | 'C' | 'H', string>;
  /** A request as `customer` (a bearer token). */
  as(customer: TestCustomer): CustomerClient;
  customer(): Promise<TestCustomer>;
  /** Creates a portfolio through the API and answers its id. */
  portfolio(customer: TestCustomer, name?: string): Promise<string>;
}

export interface CustomerClient {
  get(path: string): Test;
  post(path: string, body?: object | string): Test;
  patch(path: string, body?: object | string): Test;
  delete(path: string): Test;
}

export async function portfolioFixture(): Promise<PortfolioFixture> {
  const api = await buildTestApp(createMarketApi);
  const prefix = marketPrefix();
  const banks = `${prefix.toLowerCase()}_banks`;
  const hydro = `${prefix.toLowerCase()}_hydro`;
  await loadMarketFiles(api.app.container, {
    sectors: [
      { code: banks, name: `Banks ${prefix}` },
      { code: hydro, name: `Hydro ${prefix}` },
    ],
    companies: [
      { symbol: `${prefix}A`, name: `${prefix} Alpha Bank`, sector_code: banks, listed_shares: 1_000_000 },
      { symbol: `${prefix}B`, name: `${prefix} Beta Bank`, sector_code: banks, listed_shares: 1_000_000, paid_up_per_share: 100 },
      { symbol: `${prefix}C`, name: `${prefix} Gamma Bank`, sector_code: banks, listed_shares: 1_000_000 },
      { symbol: `${prefix}H`, name: `${prefix} Hydro Power`, sector_code: hydro, listed_shares: 1_000_000, paid_up_per_share: 10 },
    ],
    daily_prices: [
      { symbol: `${prefix}A`, trade_date: '2024-07-01', open: 470, high: 490, low: 465, close: 480 },
      { symbol: `${prefix}A`, trade_date: '2024-07-02', open: 480, high: 505, low: 478, close: 500 },
      { symbol: `${prefix}B`, trade_date: '2024-07-01', open: 205, high: 212, low: 200, close: 210 },
      { symbol: `${prefix}B`, trade_date: '2024-07-02', open: 210, high: 211, low: 195, close: 200 },
      { symbol: `${prefix}H`, trade_date: '2024-07-01', open: 40, high: 41, low: 39, close: 40 },
      { symbol: `${prefix}H`, trade_date: '2024-07-02', open: 40, high: 45, low: 40, close: 44 },
    ],
  });
  const rows = await api.app.container
    .get(Database)
    .sequelize.query<{ id: string; symbol: string }>(`SELECT id, symbol FROM market_companies WHERE symbol LIKE :like`, { replacements: { like: `${prefix}%` }, type: QueryTypes.SELECT });
  const companyIds = Object.fromEntries(rows.map((row) => [row.symbol.slice(prefix.length), row.id])) as PortfolioFixture['companyIds'];

  const as = (customer: TestCustomer): CustomerClient => {
    const auth = (test: Test) => test.set('Authorization', `Bearer ${customer.accessToken}`);
    return {
      get: (path) => auth(api.http.get(path)),
      post: (path, body) => auth(api.http.post(path)).send(body ?? {}),
      patch: (path, body) => auth(api.http.patch(path)).send(body ?? {}),
      delete: (path) => auth(api.http.delete(path)),
    };
  };
  return {
    api,
    prefix,
    companyIds,
    as,
    customer: () => createCustomer(api.app.container),
    portfolio: async (customer, name = 'Long term') => (await as(customer).post(PORTFOLIOS, { name }).expect(201)).body.data.id,
  };
}

/** A valid BUY body: amount = quantity × rate, netAmount = amount + fees. */
export function buy(companyId: string, quantity: number, rate: number, transactedAt: string, fees = { sebonCommission: 1, brokerCommission: 2, dpFee: 25 }) {
  const amount = quantity * rate;
  const netAmount = amount + fees.sebonCommission + fees.brokerCommission + fees.dpFee;
  return { type: 'BUY', companyId, transactedAt, quantity, rate, amount, ...fees, netAmount };
}

/** A valid SELL body without CGT (rate not above basePrice unless cgtAmount is given). */
export function sell(companyId: string, quantity: number, rate: number, transactedAt: string, extra: { basePrice?: number; cgtAmount?: number; term?: string } = {}) {
  const fees = { sebonCommission: 1, brokerCommission: 2, dpFee: 25 };
  const amount = quantity * rate;
  return {
    type: 'SELL',
    companyId,
    transactedAt,
    quantity,
    rate,
    amount,
    ...fees,
    netAmount: amount - 28,
    basePrice: extra.basePrice ?? rate,
    term: extra.term ?? 'long',
    cgtAmount: extra.cgtAmount ?? 0,
  };
}
