import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@platform/config';
import { AccessTokenService } from '@platform/domain';
import { dropDatabase, ensureDatabase, runMigrations } from '@platform/db';
import { mp4Header } from '@platform/testing';
import { loadDotenv } from './load-dotenv';

/**
 * Peak memory of admin-api while it receives a large course trailer, to show uploads stream to
 * disk and on to storage instead of being held in memory:
 *
 *   node -r @swc-node/register tools/scripts/measure-upload-rss.ts [sizeMiB=200]
 *
 * Starts admin-api as a child process (local storage driver in a temporary directory, a scratch
 * database `platform_rss_<stamp>` that is dropped at the end), creates a course, streams a
 * generated MP4 of `sizeMiB` (a valid ftyp header, then filler; never in this process's memory
 * either) to POST /api/admin/courses/:id/trailer, and polls the child's VmRSS and VmHWM from
 * /proc/<pid>/status. Linux only (/proc).
 */
const MiB = 1024 * 1024;
const POLL_MS = 20;

async function main(): Promise<void> {
  loadDotenv();
  const sizeMiB = Number(process.argv[2] ?? 200);
  if (!Number.isInteger(sizeMiB) || sizeMiB < 1 || sizeMiB > 240) throw new Error('size must be 1..240 MiB (the trailer limit is 250 MiB)');
  const base = loadConfig();
  const stamp = Date.now();
  const databaseUrl = withDatabase(base.db.url, `platform_rss_${stamp}`);
  const storageRoot = await mkdtemp(join(tmpdir(), 'rss-storage-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `rss:${stamp}`,
    STORAGE_DRIVER: 'local',
    STORAGE_LOCAL_ROOT: storageRoot,
    ADMIN_API_PORT: String(port),
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
  };
  const config = loadConfig(env);
  let child: ChildProcess | undefined;
  try {
    await ensureDatabase(databaseUrl);
    await runMigrations(config.db);
    child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/admin-api/src/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(baseUrl);
    const token = new AccessTokenService(config).sign({ kind: 'admin', id: 'rss-measure', permissions: ['*'] }, 3600);

    const created = await fetch(`${baseUrl}/api/admin/courses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `RSS measure ${stamp}`, mrpPaisa: 1000, spPaisa: 1000 }),
    });
    if (created.status !== 201) throw new Error(`creating a course answered ${created.status}: ${await created.text()}`);
    const courseId = ((await created.json()) as { data: { id: number } }).data.id;

    const pid = child.pid as number;
    // Start-up (SWC compiling the app) is the idle process's peak; "5" resets VmHWM to the
    // current RSS (Linux >= 4.0, proc(5) clear_refs), so the peak below is the upload's own.
    const hwmReset = resetPeak(pid);
    const before = memory(pid);
    let peakRss = before.rssKiB;
    const poller = setInterval(() => {
      peakRss = Math.max(peakRss, memory(pid).rssKiB);
    }, POLL_MS);
    const started = Date.now();
    const response = await streamTrailer(baseUrl, courseId, token, sizeMiB * MiB);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(poller);
    const after = memory(pid);
    peakRss = Math.max(peakRss, after.rssKiB);

    process.stdout.write(
      [
        `upload: ${sizeMiB} MiB to POST /api/admin/courses/${courseId}/trailer -> ${response.status} in ${seconds.toFixed(1)} s`,
        `response: ${response.body.slice(0, 300)}`,
        `admin-api RSS before the upload: ${mib(before.rssKiB)} (VmHWM ${mib(before.hwmKiB)})`,
        `admin-api peak RSS while uploading (sampled every ${POLL_MS} ms): ${mib(peakRss)}`,
        hwmReset
          ? `admin-api VmHWM after the upload (peak since the reset before it): ${mib(after.hwmKiB)}`
          : `admin-api VmHWM after the upload (peak since start; clear_refs unavailable): ${mib(after.hwmKiB)}`,
        `peak growth over the idle process: ${mib(Math.max(after.hwmKiB, peakRss) - before.rssKiB)}`,
      ].join('\n') + '\n',
    );
    if (response.status !== 200) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    await dropDatabase(databaseUrl).catch((error) => process.stderr.write(`could not drop the scratch database: ${error}\n`));
    await rm(storageRoot, { recursive: true, force: true });
  }
}

/** Writes the multipart body in 1 MiB chunks, waiting for 'drain': the client never holds the file. */
function streamTrailer(baseUrl: string, courseId: number, token: string, totalBytes: number): Promise<{ status: number; body: string }> {
  const boundary = `----rss${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trailer.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const header = mp4Header(totalBytes);
  const filler = Buffer.alloc(MiB, 0x11);
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/admin/courses/${courseId}/trailer`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + totalBytes + tail.length),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    const write = async () => {
      const send = (chunk: Buffer) => (req.write(chunk) ? Promise.resolve() : new Promise<void>((done) => req.once('drain', () => done())));
      await send(head);
      await send(header);
      for (let left = totalBytes - header.length; left > 0; left -= filler.length) {
        await send(left >= filler.length ? filler : filler.subarray(0, left));
      }
      req.end(tail);
    };
    write().catch(reject);
  });
}

function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function memory(pid: number): { rssKiB: number; hwmKiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
}

const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`admin-api did not become ready within ${timeoutMs / 1000} s`);
}

main().catch((error) => {
  process.stderr.write(`measure-upload-rss failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
