import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { testContainer } from '@platform/testing';
import { IngestMarketDataUseCase } from './ingest-market-data.use-case';
import { IngestionError } from './ingestion.errors';
import { marketFixture, MarketFixture, writeFixture } from './market-fixture.test-helper';

/**
 * Issue 9: bad input stops the load before anything is written, with an error naming the file,
 * the line (JSON: item) and the field.
 */
describe(`${IngestMarketDataUseCase.name} refuses bad input`, () => {
  let db: Database;
  let ingest: IngestMarketDataUseCase;
  const directories: string[] = [];

  before(async () => {
    const container = await testContainer('market-ingestion-errors');
    db = container.get(Database);
    ingest = container.get(IngestMarketDataUseCase);
  });

  after(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  async function refusal(fixture: MarketFixture, format: 'csv' | 'json' = 'csv'): Promise<IngestionError> {
    const directory = await writeFixture(fixture, format);
    directories.push(directory);
    const error = await ingest.execute(directory).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(IngestionError);
    return error as IngestionError;
  }

  async function refusalOfFiles(files: Record<string, string>): Promise<IngestionError> {
    const directory = await mkdtemp(join(tmpdir(), 'market-ingest-'));
    directories.push(directory);
    for (const [name, text] of Object.entries(files)) await writeFile(join(directory, name), text);
    const error = await ingest.execute(directory).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(IngestionError);
    return error as IngestionError;
  }

  const where = ({ file, line, field }: IngestionError) => ({ file, line, field });

  it('names an unknown symbol, and writes none of the files before it', async () => {
    const { prefix, fixture } = marketFixture();
    fixture.dividends[0].symbol = 'NOSUCHSYMBOL9';
    const error = await refusal(fixture);
    expect(error.message).to.equal('dividends.csv line 2, field symbol: no company with symbol "NOSUCHSYMBOL9" in this load (companies) or in the database');
    const [{ count }] = await db.sequelize.query<{ count: string }>(`SELECT count(*) FROM market_companies WHERE symbol LIKE :like`, {
      replacements: { like: `${prefix}%` },
      type: QueryTypes.SELECT,
    });
    expect(count).to.equal('0');
  });

  it('names an unknown sector code and an unknown broker (JSON: by item)', async () => {
    const one = marketFixture();
    one.fixture.companies[1].sector_code = 'no_such_sector_x';
    expect(where(await refusal(one.fixture))).to.deep.equal({ file: 'companies.csv', line: 3, field: 'sector_code' });

    const two = marketFixture();
    delete two.fixture.brokers; // the fixture's broker numbers are new: the database has none of them
    const error = await refusal(two.fixture, 'json');
    expect(error.message).to.match(/^floor_sheet\.json item 1, field buyer_broker: no broker number \d+ in this load \(brokers\) or in the database$/);
  });

  it('names unknown and missing columns of a CSV header', async () => {
    const { fixture } = marketFixture();
    fixture.daily_prices = fixture.daily_prices.map(({ close: _close, ...row }) => ({ ...row, closing: 1, extra: 2 }));
    const unknown = await refusal(fixture);
    expect(unknown.message).to.equal(
      'daily_prices.csv line 1, field closing: unknown columns closing, extra; daily_prices takes symbol, trade_date, open, high, low, close, previous_close, volume, turnover',
    );

    fixture.daily_prices = fixture.daily_prices.map(({ closing: _closing, extra: _extra, low: _low, ...row }) => row);
    const missing = await refusal(fixture);
    expect(missing.message).to.equal('daily_prices.csv line 1, field low: missing required columns low, close');
  });

  it('names an unknown or missing key of a JSON object, by item', async () => {
    const { fixture } = marketFixture();
    fixture.metrics[2] = { ...fixture.metrics[2], note: 'x' };
    expect(await refusal(fixture, 'json')).to.include({ file: 'metrics.json', line: 3, field: 'note' });

    const other = marketFixture();
    delete other.fixture.ownership[1].percent;
    const error = await refusal(other.fixture, 'json');
    expect(error.message).to.equal('ownership.json item 2, field percent: missing required column percent');
  });

  it('refuses a metric value whose status is not valid, and a valid status without a value', async () => {
    const one = marketFixture();
    one.fixture.metrics[1].value = 3.2;
    expect((await refusal(one.fixture)).message).to.equal(
      'metrics.csv line 3, field value: a value is given but status is negative_input; the value must be empty unless status is valid',
    );

    const two = marketFixture();
    two.fixture.statements[2].value = null;
    expect((await refusal(two.fixture)).message).to.equal('statements.csv line 4, field value: status is valid but the value is empty');

    const three = marketFixture();
    three.fixture.statements[1].status = 'upstream_missing';
    three.fixture.statements[1].value = '0';
    expect(where(await refusal(three.fixture, 'json'))).to.deep.equal({ file: 'statements.json', line: 2, field: 'value' });

    const four = marketFixture();
    four.fixture.metrics[0].status = 'stale';
    expect((await refusal(four.fixture)).message).to.equal(
      'metrics.csv line 2, field status: "stale" is not one of valid, upstream_missing, insufficient_history, negative_input, insufficient_cohort',
    );

    const five = marketFixture();
    five.fixture.metrics[0].source = 'yahoo';
    expect(where(await refusal(five.fixture))).to.deep.equal({ file: 'metrics.csv', line: 2, field: 'source' });
  });

  it('ties quarter 0 to annual periods and audited values to annual periods', async () => {
    const one = marketFixture();
    one.fixture.statements[0].fiscal_quarter = 2;
    expect((await refusal(one.fixture)).message).to.equal('statements.csv line 2, field fiscal_quarter: must be 0 or empty for an annual period, not 2');

    const two = marketFixture();
    two.fixture.statements[1].is_audited = true;
    expect((await refusal(two.fixture)).message).to.equal('statements.csv line 3, field is_audited: only an annual value can be audited');
  });

  it('refuses bad cells with a message quoting them', async () => {
    const cases: [keyof ReturnType<typeof marketFixture>['fixture'] & string, number, string, string | number, string][] = [
      ['daily_prices', 0, 'trade_date', '2024-02-30', 'daily_prices.csv line 2, field trade_date: "2024-02-30" is not a date (YYYY-MM-DD)'],
      ['daily_prices', 2, 'low', 530, 'daily_prices.csv line 4, field low: 530.0000 is above the open (500.0000) or the close (510.0000)'],
      ['daily_prices', 1, 'open', -1, 'daily_prices.csv line 3, field open: "-1" must be greater than 0'],
      ['daily_prices', 1, 'volume', '1.5', 'daily_prices.csv line 3, field volume: "1.5" is not a whole number'],
      ['announcements', 0, 'published_at', '9999-12-31T23:59:59-23:59', 'announcements.csv line 2, field published_at: "9999-12-31T23:59:59-23:59" is outside 0001-01-01 to 9999-12-31 (UTC)'],
      ['intraday_prices', 0, 'traded_at', '2024-07-01 05:15', 'intraday_prices.csv line 2, field traded_at: "2024-07-01 05:15" is not an RFC 3339 instant (e.g. 2024-07-01T10:15:00+05:45)'],
      ['ownership', 0, 'percent', 100.5, 'ownership.csv line 2, field percent: "100.5" must not exceed 100'],
      ['companies', 0, 'symbol', 'NA-BIL', 'companies.csv line 2, field symbol: "NA-BIL" is not a symbol (1-20 letters and digits)'],
      ['companies', 1, 'name', '  ', 'companies.csv line 3, field name: must not be blank'],
      ['announcements', 0, 'type', 'merger', 'announcements.csv line 2, field type: "merger" is not one of dividend, bonus, rights, agm, financial_report'],
      ['announcements', 0, 'source_url', 'ftp://x', 'announcements.csv line 2, field source_url: "ftp://x" is not an http(s) URL'],
      ['statements', 0, 'is_audited', 'yes', 'statements.csv line 2, field is_audited: "yes" is not true or false'],
      ['floor_sheet', 0, 'quantity', '', 'floor_sheet.csv line 2, field quantity: a value is required'],
      ['brokers', 0, 'number', 40000, 'brokers.csv line 2, field number: "40000" is out of range (1 to 32767)'],
    ];
    for (const [file, index, field, value, message] of cases) {
      const { fixture } = marketFixture();
      fixture[file][index][field] = value;
      expect((await refusal(fixture)).message, `${file}.${field}`).to.equal(message);
    }
  });

  it('refuses a JSON decimal with more than 15 significant digits, naming the field', async () => {
    const { fixture } = marketFixture();
    fixture.daily_prices[1].close = Number('505.12345678901234'); // as JSON.parse reads it
    expect((await refusal(fixture, 'json')).message).to.equal(
      'daily_prices.json item 2, field close: 505.1234567890123 has more than 15 significant digits, too many for a JSON number; write it as a string',
    );
  });

  it('refuses a natural key given twice in one file, even written two ways', async () => {
    const { fixture } = marketFixture();
    fixture.intraday_prices[1].traded_at = '2024-07-01T11:00:00+05:45'; // 05:15:00Z, as the first tick
    expect((await refusal(fixture)).message).to.equal('intraday_prices.csv line 3, field traded_at: repeats line 2 (same symbol, traded_at)');
  });

  it('refuses a directory with a misspelt file, a kind given twice, or no market file', async () => {
    expect((await refusalOfFiles({ 'sectors.csv': 'code,name\n', 'daily_price.csv': 'x\n' })).message).to.match(/^daily_price\.csv: is not a market file/);
    expect((await refusalOfFiles({ 'sectors.csv': 'code,name\n', 'sectors.json': '[]' })).message).to.equal('sectors.json: sectors is given twice (sectors.csv and sectors.json); keep one');
    expect((await refusalOfFiles({ 'notes.txt': 'hello' })).message).to.match(/: holds no market files/);
  });

  it('refuses malformed CSV and JSON, naming the line', async () => {
    expect((await refusalOfFiles({ 'sectors.csv': 'code,name\nbanks,Banks\nhydro\n' })).message).to.equal('sectors.csv line 3: has 1 fields; the header has 2');
    expect((await refusalOfFiles({ 'sectors.csv': 'code,name\nbanks,"Banks\n\nhydro,Hydro\n' })).message).to.equal('sectors.csv line 2: a quoted field is never closed');
    expect((await refusalOfFiles({ 'sectors.json': '{"code":"banks"}' })).message).to.equal('sectors.json: must hold a JSON array of objects');
    expect((await refusalOfFiles({ 'sectors.json': '[{"code":"banks",' })).message).to.match(/^sectors\.json: is not valid JSON/);
    expect((await refusalOfFiles({ 'sectors.json': '[{"code":"banks","name":{"en":"Banks"}}]' })).message).to.equal(
      'sectors.json item 1, field name: must be a string, number, boolean or null',
    );
  });
});
