import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { Database } from '@platform/db';
import { Clock, IngestMarketDataUseCase } from '@platform/domain';
import { COMPANIES } from '../market-demo/companies';
import { generateMarketDemo } from '../market-demo/generate';
import type { DemoManifest } from './demo-manifest';

type MarketManifest = Pick<DemoManifest, 'companies'>;

/**
 * CONTRACT section 7's market data: the files of tools/market-demo, dated up to today, loaded
 * through the same ingestion as `npm run market:ingest`. Only when none of the demo companies
 * exists yet: the files change with the day they are generated on, so loading them again on a
 * later day would rewrite the prices (seed:demo creates what is absent, nothing more).
 */
export async function seedMarket(container: ContainerInstance): Promise<MarketManifest> {
  const db = container.get(Database);
  const symbols = COMPANIES.map((company) => company.symbol);
  if ((await demoCompanies(db, symbols)).length === 0) {
    const directory = await mkdtemp(join(tmpdir(), 'market-demo-'));
    try {
      await generateMarketDemo({ outDir: directory, today: container.get(Clock).now() });
      await container.get(IngestMarketDataUseCase).execute(directory);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }
  return { companies: await demoCompanies(db, symbols) };
}

function demoCompanies(db: Database, symbols: string[]): Promise<DemoManifest['companies']> {
  return db.sequelize.query<DemoManifest['companies'][number]>(
    `SELECT c.id, c.symbol, s.code AS sector
       FROM market_companies c JOIN market_sectors s ON s.id = c.sector_id
      WHERE c.symbol IN (:symbols)
      ORDER BY c.symbol`,
    { replacements: { symbols }, type: QueryTypes.SELECT },
  );
}
