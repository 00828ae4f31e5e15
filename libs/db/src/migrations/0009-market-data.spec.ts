import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { testContainer } from '@platform/testing';
import { Database } from '../database';

/** The market data schema refuses what no provider file may put into it, whatever the loader does. */
describe('0009-market-data constraints', () => {
  let db: Database;
  const run = (sql: string, replacements: Record<string, unknown> = {}) => db.sequelize.query(sql, { replacements, type: QueryTypes.RAW });
  const refused = async (sql: string, replacements: Record<string, unknown>, constraint: RegExp) => {
    let error: unknown;
    try {
      await run(sql, replacements);
    } catch (caught) {
      error = caught;
    }
    expect(String((error as { parent?: { message?: string } })?.parent?.message ?? error)).to.match(constraint);
  };

  async function company(symbol = `T${randomUUID().slice(0, 8).toUpperCase().replace(/-/g, '')}`) {
    const sectorId = randomUUID();
    const companyId = randomUUID();
    await run(`INSERT INTO market_sectors (id, code, name) VALUES (:sectorId, :code, 'Test sector')`, { sectorId, code: `s_${sectorId.slice(0, 8)}` });
    await run(`INSERT INTO market_companies (id, symbol, name, sector_id) VALUES (:companyId, :symbol, 'Test company', :sectorId)`, { companyId, symbol, sectorId });
    return companyId;
  }

  const statementValue = `
    INSERT INTO market_statement_values
      (company_id, statement_type, period_type, fiscal_year, fiscal_quarter, is_audited, line_item, period_end, value, source, status)
    VALUES (:companyId, 'income', :periodType, 2080, :quarter, :audited, 'net_profit', '2024-07-15', :value, :source, :status)`;

  before(async () => {
    db = (await testContainer('market-schema-spec')).get(Database);
  });

  it('stores symbols upper-case only, each once', async () => {
    await company('NABIL9');
    await refused(`INSERT INTO market_companies (id, symbol, name, sector_id) SELECT :id, 'nabil', 'x', sector_id FROM market_companies WHERE symbol = 'NABIL9'`, { id: randomUUID() }, /market_companies_symbol_check/);
    await refused(`INSERT INTO market_companies (id, symbol, name, sector_id) SELECT :id, 'NABIL9', 'x', sector_id FROM market_companies WHERE symbol = 'NABIL9'`, { id: randomUUID() }, /market_companies_symbol_key/);
  });

  it('keeps a metric value present exactly when its status is valid, from a known source', async () => {
    const companyId = await company();
    const base = { companyId, periodType: 'annual', quarter: 0, audited: false };
    await run(statementValue, { ...base, value: 0, source: 'mdp', status: 'valid' });
    await refused(statementValue, { ...base, audited: true, value: null, source: 'mdp', status: 'valid' }, /value_iff_valid/);
    await refused(statementValue, { ...base, audited: true, value: 5, source: 'mdp', status: 'upstream_missing' }, /value_iff_valid/);
    await refused(statementValue, { ...base, audited: true, value: 5, source: 'yahoo', status: 'valid' }, /market_statement_values_source_check/);
    await run(`INSERT INTO market_company_metrics (company_id, metric, as_of, value, source, status) VALUES (:companyId, 'eps_ttm', '2024-07-15', NULL, 'computed', 'negative_input')`, { companyId });
    await refused(`INSERT INTO market_company_metrics (company_id, metric, as_of, value, source, status) VALUES (:companyId, 'pe', '2024-07-15', 12, 'computed', 'negative_input')`, { companyId }, /market_company_metrics_value_iff_valid/);
  });

  it('ties quarter 0 to the annual period, and audited overrides to annual values', async () => {
    const companyId = await company();
    const valid = { companyId, value: 1, source: 'mdp', status: 'valid' };
    await run(statementValue, { ...valid, periodType: 'quarterly', quarter: 2, audited: false });
    await run(statementValue, { ...valid, periodType: 'annual', quarter: 0, audited: true });
    await refused(statementValue, { ...valid, periodType: 'quarterly', quarter: 0, audited: false }, /market_statement_values_period/);
    await refused(statementValue, { ...valid, periodType: 'annual', quarter: 3, audited: false }, /market_statement_values_period/);
    await refused(statementValue, { ...valid, periodType: 'quarterly', quarter: 3, audited: true }, /market_statement_values_audited_annual/);
  });

  it('refuses a daily bar whose low and high do not bracket its open and close', async () => {
    const companyId = await company();
    const bar = `INSERT INTO market_daily_prices (company_id, trade_date, open, high, low, close) VALUES (:companyId, :date, :open, :high, :low, :close)`;
    await run(bar, { companyId, date: '2024-07-01', open: 500, high: 510, low: 495, close: 505 });
    await refused(bar, { companyId, date: '2024-07-02', open: 500, high: 504, low: 495, close: 505 }, /market_daily_prices_range/);
    await refused(bar, { companyId, date: '2024-07-01', open: 500, high: 510, low: 495, close: 505 }, /market_daily_prices_pkey/);
  });

  it('takes only the five canonical announcement types, each announcement once', async () => {
    const companyId = await company();
    const announcement = `INSERT INTO market_announcements (id, company_id, type, title, published_at) VALUES (:id, :companyId, :type, 'AGM notice', '2024-07-01T10:00:00Z')`;
    await run(announcement, { id: randomUUID(), companyId, type: 'agm' });
    await refused(announcement, { id: randomUUID(), companyId, type: 'agm' }, /market_announcements_natural_key/);
    await refused(announcement, { id: randomUUID(), companyId, type: 'merger' }, /market_announcements_type_check/);
  });

  it('refuses floor-sheet trades of unknown brokers', async () => {
    const companyId = await company();
    await run(`INSERT INTO market_brokers (number, name) VALUES (9001, 'Test broker') ON CONFLICT DO NOTHING`);
    const trade = `INSERT INTO market_floor_sheet (contract_id, company_id, business_date, traded_at, buyer_broker, seller_broker, quantity, rate, amount)
                   VALUES (:contractId, :companyId, '2024-07-01', '2024-07-01T05:30:00Z', 9001, :seller, 10, 500, 5000)`;
    const contractId = Math.floor(Math.random() * 1e12) + 1;
    await run(trade, { contractId, companyId, seller: 9001 });
    await refused(trade, { contractId: contractId + 1, companyId, seller: 9002 }, /market_floor_sheet_seller_broker_fkey/);
  });
});
