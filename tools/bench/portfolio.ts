import { performance } from 'node:perf_hooks';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database } from '@platform/db';
import { AddPortfolioTransactionUseCase, PortfolioCache, PortfolioHoldingsService, PortfolioOwnership, PortfoliosService, PositionRebuild, TIMELINE_START } from '@platform/domain';
import { COMPANIES } from '../market-demo/companies';
import { seedMarket } from '../seed/market.seeder';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import type { BenchActors } from './fixtures';
import type { Measurement } from './measure';
import {
  buyBody,
  countTransactions,
  finalUnits,
  GENERATOR_START,
  generateTransactions,
  goalLines,
  insertColumns,
  timingStats,
  TimingStats,
} from './portfolio-generator';
import type { ScenarioGroup, Target } from './scenarios';

/**
 * Issue 10 ("Performance"): the portfolio summary of a 10,000- and a 100,000-transaction
 * portfolio. `prepare` (only when BENCH_FILTER keeps the group) ingests the demo market
 * (`seedMarket`), creates two portfolios of the bench customer, inserts generated transactions
 * (portfolio-generator.ts: BUY/SELL/DIVIDEND/BONUS over every demo company, never oversold) in
 * bulk (INSERT ... SELECT FROM unnest, INSERT_BATCH rows a statement), then makes them consistent
 * the way a write does: PositionRebuild.from the origin of the timeline, once per (portfolio,
 * company), each in a transaction — the time of those replays is the "replay is linear" evidence.
 *
 * Then, with nothing else running, it times:
 * - the summary without the cache: PortfolioHoldingsService.summary over a pass-through
 *   PortfolioCache, SUMMARY_ITERATIONS calls one after another for each portfolio (the goal
 *   check: 10k p50 < 50 ms, 100k ≤ 12 × 10k);
 * - APPENDED_BUYS BUYs appended (now) to the 100k portfolio through AddPortfolioTransactionUseCase,
 *   which replays only from the new point, and one back-dated BUY (before every seeded
 *   transaction), which replays the whole timeline of its company, for contrast.
 * The HTTP scenarios are GET /summary of each portfolio with the customer's JWT, served from the
 * portfolio cache after the pre-flight request, against express + pg (one indexed lookup).
 */
export const PORTFOLIO_SIZES = [10_000, 100_000] as const;
const INSERT_BATCH = 10_000;
const SUMMARY_WARMUP = 20;
const SUMMARY_ITERATIONS = 200;
const APPENDED_BUYS = 5;
const INSERT_TRANSACTIONS_SQL = `
  INSERT INTO portfolio_transactions (id, portfolio_id, company_id, type, transacted_at, quantity, rate, amount, sebon_commission,
                                      broker_commission, dp_fee, net_amount, base_price, term, cgt_amount)
  SELECT t.id, $1::uuid, t.company_id, t.type, t.transacted_at, t.quantity, t.rate, t.amount, t.sebon, t.broker, t.dp, t.net, t.base, t.term, t.cgt
    FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[], $6::int[], $7::numeric[], $8::numeric[], $9::numeric[],
                $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::text[], $15::numeric[])
         AS t (id, company_id, type, transacted_at, quantity, rate, amount, sebon, broker, dp, net, base, term, cgt)`;

interface SeededPortfolio {
  size: number;
  id: string;
  /** Generated transactions per type, and companies traded. */
  counts: ReturnType<typeof countTransactions>;
  insertMs: number;
  /** One replay from the origin per company, each in its own transaction. */
  rebuildMs: number;
  /** The slowest company's replay, and its transaction count (the first replay of a run also warms the JIT up). */
  slowestRebuild: { ms: number; transactions: number };
  /** The median company's replay time. */
  medianRebuildMs: number;
  summary?: TimingStats;
}

interface WriteTimings {
  company: string;
  /** Live transactions of that company before the appends. */
  companyTransactions: number;
  appended: number[];
  backDated: number;
}

export interface PortfolioBench {
  groups: ScenarioGroup[];
}

/** Builds the group; the data and the in-process timings come from its `prepare`. */
export function startPortfolioBench(marketApi: RunningApp, baselines: Baselines, actors: BenchActors): PortfolioBench {
  const container = marketApi.app.container;
  const summaryTarget = (size: number): Target => ({
    name: `market-api GET /api/v1/market/portfolios/:id/summary (${size / 1_000}k tx, cached)`,
    kind: 'scenario',
    description:
      `customer JWT, user check, ownership query, portfolio summary of a portfolio of ${size.toLocaleString('en')} transactions ` +
      'over the demo companies from the portfolio cache (Redis MGET of the version + GET; warmed by the pre-flight request)',
    url: `${marketApi.baseUrl}/api/v1/market/portfolios/00000000-0000-0000-0000-000000000000/summary`,
    headers: { authorization: `Bearer ${actors.customerToken}` },
  });
  const targets = PORTFOLIO_SIZES.map(summaryTarget);
  const portfolios: SeededPortfolio[] = [];
  let writes: WriteTimings | undefined;
  const log = (line: string) => process.stderr.write(`  ${line}\n`);

  let prepared: Promise<void> | undefined;
  const prepare = () =>
    (prepared ??= (async () => {
      const db = container.get(Database);
      const started = performance.now();
      const { companies } = await seedMarket(container);
      log(`portfolio fixtures: ${companies.length} demo companies ingested in ${seconds(performance.now() - started)}`);
      const levels = companies.map((company) => COMPANIES.find((demo) => demo.symbol === company.symbol)?.priceLevel ?? 300);
      const companyIds = companies.map((company) => company.id);

      for (const [index, size] of PORTFOLIO_SIZES.entries()) {
        const { id } = await container.get(PortfoliosService).create(actors.customerId, { name: `Bench ${size.toLocaleString('en')} transactions` });
        const transactions = generateTransactions({ count: size, priceLevels: levels, seed: 10 + index });
        const insertStarted = performance.now();
        for (let from = 0; from < transactions.length; from += INSERT_BATCH) {
          const batch = transactions.slice(from, from + INSERT_BATCH);
          const ids = batch.map(() => uuidv7());
          await db.sequelize.query(INSERT_TRANSACTIONS_SQL, { bind: [id, ...insertColumns(batch, ids, companyIds)], type: QueryTypes.RAW });
        }
        const insertMs = performance.now() - insertStarted;
        await db.sequelize.query('VACUUM ANALYZE portfolio_transactions');

        const rebuild = container.get(PositionRebuild);
        const perCompany = new Map<number, number>();
        for (const tx of transactions) perCompany.set(tx.company, (perCompany.get(tx.company) ?? 0) + 1);
        let rebuildMs = 0;
        let slowestRebuild = { ms: 0, transactions: 0 };
        const replays: number[] = [];
        for (const [company, count] of perCompany) {
          const replayStarted = performance.now();
          await db.transaction((tx) => rebuild.from(id, companyIds[company], TIMELINE_START, tx));
          const ms = performance.now() - replayStarted;
          rebuildMs += ms;
          replays.push(ms);
          if (ms > slowestRebuild.ms) slowestRebuild = { ms, transactions: count };
        }
        await db.sequelize.query('VACUUM ANALYZE portfolio_transactions, portfolio_holdings');
        await checkHoldings(db, id, transactions.length, finalUnits(transactions), companyIds);
        const counts = countTransactions(transactions);
        const medianRebuildMs = timingStats(replays).p50;
        portfolios.push({ size, id, counts, insertMs, rebuildMs, slowestRebuild, medianRebuildMs });
        log(
          `portfolio ${size.toLocaleString('en')} tx (${counts.BUY} BUY, ${counts.SELL} SELL, ${counts.DIVIDEND} DIVIDEND, ${counts.BONUS} BONUS ` +
            `over ${counts.companies} companies): inserted in ${seconds(insertMs)}, replayed from the origin in ${seconds(rebuildMs)} ` +
            `(${perCompany.size} PositionRebuild.from, median ${ms(medianRebuildMs)}, slowest ${ms(slowestRebuild.ms)} for ` +
            `${slowestRebuild.transactions.toLocaleString('en')} tx); holdings checked`,
        );
        Object.assign(targets[index], { url: `${marketApi.baseUrl}/api/v1/market/portfolios/${id}/summary` });
      }

      // The summary's own work, without the cache: a PortfolioCache whose read always loads.
      const passThrough = {
        readJson: async (_id: string, _view: string, _variant: string, _owner: string, load: () => Promise<unknown>) => Buffer.from(JSON.stringify(await load())),
      };
      const uncached = new PortfolioHoldingsService(db, passThrough as unknown as PortfolioCache, new PortfolioOwnership(db));
      for (const portfolio of portfolios) {
        for (let n = 0; n < SUMMARY_WARMUP; n += 1) await uncached.summaryJson(actors.customerId, portfolio.id);
        const samples: number[] = [];
        for (let n = 0; n < SUMMARY_ITERATIONS; n += 1) {
          const callStarted = performance.now();
          await uncached.summaryJson(actors.customerId, portfolio.id);
          samples.push(performance.now() - callStarted);
        }
        portfolio.summary = timingStats(samples);
      }

      writes = await timeWrites(container, db, actors.customerId, portfolios[portfolios.length - 1].id, companies, levels);
    })());

  const summarize = async (measurements: Measurement[]): Promise<string[]> => {
    const lines: string[] = [];
    for (const portfolio of portfolios) {
      lines.push(
        `seeded ${portfolio.size.toLocaleString('en')} tx: bulk insert ${seconds(portfolio.insertMs)}, replay from the origin ${seconds(portfolio.rebuildMs)} ` +
          `(${(portfolio.rebuildMs / portfolio.size).toFixed(3)} ms per transaction; median company ${ms(portfolio.medianRebuildMs)})`,
      );
    }
    const [small, large] = portfolios;
    if (small && large) {
      lines.push(
        `replay 100k/10k: ${(large.rebuildMs / small.rebuildMs).toFixed(1)}× in all, ${(large.medianRebuildMs / small.medianRebuildMs).toFixed(1)}× ` +
          'for the median company, for 10× the transactions (linear = 10; below it, fixed costs per replay still count)',
      );
    }
    for (const portfolio of portfolios) {
      const stats = portfolio.summary;
      if (!stats) continue;
      lines.push(
        `summary uncached in-process, ${portfolio.size.toLocaleString('en')} tx (${stats.count} calls in turn): ` +
          `p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}, max ${ms(stats.max)}, mean ${ms(stats.mean)}`,
      );
    }
    if (small?.summary && large?.summary) lines.push(...goalLines(small.summary.p50, large.summary.p50));
    if (writes) {
      const appended = timingStats(writes.appended);
      lines.push(
        `appended BUY on the 100k portfolio (${writes.company}, ${writes.companyTransactions.toLocaleString('en')} tx of it): ` +
          `${writes.appended.map(ms).join(', ')} (median ${ms(appended.p50)}); back-dated BUY (before every transaction of it, ` +
          `replays its whole timeline): ${ms(writes.backDated)}`,
      );
    }
    for (const { target, outcome } of measurements) {
      if (!outcome) continue;
      const { requestsPerSecond, latencyMs } = outcome.measured;
      lines.push(`${target.name}: ${Math.round(requestsPerSecond).toLocaleString('en')} req/s, p50 ${latencyMs.p50} ms, p99 ${latencyMs.p99} ms`);
    }
    return lines;
  };

  return {
    groups: [
      {
        prepare,
        baseline: {
          name: 'baseline: express + pg (portfolio)',
          kind: 'baseline',
          description: 'express() + pg.Pool(DB_POOL_MAX): SELECT id FROM users WHERE id = $1 (one indexed lookup)',
          url: baselines.expressPgUrl(actors.customerId),
        },
        scenarios: targets,
        summarize,
      },
    ],
  };
}

/** portfolio_holdings must hold what the generator says: every transaction counted, the final units of every company. */
async function checkHoldings(db: Database, portfolioId: string, transactions: number, units: Map<number, number>, companyIds: readonly string[]): Promise<void> {
  const rows = await db.sequelize.query<{ companyId: string; units: string; transactions: number }>(
    `SELECT company_id AS "companyId", units::text AS units, transactions FROM portfolio_holdings WHERE portfolio_id = :portfolioId`,
    { replacements: { portfolioId }, type: QueryTypes.SELECT },
  );
  const counted = rows.reduce((sum, row) => sum + row.transactions, 0);
  if (counted !== transactions) throw new Error(`portfolio ${portfolioId}: holdings count ${counted} transactions, ${transactions} were inserted`);
  for (const [company, expected] of units) {
    const row = rows.find((candidate) => candidate.companyId === companyIds[company]);
    if (Number(row?.units) !== expected) throw new Error(`portfolio ${portfolioId}: company ${companyIds[company]} holds ${row?.units} units, expected ${expected}`);
  }
}

/**
 * APPENDED_BUYS BUYs at "now" (after every seeded transaction) of the 100k portfolio's busiest
 * company through the service (validation, portfolio lock, insert, replay from the new point,
 * holding refresh, view), then one BUY before its first transaction (replays all of it).
 */
async function timeWrites(
  container: ContainerInstance,
  db: Database,
  customerId: string,
  portfolioId: string,
  companies: ReadonlyArray<{ id: string; symbol: string }>,
  levels: readonly number[],
): Promise<WriteTimings> {
  const [busiest] = await db.sequelize.query<{ companyId: string; transactions: number }>(
    `SELECT company_id AS "companyId", transactions FROM portfolio_holdings WHERE portfolio_id = :portfolioId ORDER BY transactions DESC LIMIT 1`,
    { replacements: { portfolioId }, type: QueryTypes.SELECT },
  );
  const index = companies.findIndex((company) => company.id === busiest.companyId);
  const ratePaisa = Math.round(levels[index] * 100);
  const addTransaction = container.get(AddPortfolioTransactionUseCase);
  const timed = async (body: Record<string, unknown>) => {
    const started = performance.now();
    await addTransaction.execute(customerId, portfolioId, body);
    return performance.now() - started;
  };
  const appended: number[] = [];
  for (let n = 0; n < APPENDED_BUYS; n += 1) appended.push(await timed(buyBody(busiest.companyId, 10, ratePaisa, new Date(Date.now() - 1_000))));
  const backDated = await timed(buyBody(busiest.companyId, 10, ratePaisa, new Date(GENERATOR_START.getTime() - 86_400_000)));
  return { company: companies[index].symbol, companyTransactions: busiest.transactions, appended, backDated };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const seconds = (value: number) => `${(value / 1_000).toFixed(2)} s`;
