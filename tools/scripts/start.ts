import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { AppConfig, loadConfig } from '@platform/config';
import { ensureDatabase, migrateUp, UserModel } from '@platform/db';
import { createLogger } from '@platform/observability';
import { closeInfrastructure, createAppContainer, createInfrastructure } from '@platform/runtime';
import { seedDemo } from '../seed/seed-demo';
import { smtpTarget } from '../smtp-sink/smtp-target';
import { loadDotenv } from './load-dotenv';
import { dashboardLogin } from './start-banner';

/**
 * `npm start`: the whole platform on one machine. Applies migrations, loads the demo data into
 * an empty database, starts the gateway simulator and the four apps as child processes, waits
 * until each is ready, prints their URLs, and on Ctrl-C stops them all cleanly.
 */
const APPS = [
  { name: 'admin-api', entry: 'apps/admin-api/src/main.ts', docs: true },
  { name: 'customer-api', entry: 'apps/customer-api/src/main.ts', docs: true },
  { name: 'market-api', entry: 'apps/market-api/src/main.ts', docs: true },
  { name: 'jobs', entry: 'apps/jobs/src/main.ts', docs: false },
] as const;

/** eSewa and Khalti stand-in (tools/gateway-sim), started when the gateway URLs point at it. */
const SIMULATOR = { name: 'gateway-sim', entry: 'tools/gateway-sim/main.ts' } as const;
/** Local SMTP server that keeps mails for a web page (tools/smtp-sink), started when SMTP points at this machine. */
const SMTP_SINK = { name: 'smtp-sink', entry: 'tools/smtp-sink/main.ts' } as const;
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const children = new Map<string, ChildProcess>();
let stopping = false;

async function prepareDatabase(): Promise<void> {
  const config = loadConfig();
  if (await ensureDatabase(config.db.url)) say(`created database ${new URL(config.db.url).pathname.slice(1)}`);
  const infra = await createInfrastructure('start', config, { logger: createLogger({ name: 'start', level: 'warn' }) });
  try {
    const applied = await migrateUp(infra.db.sequelize);
    say(applied.length ? `applied migrations: ${applied.join(', ')}` : 'schema is up to date');
    if ((await UserModel.count()) === 0) {
      const manifest = await seedDemo(createAppContainer('start', infra));
      say(`loaded demo data: admin ${manifest.admin.email} / ${manifest.admin.password}; ` +
        `customers ${manifest.customers.map((c) => `${c.email} / ${c.password}`).join(', ')}`);
    }
  } finally {
    await closeInfrastructure(infra);
  }
}

/**
 * The simulator's URL when ESEWA_FORM_URL, ESEWA_STATUS_URL and KHALTI_BASE_URL all point at it
 * (their defaults: http://localhost:3005), else null: real gateways or another stand-in are set.
 */
function simulatorUrl(config: AppConfig): string | null {
  const { port } = config.devTools.gatewaySim;
  const { esewa, khalti } = config.payments;
  const pointsAtSimulator = (value: string) => {
    const url = new URL(value);
    return url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname) && Number(url.port || 80) === port;
  };
  return [esewa.formUrl, esewa.statusUrl, khalti.baseUrl].every(pointsAtSimulator) ? `http://localhost:${port}` : null;
}

function startApp(app: { name: string; entry: string }): void {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', app.entry], {
    env: { LOG_PRETTY: 'true', ...process.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(app.name, child);
  for (const stream of [child.stdout, child.stderr].filter((s) => s !== null)) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${app.name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    children.delete(app.name);
    if (!stopping) {
      say(`${app.name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the others`);
      void stopAll(1);
    }
  });
}

async function waitUntilReady(url: string, timeoutMs = 90_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  const exits = [...children.values()].map(
    (child) => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    }),
  );
  await Promise.all(exits);
  process.exit(exitCode);
}

function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.once('connect', () => done(true)).once('error', () => done(false)).once('timeout', () => done(false));
  });
}

function say(message: string): void {
  process.stdout.write(`[start] ${message}\n`);
}

async function main() {
  loadDotenv();
  const config = loadConfig();
  await prepareDatabase();
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  const simulator = simulatorUrl(config);
  if (simulator) startApp(SIMULATOR);
  else say('ESEWA_FORM_URL, ESEWA_STATUS_URL or KHALTI_BASE_URL points elsewhere: the gateway simulator is not started');
  const smtp = smtpTarget(config.smtp);
  // Another local SMTP server (docker-compose's Mailpit) may already own the port: use it instead.
  const smtpTaken = smtp.local && (await isListening(smtp.host, smtp.port));
  const smtpSink = smtp.local && !smtpTaken ? `http://localhost:${config.devTools.smtpSink.webPort}` : null;
  if (smtpSink) startApp(SMTP_SINK);
  else say(`${smtpTaken ? 'a server already listens on' : 'SMTP points at'} ${smtp.host}:${smtp.port}: the SMTP sink is not started`);
  for (const app of APPS) startApp(app);
  const urls = {
    'admin-api': `http://localhost:${config.apps.adminApi.port}`,
    'customer-api': `http://localhost:${config.apps.customerApi.port}`,
    'market-api': `http://localhost:${config.apps.marketApi.port}`,
    jobs: `http://localhost:${config.apps.jobs.port}`,
  };
  const ready = await Promise.all([
    ...APPS.map((app) => waitUntilReady(urls[app.name])),
    simulator ? waitUntilReady(simulator) : true,
    smtpSink ? waitUntilReady(smtpSink) : true,
  ]);
  if (stopping) return;
  if (ready.includes(false)) {
    say(`not ready: ${[...APPS, SIMULATOR, SMTP_SINK].filter((_, i) => !ready[i]).map((a) => a.name).join(', ')}`);
    return stopAll(1);
  }
  const rows = APPS.map((app) => {
    const url = urls[app.name];
    const extra = app.docs ? `docs ${url}/docs` : `queues ${url}/admin/queues (${dashboardLogin(config)})`;
    return `  ${app.name.padEnd(13)} ${url.padEnd(24)} ${extra}`;
  });
  if (simulator) rows.push(`  ${SIMULATOR.name.padEnd(13)} ${simulator.padEnd(24)} eSewa and Khalti stand-in: approve or decline payments on its pages`);
  if (smtpSink) rows.push(`  ${SMTP_SINK.name.padEnd(13)} ${smtpSink.padEnd(24)} the mails the apps sent (SMTP on ${smtp.host}:${smtp.port})`);
  say(`all apps are ready:\n${rows.join('\n')}\nPress Ctrl-C to stop.`);
}

main().catch((error) => {
  process.stderr.write(`npm start failed: ${error?.stack ?? error}\n`);
  void stopAll(1);
});
