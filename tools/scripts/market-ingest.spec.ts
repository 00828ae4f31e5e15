import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEnv } from '@platform/testing';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run market:ingest -- <directory>`'s command in a child process, on the run's scratch database. */
function marketIngest(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', 'tools/scripts/market-ingest.ts', ...args],
      { env: testEnv(), cwd: process.cwd(), timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}

/** Issue 9: the ingestion command's exit code and output (the loader itself: libs/domain/src/market/ingestion). */
describe('npm run market:ingest', function () {
  this.timeout(60_000);
  let directory: string;
  const prefix = `C${randomBytes(4).toString('hex').toUpperCase()}`;

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'market-ingest-cli-'));
    await writeFile(join(directory, 'sectors.csv'), `code,name\ns_${prefix.toLowerCase()},CLI Sector\n`);
    await writeFile(join(directory, 'companies.json'), JSON.stringify([{ symbol: `${prefix}A`, name: 'CLI Alpha', sector_code: `s_${prefix.toLowerCase()}` }]));
    await writeFile(join(directory, 'daily_prices.csv'), `symbol,trade_date,open,high,low,close\n${prefix}A,2024-07-01,100,110,95,105\n`);
  });

  after(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('loads a directory, prints the rows inserted, updated and unchanged per file, and exits 0', async () => {
    const first = await marketIngest(directory);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout).to.match(/^sectors\.csv\s+1\s+1\s+0\s+0$/m);
    expect(first.stdout).to.match(/^companies\.json\s+1\s+1\s+0\s+0$/m);
    expect(first.stdout).to.match(/^daily_prices\.csv\s+1\s+1\s+0\s+0$/m);
    expect(first.stdout).to.match(/^cached stock-analysis answers cleared: \d+$/m);

    const again = await marketIngest(directory);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.match(/^daily_prices\.csv\s+1\s+0\s+0\s+1$/m);
  });

  it('exits 1 with the message naming file, line and field, without a stack trace', async () => {
    await writeFile(join(directory, 'daily_prices.csv'), `symbol,trade_date,open,high,low,close\n${prefix}A,2024-07-02,100,110,95,abc\n`);
    const run = await marketIngest(directory);
    expect(run.code).to.equal(1);
    expect(run.stderr.trim()).to.equal('market:ingest failed: daily_prices.csv line 2, field close: "abc" is not a number');
    expect(run.stdout).to.equal('');
  });

  it('prints its usage: exit 0 when asked with --help, exit 2 without a directory', async () => {
    const help = await marketIngest('--help');
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^usage: npm run market:ingest -- <directory>/);
    const bare = await marketIngest();
    expect(bare.code).to.equal(2);
    expect(bare.stderr).to.match(/^usage:/);
  });
});
