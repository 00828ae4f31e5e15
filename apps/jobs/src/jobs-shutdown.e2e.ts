import { ChildProcess, spawn } from 'node:child_process';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, NotificationEventModel } from '@platform/db';
import { NotificationOutbox, notificationDeliveryJobId } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import { createAppContainer } from '@platform/runtime';
import { createCustomer, eventually, sharedInfrastructure, TEST_ENV, testEnv, TestCustomer, unusedAddress } from '@platform/testing';
import { SmtpSink, startSmtpSink } from './workers/notification-smtp-sink.test-helper';

interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The jobs app as a user starts it (`npm start` runs the same command), on its own port and Redis prefix. */
async function startJobsProcess(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; exited: Promise<Stopped> }> {
  const port = Number(new URL(await unusedAddress()).port);
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'apps/jobs/src/main.ts'], {
    env: testEnv({ ...env, JOBS_PORT: String(port), LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<Stopped>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, ...output })));
  await eventually(async () => child.exitCode === null && (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)), 60_000, 250)
    .catch(async (error) => {
      child.kill('SIGKILL');
      const stopped = await exited;
      throw new Error(`${error.message}; the jobs app printed:\n${stopped.stdout}\n${stopped.stderr}`);
    });
  return { child, port, exited };
}

/**
 * README, "Two commands": Ctrl-C stops the jobs app cleanly. The signal arrives while notification
 * deliveries are in flight (the SMTP server answers slowly): the process exits 0 without an uncaught
 * error, the deliveries it had started finish, and the ones it had not started stay queued.
 */
describe('jobs app shutdown', () => {
  let sink: SmtpSink;
  let customer: TestCustomer;

  before(async function () {
    this.timeout(30_000);
    sink = await startSmtpSink();
    sink.delayMs = 2_000;
    customer = await createCustomer(createAppContainer('jobs-shutdown', await sharedInfrastructure()));
  });

  after(() => sink.close());

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} finishes the jobs in flight, keeps the waiting ones and exits 0 without an error`, async function () {
      this.timeout(90_000);
      const prefix = `${TEST_ENV['REDIS_PREFIX']}:shutdown-${signal}`;
      const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix });
      const container = createAppContainer('jobs-shutdown', { ...(await sharedInfrastructure()), queues });
      const jobs = await startJobsProcess({ REDIS_PREFIX: prefix, SMTP_URL: sink.url });
      try {
        const jobIds = [];
        for (let index = 0; index < 8; index += 1) jobIds.push(notificationDeliveryJobId(await recordEvent(container, customer, `${signal}-${index}`)));
        const before = sink.messages.length;
        await eventually(async () => sink.received > before, 30_000);
        const inFlight = (await queues.queue('notifications').getActive()).map((job) => String(job.id));
        expect(inFlight).to.not.be.empty;

        jobs.child.kill(signal);
        const stopped = await jobs.exited;

        expect(stopped.stderr, stopped.stderr).not.to.match(/error|^\s+at /im);
        expect(stopped, stopped.stdout).to.include({ code: 0, signal: null });
        const logged = stopped.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
        expect(logged.filter((entry) => entry.level >= 40), stopped.stdout).to.deep.equal([]);
        const states = await Promise.all(jobIds.map(async (id) => [id, await (await queues.queue('notifications').getJob(id))?.getState()]));
        for (const [id, state] of states) expect(['completed', 'waiting'], `${id} is ${state}`).to.include(state);
        for (const id of inFlight) expect(Object.fromEntries(states)[id], `${id} was in flight`).to.equal('completed');
        const completed = states.filter(([, state]) => state === 'completed').length;
        expect(sink.messages.length - before).to.equal(completed);
      } finally {
        jobs.child.kill('SIGKILL');
        await queues.close();
      }
    });
  }
});

/** Records an outbox event in a transaction, as business writes do; its delivery job is queued after commit. */
async function recordEvent(container: ContainerInstance, customer: TestCustomer, label: string): Promise<string> {
  const dedupeKey = `JOBS_SHUTDOWN:${TEST_ENV['REDIS_PREFIX']}:${label}`;
  await container.get(Database).transaction((tx) =>
    container.get(NotificationOutbox).record(
      {
        event: 'ORDER_PLACED_CHECKOUT',
        to: { audience: 'customer', userId: customer.id },
        payload: { orderId: 900_100, orderNumber: label, total: 10_000, items: [{ productId: 1, productType: 'course', title: 'Shutdown', price: 10_000 }] },
        dedupeKey,
      },
      tx,
    ),
  );
  const event = await NotificationEventModel.findOne({ where: { dedupeKey }, rejectOnEmpty: true });
  return String(event.id);
}
