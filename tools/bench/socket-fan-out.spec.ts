import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { CONFIG } from '@platform/domain';
import { testContainer } from '@platform/testing';
import { closeTestInfrastructure, realtimeInfrastructure, startCustomerApi } from '../../apps/customer-api/src/realtime/realtime.test-helper';
import { seedFanOutChannel } from './channel-push-fan-out';
import { readSocketCount, runSocketFanOut } from './socket-fan-out';
import { deliveryLatency, memoryPerSocket, socketFanOutChecks, SocketFanOutOutcome } from './socket-fan-out-checks';

/** The channels/socket-fan-out bench group (issue 23): its verdict without a run, and a small run against a real customer-api. */
describe('channels bench: a post’s realtime event fanned out to the sockets of a room', () => {
  const KB = 1024;
  const MB = 1024 * 1024;
  const outcome = (changes: Partial<SocketFanOutOutcome> = {}): SocketFanOutOutcome => ({
    sockets: 4,
    ready: { type: 'ready', connected: 4, joined: 4, refusals: [] },
    roomSize: 4,
    connectMs: 800,
    postStartedAt: { '7': 1_000, '8': 2_000 },
    receipts: { type: 'receipts', receivedAt: { '7': [1_010, 1_020, 1_030, 1_400], '8': [2_005, 2_010, 2_015, 2_020] }, duplicates: 0, outOfOrder: 0, unexpected: 0 },
    memory: { before: { heapUsed: 100 * MB, external: 2 * MB, rss: 300 * MB }, connected: { heapUsed: 100 * MB + 80 * KB, external: 2 * MB, rss: 300 * MB + 40 * KB } },
    ...changes,
  });
  const goals = { p99Ms: 1_000, heapPerSocketKb: 64 };
  const failed = (o: SocketFanOutOutcome) => socketFanOutChecks(o, goals).filter((check) => !check.ok).map((check) => check.name);

  it('measures each delivery from its post’s start: nearest-rank p50 and p99, and the max', () => {
    expect(deliveryLatency(outcome())).to.deep.equal({ count: 8, p50: 15, p99: 400, max: 400 });
    const many = { '1': Array.from({ length: 100 }, (_, n) => n + 1) };
    expect(deliveryLatency({ postStartedAt: { '1': 0 }, receipts: { ...outcome().receipts, receivedAt: many } })).to.deep.equal({ count: 100, p50: 50, p99: 99, max: 100 });
  });

  it('divides the memory the sockets added by their number', () => {
    expect(memoryPerSocket(outcome())).to.deep.equal({ heapUsed: 20 * KB, external: 0, rss: 10 * KB });
  });

  it('passes a run where every socket joined, got each post once in order, fast enough and in little memory', () => {
    expect(failed(outcome())).to.deep.equal([]);
    expect(socketFanOutChecks(outcome(), goals)[2]?.detail).to.equal(
      "from the start of the admin's post to the client's handler: p50 15.0 ms, p99 400.0 ms, max 400.0 ms",
    );
  });

  it('fails the join check on a refused handshake or join, or a room the server counts short', () => {
    const joined = 'every socket connected and joined the room';
    expect(failed(outcome({ ready: { type: 'ready', connected: 3, joined: 3, refusals: ['handshake refused: UNAUTHORIZED'] } }))).to.deep.equal([joined]);
    expect(failed(outcome({ ready: { type: 'ready', connected: 4, joined: 3, refusals: ['join refused: CHANNEL_ACCESS_DENIED'] } }))).to.deep.equal([joined]);
    expect(failed(outcome({ roomSize: 3 }))).to.deep.equal([joined]);
  });

  it('fails the delivery check on a socket missing a post, a duplicate, a seq out of order or an unexpected event', () => {
    const once = 'every post reached every socket exactly once, in seq order';
    const receipts = outcome().receipts;
    expect(failed(outcome({ receipts: { ...receipts, receivedAt: { ...receipts.receivedAt, '8': [2_005, 2_010, 2_015] } } }))).to.deep.equal([once]);
    expect(failed(outcome({ receipts: { ...receipts, duplicates: 1 } }))).to.deep.equal([once]);
    expect(failed(outcome({ receipts: { ...receipts, outOfOrder: 1 } }))).to.deep.equal([once]);
    expect(failed(outcome({ receipts: { ...receipts, unexpected: 1 } }))).to.deep.equal([once]);
    expect(failed(outcome({ postStartedAt: {}, receipts: { ...receipts, receivedAt: {} } }))).to.include(once);
  });

  it('fails on a p99 at the goal or above, and on a heap per socket at the goal or above', () => {
    const receipts = outcome().receipts;
    expect(failed(outcome({ receipts: { ...receipts, receivedAt: { ...receipts.receivedAt, '7': [1_010, 1_020, 1_030, 2_000] } } }))).to.deep.equal([
      'delivery p99 under 1,000 ms',
    ]);
    const memory = { ...outcome().memory, connected: { ...outcome().memory.connected, heapUsed: 100 * MB + 256 * KB } };
    expect(failed(outcome({ memory }))).to.deep.equal(["server heap per socket under 64 KB (the bench process's growth)"]);
  });

  it('takes BENCH_SOCKETS from 1 to 20,000, default 2,000', () => {
    expect(readSocketCount({})).to.equal(2_000);
    expect(readSocketCount({ BENCH_SOCKETS: '500' })).to.equal(500);
    for (const raw of ['0', '20001', '2.5', 'all']) expect(() => readSocketCount({ BENCH_SOCKETS: raw }), raw).to.throw(/BENCH_SOCKETS/);
  });

  it('connects a socket per member to a real customer-api, and every admin post reaches each of them once', async function () {
    this.timeout(60_000);
    const infra = await realtimeInfrastructure('socket-fan-out-bench');
    const customerApi = await startCustomerApi(infra);
    try {
      const posts = await testContainer('socket-fan-out-bench', infra);
      const seeded = await seedFanOutChannel(posts.get(CONFIG), 30, randomUUID().slice(0, 8));
      const run = await runSocketFanOut({ posts, customerApi: { app: customerApi.app, baseUrl: customerApi.url, realtime: customerApi.realtime } }, seeded, undefined, 3);
      expect(socketFanOutChecks(run).slice(0, 2).filter((check) => !check.ok)).to.deep.equal([]);
      expect(Object.keys(run.postStartedAt)).to.have.length(3);
      expect(deliveryLatency(run).count).to.equal(90);
      // The child closed its sockets: the room empties.
      for (let wait = 0; wait < 50 && customerApi.realtime.io.of('/').sockets.size > 0; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(customerApi.realtime.io.of('/').sockets.size).to.equal(0);
    } finally {
      await customerApi.close();
      await closeTestInfrastructure(infra);
    }
  });
});
