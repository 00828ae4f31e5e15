import { expect } from 'chai';
import { TEST_ENV } from '@platform/testing';
import { QueueRegistry, QueueUnavailableError } from './queue-registry';

/** A registry of its own (not the suites' shared one), under a prefix of its own. */
function registry(logged: string[] = []) {
  const logger = { warn: (_context: object, message?: string) => logged.push(message ?? ''), debug: () => undefined };
  return new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'] as string, prefix: `${TEST_ENV['REDIS_PREFIX']}:registry-${Date.now()}`, logger } as never);
}

describe(QueueRegistry.name, () => {
  it('refuses queue() and add() with QueueUnavailableError while closing, so a job finishing during shutdown opens no queue close() would miss', async function () {
    this.timeout(15_000);
    const queues = registry();
    const cart = queues.queue('cart');
    let addDuringClose: Promise<unknown> | undefined;
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      void cart.process('cart.clear_after_order_confirmed', 1, async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        // The job runs on while close() waits for it, and queues follow-up work on another queue.
        addDuringClose = queues.add('notification.deliver', { eventId: 'e1' }).then(
          () => 'added',
          (error: unknown) => error,
        );
        await addDuringClose;
      });
    });
    await queues.add('cart.clear_after_order_confirmed', { userId: 'u', orderId: 1 });
    await started;
    const closing = queues.close();
    expect(() => queues.queue('notifications')).to.throw(QueueUnavailableError);
    release();
    await closing;
    expect(await addDuringClose).to.be.instanceOf(QueueUnavailableError);
    expect((queues as unknown as { queues: Map<string, unknown> }).queues.size, 'no queue left open').to.equal(0);
  });

  it('stops waiting for an active job at the deadline, logs it and closes', async function () {
    this.timeout(15_000);
    const logged: string[] = [];
    const queues = registry(logged);
    const cart = queues.queue('cart');
    const started = new Promise<void>((resolve) => {
      void cart.process('cart.clear_after_order_confirmed', 1, () => {
        resolve();
        return new Promise(() => undefined); // never finishes
      });
    });
    await queues.add('cart.clear_after_order_confirmed', { userId: 'u', orderId: 2 });
    await started;
    const before = Date.now();
    await queues.close(300);
    expect(Date.now() - before).to.be.below(3_000);
    expect(logged.join('\n')).to.include('jobs still active at the shutdown deadline');
  });
});
