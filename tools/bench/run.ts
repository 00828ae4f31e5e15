import 'reflect-metadata';
import { join } from 'node:path';
import { startAdminOrdersBench } from './admin-orders';
import { startApps } from './apps';
import { startBaselines } from './baselines';
import { createBenchEnvironment } from './bench-environment';
import { startChannelPushFanOutBench } from './channel-push-fan-out';
import { startChannelsBench } from './channels';
import { Cleanup } from './cleanup';
import { createCommerceFixtures } from './commerce';
import { createBenchActors } from './fixtures';
import { startHotReadsBench } from './hot-reads';
import { startMarketBench } from './market';
import { measure, Measurement, stopLoadGenerator } from './measure';
import { startPortfolioBench } from './portfolio';
import { buildReport, formatChecks, formatTable, writeReport } from './report';
import { BenchCheck, buildPlan, filterPlan } from './scenarios';
import { readBenchSettings } from './settings';
import { startSocketFanOutBench } from './socket-fan-out';
import { startTrainingBench } from './training';
import { startUncachedCustomerApi } from './uncached-customer-api';
import { startUncachedReadsBench } from './uncached-reads';
import { startSigningTargets } from './uploads';

/**
 * `npm run bench`: the four apps (and a customer-api with its caches off) and two baseline servers in this process, the load generator
 * (autocannon) in a child process, a scratch database and Redis prefix that are removed at the end.
 * Prints a table, writes tmp/bench/results.json, exits 1 when any target saw non-2xx (other than its
 * expectedStatuses) or errors, or a group's check (`verify`, e.g. the training group's no-oversell) failed.
 */
const RESULTS_FILE = join(__dirname, '..', '..', 'tmp', 'bench', 'results.json');

const cleanup = new Cleanup();
let interrupted = false;
const log = (message: string) => process.stderr.write(`${message}\n`);

async function main(): Promise<number> {
  const startedAt = new Date();
  const settings = readBenchSettings();

  const env = await createBenchEnvironment(cleanup);
  log(`bench: database ${env.databaseName}, Redis prefix ${env.redisPrefix}, DB_POOL_MAX ${env.config.db.pool.max}`);
  const apps = await startApps(env.infra, cleanup);
  const uncachedCustomerApi = await startUncachedCustomerApi(env.infra, cleanup);
  const actors = await createBenchActors(apps.customerApi.app.container);
  const commerce = await createCommerceFixtures(apps.customerApi.app.container);
  const baselines = await startBaselines(env.config, cleanup);
  const signing = await startSigningTargets(env.infra, cleanup);
  const adminOrders = await startAdminOrdersBench(env.config, apps.adminApi, cleanup);
  const market = await startMarketBench(env.infra, baselines, actors, settings, cleanup);
  const portfolio = startPortfolioBench(apps.marketApi, baselines, actors);
  const training = startTrainingBench(apps.customerApi, baselines);
  const channels = startChannelsBench(env.config, apps.adminApi, baselines, actors);
  const pushFanOut = startChannelPushFanOutBench(env.config, apps, baselines, actors);
  const socketFanOut = startSocketFanOutBench(env.config, apps, baselines, actors);
  const hotReads = startHotReadsBench(apps.customerApi, baselines, actors);
  const uncachedReads = startUncachedReadsBench(uncachedCustomerApi, env.infra.redis, baselines, commerce);
  const plan = filterPlan(
    [...buildPlan(apps, baselines, actors, signing, commerce, adminOrders, market), ...portfolio.groups, ...training.groups, ...channels.groups, ...pushFanOut.groups, ...socketFanOut.groups, ...hotReads.groups, ...uncachedReads.groups],
    settings.filter,
  );
  if (plan.length === 0) throw new Error(`BENCH_FILTER "${settings.filter}" matches no scenario`);

  const targets = plan.reduce((count, group) => count + 1 + group.scenarios.length, 0);
  log(
    `bench: ${targets} targets x (${settings.warmupSeconds}s warm-up + ${settings.durationSeconds}s), ` +
      `${settings.connections} connections`,
  );
  const measurements: Measurement[] = [];
  const checks: BenchCheck[] = [];
  for (const group of plan) {
    if (interrupted) return 130;
    await group.prepare?.();
    const measured: Measurement[] = [];
    for (const [target, baseline] of [[group.baseline, undefined] as const, ...group.scenarios.map((s) => [s, group.baseline] as const)]) {
      if (interrupted) return 130;
      log(`  ${target.name} ...`);
      measured.push(await measure(target, settings, baseline));
    }
    measurements.push(...measured);
    for (const line of (await group.summarize?.(measured)) ?? []) log(`  ${line}`);
    const verified = (await group.verify?.(measured)) ?? [];
    if (verified.length > 0) log(formatChecks(verified).replace(/^/gm, '  '));
    checks.push(...verified);
  }
  if (interrupted) return 130;

  const report = buildReport(measurements, settings, env.config.db.pool.max, startedAt, checks);
  await writeReport(report, RESULTS_FILE);
  process.stdout.write(
    `\n${formatTable(report.results)}\n\nrequests/s are autocannon's per-second average (a fixed amount of requests: total / elapsed); ` +
      `latencies in ms; vs baseline = app req/s / baseline req/s\n${checks.length > 0 ? `\nchecks:\n${formatChecks(checks)}\n` : ''}results: ${RESULTS_FILE}\n`,
  );
  if (report.problems.length > 0) {
    process.stdout.write(`\nFAILED: ${report.problems.length} problem(s)\n${report.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    return 1;
  }
  return 0;
}

function onSignal(signal: NodeJS.Signals): void {
  log(`\nbench: ${signal}, cleaning up (a second ${signal} exits at once)`);
  interrupted = true;
  process.once(signal, () => process.exit(130));
  stopLoadGenerator();
  cleanup.run().finally(() => process.exit(130));
}
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

main()
  .catch((error) => {
    log(`bench failed: ${error?.stack ?? error}`);
    return 1;
  })
  .then(async (code) => {
    await cleanup.run();
    process.exit(code);
  });
