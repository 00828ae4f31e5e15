import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cleanup } from '../bench/cleanup';
import { authWalkthrough } from './auth.walk';
import { browserPurchaseWalkthrough } from './browser.walk';
import { marketWalkthrough } from './market.walk';
import { platformWalkthrough, subscriptionGrantWalkthrough } from './platform.walk';
import { purchaseWalkthrough } from './purchase.walk';
import { trainingWalkthrough } from './training.walk';
import { channelsWalkthrough } from './channels.walk';
import { newsletterWalkthrough } from './newsletter.walk';
import { startStack, waitUntilReady } from './stack';
import { Walk, WalkthroughFailure } from './walk';

/**
 * `npm run walkthrough`: runs the README's walkthroughs against a real `npm start` — on scratch
 * ports (WALKTHROUGH_PORT_BASE + 1..6, default 17001-17006), a scratch database and Redis prefix —
 * and stops it as Ctrl-C does. Prints a line per step; exits 1 naming the step, the request, the
 * status and the body of the first unexpected answer. The apps are always stopped (their process
 * group) and the database dropped, also on failure and on Ctrl-C.
 */
const WALKTHROUGHS: Array<[string, (w: Walk) => Promise<void>]> = [
  ['apps, health, metrics, docs (README "Two commands", "Configuration")', platformWalkthrough],
  ['Authentication in one minute', authWalkthrough],
  ['Buy the demo course without a browser (sita; the simulator decides)', purchaseWalkthrough],
  ["Buy the demo course the browser's way (ram; the simulator's form and Approve)", browserPurchaseWalkthrough],
  ['Stock analysis, the company directory and a portfolio', marketWalkthrough],
  ['Admin subscription grant', subscriptionGrantWalkthrough],
  ['Trainings: an admin publishes one, a customer finds it', trainingWalkthrough],
  ['Channels: an admin creates one and posts, a customer joins and reads it', channelsWalkthrough],
  ['Newsletter: readers and tiers, an admin publishes an item', newsletterWalkthrough],
];
const READY_TIMEOUT_MS = 180_000;

const say = (message: string) => process.stdout.write(`[walkthrough] ${message}\n`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const started = Date.now();
  const cleanup = new Cleanup();
  const interrupted = (signal: string) => {
    say(`${signal}: stopping npm start and dropping the scratch database`);
    void cleanup.run().then(() => process.exit(130));
  };
  process.once('SIGINT', () => interrupted('SIGINT'));
  process.once('SIGTERM', () => interrupted('SIGTERM'));

  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  let walk: Walk | undefined;
  try {
    stack = await startStack(cleanup);
    say(`npm start on ${stack.urls.admin} … ${stack.urls.sink}, database ${stack.databaseName}, Redis prefix ${stack.redisPrefix}`);
    await waitUntilReady(stack, READY_TIMEOUT_MS, (name, ms) => say(`${name} ready after ${(ms / 1000).toFixed(1)} s`));
    walk = new Walk(stack.urls, readme);
    for (const [title, run] of WALKTHROUGHS) {
      walk.section(title);
      await run(walk);
    }
    walk.section('Ctrl-C stops everything');
    const exit = await stack.stop();
    // npm itself dies of the SIGINT, as in a terminal; what matters is that everything exited in time, quietly.
    walk.check('stop', exit !== null && (exit.code === 0 || exit.signal === 'SIGINT'), `npm start ${exit === null ? 'was still running 30 s after SIGINT' : `exited with code ${exit.code}`}`);
    const log = readFileSync(stack.logFile, 'utf8');
    const crashed = log.slice(log.search(/shutting down|\[start\] stopping/)).split('\n')
      .filter((line) => /exited unexpectedly|Uncaught|Error:|"level":(50|60)|^\[[\w-]+\]\s+at /.test(line));
    walk.check('stop', crashed.length === 0, `npm start logged errors while stopping:\n${crashed.slice(0, 20).join('\n')}`);
    walk.ok('stop', `every process of npm start exited after SIGINT, logging no error (npm: ${exit?.signal ?? `code ${exit?.code}`})`);
    say(`passed: ${walk.steps} steps in ${seconds(started)}`);
    return 0;
  } catch (error) {
    const message = error instanceof WalkthroughFailure ? error.message : (error as Error)?.stack ?? String(error);
    process.stdout.write(`\n[walkthrough] FAILED after ${walk?.steps ?? 0} steps (${seconds(started)}): ${message}\n`);
    if (stack) {
      stack.keepLog = true;
      process.stdout.write(`\n[walkthrough] the last lines of npm start (all of them in ${stack.logFile}):\n${stack.tail(60)}\n`);
    }
    return 1;
  } finally {
    await cleanup.run();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`walkthrough crashed: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
