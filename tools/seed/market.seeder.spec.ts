import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { Database } from '@platform/db';
import { testContainer } from '@platform/testing';
import { seedMarket } from './market.seeder';

describe('market demo seeder', () => {
  let container: ContainerInstance;
  let db: Database;

  before(async () => {
    container = await testContainer('market-seeder-spec');
    db = container.get(Database);
  });

  const count = async (table: string, symbols: string[]) =>
    Number(
      (
        await db.sequelize.query<{ n: string }>(
          `SELECT count(*) AS n FROM ${table} t JOIN market_companies c ON c.id = t.company_id WHERE c.symbol IN (:symbols)`,
          { replacements: { symbols }, type: QueryTypes.SELECT },
        )
      )[0].n,
    );

  it('loads CONTRACT section 7 market data through the ingestion, and a second run changes nothing and reports the same companies', async function () {
    this.timeout(60_000);
    const first = await seedMarket(container);
    const symbols = first.companies.map((company) => company.symbol);
    expect(first.companies.length).to.be.at.least(12);
    expect(new Set(first.companies.map((company) => company.sector)).size).to.be.at.least(3);
    const tables = ['market_company_snapshots', 'market_daily_prices', 'market_intraday_prices', 'market_statement_values', 'market_dividends', 'market_ownership', 'market_announcements', 'market_floor_sheet'];
    const before = await Promise.all(tables.map((table) => count(table, symbols)));
    for (const [index, rows] of before.entries()) expect(rows, tables[index]).to.be.above(0);
    expect(before[0], 'one snapshot row per company').to.equal(first.companies.length);

    const second = await seedMarket(container);
    expect(second).to.deep.equal(first);
    expect(await Promise.all(tables.map((table) => count(table, symbols)))).to.deep.equal(before);
  });
});
