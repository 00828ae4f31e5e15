import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { loadConfig } from '@platform/config';
import { dropDatabase, ensureDatabase } from '@platform/db';
import type { Cleanup } from '../bench/cleanup';
import { loadDotenv } from '../scripts/load-dotenv';
import type { Urls } from './walk';

const ROOT = join(__dirname, '..', '..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** `npm start` running in a process group of its own on scratch ports, database and Redis prefix. */
export interface Stack {
  urls: Urls;
  databaseName: string;
  redisPrefix: string;
  logFile: string;
  /** Keep the scratch folder with the log (set when the run failed). */
  keepLog: boolean;
  /** The last lines `npm start` and its apps printed. */
  tail(lines?: number): string;
  /** Ctrl-C (SIGINT to the whole group), as in a terminal; SIGKILL after `graceMs` (then null). Resolves with how npm exited. */
  stop(graceMs?: number): Promise<Exit | null>;
}

/**
 * Ports `WALKTHROUGH_PORT_BASE` + 1..6 (17001-17006 by default; SMTP on + 25), a database
 * `platform_walkthrough_<stamp>` and the Redis prefix `walkthrough:<stamp>`, all removed by `cleanup`.
 */
export async function startStack(cleanup: Cleanup): Promise<Stack> {
  loadDotenv(join(ROOT, '.env'));
  const base = Number(process.env['WALKTHROUGH_PORT_BASE'] ?? 17000);
  const ports = { admin: base + 1, customer: base + 2, market: base + 3, jobs: base + 4, sim: base + 5, sink: base + 6, smtp: base + 25 };
  for (const [name, port] of Object.entries(ports)) {
    if (await isListening(port)) throw new Error(`port ${port} (${name}) is taken: set WALKTHROUGH_PORT_BASE to a free range`);
  }
  const stamp = `${Date.now()}_${process.pid}`;
  const databaseName = `platform_walkthrough_${stamp}`;
  const redisPrefix = `walkthrough:${stamp}`;
  const databaseUrl = new URL(loadConfig(process.env).db.url);
  databaseUrl.pathname = `/${databaseName}`;
  const scratch = join(ROOT, 'tmp', 'walkthrough', stamp);
  mkdirSync(scratch, { recursive: true });

  await ensureDatabase(databaseUrl.toString());
  cleanup.add(`drop database ${databaseName}`, () => dropDatabase(databaseUrl.toString()));
  cleanup.add(`delete Redis keys under ${redisPrefix}:`, () => deleteRedisKeys(loadConfig(process.env).redis.url, `${redisPrefix}:`));

  // Set explicitly (an empty value counts as unset, and beats a developer's .env): the derived
  // defaults then point the gateways, callbacks and return origins at these ports.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_PRETTY: 'false',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_PREFIX: redisPrefix,
    ADMIN_API_PORT: String(ports.admin),
    CUSTOMER_API_PORT: String(ports.customer),
    MARKET_API_PORT: String(ports.market),
    JOBS_PORT: String(ports.jobs),
    GATEWAY_SIM_PORT: String(ports.sim),
    SMTP_SINK_WEB_PORT: String(ports.sink),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(ports.smtp),
    STORAGE_DRIVER: 'local',
    STORAGE_LOCAL_ROOT: join(scratch, 'storage'),
    PUSH_PROVIDER: 'log',
    // The README's demo logins and tokens are the development defaults.
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password-123',
    METRICS_TOKEN: 'dev-only-metrics-token',
    JOBS_DASHBOARD_TOKEN: 'dev-only-dashboard-token',
  };
  for (const key of ['SMTP_URL', 'SMTP_USER', 'SMTP_PASSWORD', 'TRUST_PROXY', 'RETURN_URL_ALLOWED_ORIGINS', 'ESEWA_FORM_URL', 'ESEWA_STATUS_URL', 'KHALTI_BASE_URL',
    'ADMIN_API_PUBLIC_BASE_URL', 'CUSTOMER_API_PUBLIC_BASE_URL', 'MARKET_API_PUBLIC_BASE_URL', 'JOBS_PUBLIC_BASE_URL', 'GATEWAY_SIM_PUBLIC_BASE_URL']) {
    env[key] = '';
  }

  const logFile = join(scratch, 'npm-start.log');
  const out = openSync(logFile, 'a');
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stack: Stack = {
    urls: Object.fromEntries(Object.entries(ports).filter(([name]) => name !== 'smtp').map(([name, port]) => [name, `http://localhost:${port}`])) as Urls,
    databaseName,
    redisPrefix,
    logFile,
    keepLog: false,
    tail: (lines = 40) => readFileSync(logFile, 'utf8').split('\n').slice(-lines - 1).join('\n'),
    stop: (graceMs = 30_000) => stopGroup(child, exited, graceMs),
  };
  // Popped newest first: the apps stop before their files go; the log stays when the run failed.
  cleanup.add(`remove ${scratch}`, () => (stack.keepLog ? undefined : rmSync(scratch, { recursive: true, force: true })));
  cleanup.add('stop npm start', () => stack.stop(5_000));
  return stack;
}

/** Waits for every service's /readyz; fails at once if `npm start` exits meanwhile. */
export async function waitUntilReady(stack: Stack, timeoutMs: number, onReady: (name: string, ms: number) => void): Promise<void> {
  const started = Date.now();
  await Promise.all(
    Object.entries(stack.urls).map(async ([name, url]) => {
      for (;;) {
        try {
          if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) return onReady(name, Date.now() - started);
        } catch {
          // not listening yet
        }
        if (Date.now() - started > timeoutMs) throw new Error(`${name} (${url}/readyz) not ready after ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }),
  );
}

async function stopGroup(child: ChildProcess, exited: Promise<Exit>, graceMs: number): Promise<Exit | null> {
  const group = -(child.pid as number);
  if (!signalGroup(group, 0)) return exited;
  signalGroup(group, 'SIGINT');
  const deadline = Date.now() + graceMs;
  // npm exits when start.ts does; the apps may outlive it by a moment: wait for the whole group.
  while (signalGroup(group, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (signalGroup(group, 0)) {
    process.stderr.write(`walkthrough: npm start did not stop within ${graceMs / 1000} s after SIGINT; killing its process group\n`);
    signalGroup(group, 'SIGKILL');
    return null;
  }
  return exited;
}

/** process.kill on a process group; false when the group no longer exists. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group, signal);
    return true;
  } catch {
    return false;
  }
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1_000 });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.once('connect', () => done(true)).once('error', () => done(false)).once('timeout', () => done(false));
  });
}

/** Removes whatever the run left under its prefix (caches, rate-limit counters, bull keys). */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}
