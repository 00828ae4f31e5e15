import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { LoadJob, LoadOutcome } from './load';
import type { Target } from './scenarios';
import type { BenchSettings } from './settings';

export interface Measurement {
  target: Target;
  /** The baseline this target is compared with (none for a baseline itself). */
  baseline?: Target;
  outcome?: LoadOutcome;
  /** Why there is no outcome: the pre-flight request or the load generator failed. */
  error?: string;
}

let running: ChildProcess | undefined;

/** One request first (a wrong token or a 404 fails fast and readably), then the load in a child process. */
export async function measure(target: Target, settings: BenchSettings, baseline?: Target): Promise<Measurement> {
  const preflight = await checkOnce(target);
  if (preflight) return { target, baseline, error: preflight };
  try {
    const outcome = await runLoadGenerator({
      url: target.url,
      headers: target.headers,
      method: target.method,
      body: target.body,
      connections: target.connections ?? settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      perRequest: target.perRequest,
      amount: target.amount,
      tallyAnswers: target.tallyAnswers,
      timeoutSeconds: target.timeoutSeconds,
    });
    return { target, baseline, outcome };
  } catch (error) {
    return { target, baseline, error: (error as Error).message };
  }
}

/** Kills the load generator child, if one is running (Ctrl-C). */
export function stopLoadGenerator(): void {
  running?.kill('SIGTERM');
}

async function checkOnce(target: Target): Promise<string | undefined> {
  try {
    const response = await fetch(target.url, {
      method: target.method ?? 'GET',
      headers: target.headers,
      body: target.body,
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text();
    if (response.ok) return undefined;
    return `pre-flight request answered HTTP ${response.status}: ${body.slice(0, 200)}`;
  } catch (error) {
    return `pre-flight request failed: ${(error as Error).message}`;
  }
}

function runLoadGenerator(job: LoadJob): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    // execArgv carries `-r @swc-node/register`, so the child runs load.ts as this process runs run.ts.
    const child = fork(join(__dirname, 'load.ts'), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    running = child;
    child.send(job);
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      running = undefined;
      if (code !== 0) return reject(new Error(`load generator exited with ${signal ?? `code ${code}`}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as LoadOutcome);
      } catch {
        reject(new Error(`load generator printed no result: ${stdout.slice(0, 200)}`));
      }
    });
  });
}
