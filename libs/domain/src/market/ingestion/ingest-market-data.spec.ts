import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import type { Redis } from '@platform/redis';
import { testContainer } from '@platform/testing';
import { Clock, REDIS } from '../../shared';
import { nepalToday } from '../analysis/nepal-time';
import { IngestMarketDataUseCase, IngestionSummary } from './ingest-market-data.use-case';
import { IngestionError } from './ingestion.errors';
import { marketFixture, writeFixture } from './market-fixture.test-helper';

/**
 * Issue 9, the market ingestion: one transaction, upserts on natural keys that write only what
 * changed, snapshot refresh. Each test loads its own symbols (the scratch database is shared).
 */
describe(IngestMarketDataUseCase.name, () => {
  let db: Database;
  let ingest: IngestMarketDataUseCase;
  let redis: Redis;
  const directories: string[] = [];

  before(async () => {
    const container = await testContainer('market-ingestion');
    db = container.get(Database);
    ingest = container.get(IngestMarketDataUseCase);
    redis = container.get(REDIS);
  });

  after(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  async function write(...args: Parameters<typeof writeFixture>) {
    const directory = await writeFixture(...args);
    if (!args[2]) directories.push(directory);
    return directory;
  }

  const select = <T extends object = Record<string, unknown>>(sql: string, bind: unknown[]) => db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });

  /** Every row the load wrote for the companies of `prefix` (and their sector and brokers), table by table. */
  async function stored(prefix: string, brokers: number[]) {
    const like = `${prefix}%`;
    const ofCompanies = (table: string) =>
      select<Record<string, unknown>>(`SELECT t.* FROM ${table} t JOIN market_companies c ON c.id = t.company_id WHERE c.symbol LIKE $1 ORDER BY 1, 2, 3`, [like]);
    return {
      sectors: await select(`SELECT * FROM market_sectors WHERE code = $1`, [`s_${prefix.toLowerCase()}`]),
      companies: await select(`SELECT * FROM market_companies WHERE symbol LIKE $1 ORDER BY symbol`, [like]),
      brokers: await select(`SELECT * FROM market_brokers WHERE number = ANY($1::smallint[]) ORDER BY number`, [brokers]),
      snapshots: await ofCompanies('market_company_snapshots'),
      daily: await ofCompanies('market_daily_prices'),
      intraday: await ofCompanies('market_intraday_prices'),
      statements: await ofCompanies('market_statement_values'),
      metrics: await ofCompanies('market_company_metrics'),
      dividends: await ofCompanies('market_dividends'),
      ownership: await ofCompanies('market_ownership'),
      announcements: await ofCompanies('market_announcements'),
      floorSheet: await ofCompanies('market_floor_sheet'),
    };
  }

  const counts = (summary: IngestionSummary) => Object.fromEntries(summary.files.map(({ file, inserted, updated, unchanged }) => [file, [inserted, updated, unchanged]]));

  for (const format of ['csv', 'json'] as const) {
    it(`loads every file of a ${format.toUpperCase()} directory, symbols upper-cased and defaults applied`, async () => {
      const { prefix, a, b, brokers, fixture } = marketFixture();
      const summary = await ingest.execute(await write(fixture, format));

      expect(counts(summary)).to.deep.equal({
        [`sectors.${format}`]: [1, 0, 0],
        [`companies.${format}`]: [2, 0, 0],
        [`brokers.${format}`]: [2, 0, 0],
        [`daily_prices.${format}`]: [4, 0, 0],
        [`intraday_prices.${format}`]: [2, 0, 0],
        [`statements.${format}`]: [3, 0, 0],
        [`metrics.${format}`]: [3, 0, 0],
        [`dividends.${format}`]: [1, 0, 0],
        [`ownership.${format}`]: [2, 0, 0],
        [`announcements.${format}`]: [1, 0, 0],
        [`floor_sheet.${format}`]: [2, 0, 0],
      });
      expect(summary.snapshots).to.deep.equal({ companies: 2, inserted: 2, updated: 0, unchanged: 0 });

      const rows = await stored(prefix, brokers);
      expect(rows.companies.map((row) => [row['symbol'], row['paid_up_per_share'], row['status'], row['listed_shares']])).to.deep.equal([
        [a, '100.00', 'active', '1000000'],
        [b, '50.00', 'suspended', null],
      ]);
      expect(rows.companies[0]['id']).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7/); // UUIDv7
      expect(rows.sectors[0]['id']).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect(rows.announcements[0]).to.include({ title: 'AGM notice', body: 'Line one,\nline "two"' });
      expect(rows.announcements[0]['id']).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect(rows.intraday.map((row) => (row['traded_at'] as Date).toISOString())).to.deep.equal(['2024-07-01T05:15:00.000Z', '2024-07-01T05:30:00.000Z']);
      expect(rows.daily.at(-1)).to.include({ volume: '0', turnover: '0.00', previous_close: null });
      expect(rows.ownership.map((row) => row['holder'])).to.deep.equal(['', 'Ram Bahadur']);
      expect(rows.dividends[0]).to.include({ cash_percent: '10.0000', bonus_percent: '0.0000', distribution_date: null });
    });
  }

  it('applies the source and status defaults of statement and metric values', async () => {
    const { prefix, brokers, fixture } = marketFixture();
    await ingest.execute(await write(fixture, 'csv'));
    const rows = await stored(prefix, brokers);
    const pick = (row: Record<string, unknown>) => [row['line_item'] ?? row['metric'], row['value'], row['source'], row['status']];
    expect(rows.statements.map(pick)).to.have.deep.members([
      ['total_assets', '0.000000', 'computed', 'valid'],
      ['net_profit', '123456.789000', 'mdp', 'valid'],
      ['net_profit', null, 'mdp', 'upstream_missing'],
    ]);
    expect(rows.statements.find((row) => row['period_type'] === 'annual')).to.include({ fiscal_quarter: 0, is_audited: true });
    expect(rows.metrics.map(pick)).to.have.deep.members([
      ['eps_ttm', '21.400000', 'mdp', 'valid'],
      ['graham_number', null, 'computed', 'negative_input'],
      ['pe_ratio', '18.500000', 'manual_swp', 'valid'],
    ]);
  });

  it('changes nothing when the same files are loaded again, not even updated_at', async () => {
    const { prefix, brokers, fixture } = marketFixture();
    const directory = await write(fixture, 'csv');
    const first = await ingest.execute(directory);
    const before = await stored(prefix, brokers);
    const second = await ingest.execute(directory);

    for (const file of second.files) expect([file.file, file.inserted, file.updated, file.unchanged]).to.deep.equal([file.file, 0, 0, file.rows]);
    expect(second.snapshots).to.deep.equal({ companies: 2, inserted: 0, updated: 0, unchanged: 2 });
    expect(second.files.map((file) => file.rows)).to.deep.equal(first.files.map((file) => file.rows));
    expect(await stored(prefix, brokers)).to.deep.equal(before);
  });

  it('replaces a corrected close and refreshes the snapshot, leaving the other rows untouched', async () => {
    const { prefix, a, brokers, fixture } = marketFixture();
    await ingest.execute(await write(fixture, 'json'));
    const before = await stored(prefix, brokers);

    fixture.daily_prices[3].close = 528.5;
    fixture.daily_prices[3].high = 531;
    const summary = await ingest.execute(await write(fixture, 'json'));

    expect(summary.files.find((file) => file.file === 'daily_prices.json')).to.include({ inserted: 0, updated: 1, unchanged: 3 });
    expect(summary.files.filter((file) => file.file !== 'daily_prices.json').every((file) => file.unchanged === file.rows)).to.be.true;
    expect(summary.snapshots).to.include({ updated: 1, unchanged: 1 });
    const after = await stored(prefix, brokers);
    expect(after.daily.at(-1)).to.include({ close: '528.5000', high: '531.0000' });
    expect(after.snapshots.find((row) => row['company_id'] === after.companies[0]['id'])).to.include({ last_price: '528.5000' });
    expect(after.companies).to.deep.equal(before.companies);
    expect(after.metrics).to.deep.equal(before.metrics);
    expect(after.companies[0]['symbol']).to.equal(a);
  });

  it('refreshes the snapshot from the daily prices: last close, previous close, 52-week range of 365 days', async () => {
    const { a, b, fixture } = marketFixture();
    await ingest.execute(await write(fixture, 'csv'));
    const snapshot = async (symbol: string) =>
      (
        await select<Record<string, unknown>>(
          `SELECT to_char(s.as_of, 'YYYY-MM-DD') AS as_of, s.last_price, s.previous_close, s.week52_high, s.week52_low
             FROM market_company_snapshots s JOIN market_companies c ON c.id = s.company_id WHERE c.symbol = $1`,
          [symbol],
        )
      )[0];

    // The last bar (2024-07-01) has no previous_close: the prior bar's close (510) stands in.
    // 2023-07-02 (high 900, low 10) is 365 days before as_of, outside; 2023-07-03 (700, 50) inside.
    expect(await snapshot(a)).to.deep.equal({ as_of: '2024-07-01', last_price: '525.0000', previous_close: '510.0000', week52_high: '700.0000', week52_low: '50.0000' });
    // No prices: the row exists, with nulls, as of today in Nepal (from 18:15 UTC that is tomorrow's UTC date).
    expect(await snapshot(b)).to.deep.equal({ as_of: nepalToday(new Clock()), last_price: null, previous_close: null, week52_high: null, week52_low: null });

    // A new latest bar with its own previous_close: the window moves (2023-07-03 drops out).
    const next = { symbol: a, trade_date: '2024-07-02', open: 526, high: 540, low: 520, close: 530, previous_close: 524, volume: 1, turnover: 530 };
    const summary = await ingest.execute(await write({ daily_prices: [next] }, 'csv'));
    expect(summary.snapshots).to.deep.equal({ companies: 1, inserted: 0, updated: 1, unchanged: 0 });
    expect(await snapshot(a)).to.deep.equal({ as_of: '2024-07-02', last_price: '530.0000', previous_close: '524.0000', week52_high: '540.0000', week52_low: '495.0000' });
  });

  it('takes symbols, sectors and brokers already in the database as references', async () => {
    const { a, brokers, sector, contract, fixture } = marketFixture();
    await ingest.execute(await write({ sectors: fixture.sectors, companies: fixture.companies, brokers: fixture.brokers }, 'csv'));
    const summary = await ingest.execute(
      await write(
        {
          companies: [{ symbol: `${a}X`, name: 'Gamma', sector_code: sector }],
          floor_sheet: [{ ...fixture.floor_sheet[0], contract_id: contract + 7, buyer_broker: brokers[1], seller_broker: brokers[0] }],
        },
        'json',
      ),
    );
    expect(counts(summary)).to.deep.equal({ 'companies.json': [1, 0, 0], 'floor_sheet.json': [1, 0, 0] });
    expect(summary.snapshots.companies).to.equal(2);
  });

  it('keeps the ids of existing sectors and companies when they are loaded again with changes', async () => {
    const { prefix, brokers, fixture } = marketFixture();
    await ingest.execute(await write(fixture, 'csv'));
    const before = await stored(prefix, brokers);
    fixture.sectors[0].name = 'Renamed sector';
    fixture.companies[0].name = 'Alpha Bank Ltd';
    const summary = await ingest.execute(await write({ sectors: fixture.sectors, companies: fixture.companies }, 'csv'));
    expect(counts(summary)).to.deep.equal({ 'sectors.csv': [0, 1, 0], 'companies.csv': [0, 1, 1] });
    const after = await stored(prefix, brokers);
    expect(after.sectors[0]).to.include({ id: before.sectors[0]['id'], name: 'Renamed sector' });
    expect(after.companies.map((row) => row['id'])).to.deep.equal(before.companies.map((row) => row['id']));
    expect(after.companies[0]['updated_at']).to.be.above(before.companies[0]['updated_at'] as Date);
    expect(after.companies[1]['updated_at']).to.deep.equal(before.companies[1]['updated_at']);
  });

  it('leaves nothing behind when a bad cell sits in the last file, and names its file, line and field', async () => {
    const { prefix, brokers, fixture } = marketFixture();
    // The broker numbers are random, so another test's load may already hold one: compare with before.
    const before = await stored(prefix, brokers);
    fixture.floor_sheet[1].rate = 'abc';
    const error = await ingest.execute(await write(fixture, 'csv')).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(IngestionError);
    expect(error).to.include({ file: 'floor_sheet.csv', line: 3, field: 'rate', message: 'floor_sheet.csv line 3, field rate: "abc" is not a number' });
    expect(await stored(prefix, brokers)).to.deep.equal(before);
    expect(before.companies).to.be.empty;
  });

  it('rolls back every file already written when a later one fails during the write', async () => {
    const { prefix, brokers, fixture } = marketFixture();
    const before = await stored(prefix, brokers);
    const failure = new Error('disk full');
    const error = await ingest
      .execute(await write(fixture, 'json'), {
        onProgress: ({ phase, file }) => {
          if (phase === 'writing' && file === 'floor_sheet.json') throw failure;
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).to.equal(failure);
    expect(await stored(prefix, brokers)).to.deep.equal(before);
    expect(before.companies).to.be.empty;
  });

  it('drops the cached stock-analysis answers once the load committed, and none when it failed', async () => {
    const cached = ['cache:market:analysis:snapshot:symbol="X"', 'cache:market:analysis:peers:symbol="X"&symbols=[]'];
    const unrelated = 'cache:catalog:courses';
    await redis.mset(cached[0], '1 {}', cached[1], '1 {}', unrelated, '{}');

    const { fixture } = marketFixture();
    fixture.floor_sheet[1].rate = 'abc';
    await ingest.execute(await write(fixture, 'csv')).catch(() => undefined);
    expect(await redis.exists(...cached)).to.equal(2);

    const summary = await ingest.execute(await write(marketFixture().fixture, 'csv'));
    expect(summary.cachedAnswersCleared).to.be.at.least(2);
    expect(await redis.exists(...cached)).to.equal(0);
    expect(await redis.exists(unrelated)).to.equal(1);
    await redis.del(unrelated);
  });
});
