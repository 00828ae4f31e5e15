import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ChannelMembershipModel, PushDeviceModel, UserModel } from '@platform/db';
import { CONFIG, PushMessage, PushProvider, PushProviders } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import { closeTestInfrastructure, isolatedInfrastructure, TEST_ENV, testContainer } from '@platform/testing';
import { fanOutMemberId, readFanOutMembers, runFanOut, seedFanOutChannel } from './channel-push-fan-out';
import { CountingPushProvider, expectedProviderRequests, FanOutOutcome, fanOutChecks, MemorySampler } from './channel-push-fan-out-checks';

/** The channels/push-fan-out bench group (issue 22): its verdict without a run, its counting, and a small run on the test database. */
describe('channels bench: the broadcast push fan-out', () => {
  const MB = 1024 * 1024;
  const message: PushMessage = { title: 'Bench', body: 'New update available', data: {} };
  const outcome = (changes: Partial<FanOutOutcome> = {}): FanOutOutcome => ({
    members: 1_000,
    report: { outcome: 'processed', sent: 1_000, skipped: 0 },
    deliveries: { rows: 1_000, sent: 1_000, recipients: 1_000, maxAttempts: 1 },
    eventProcessed: true,
    provider: { requests: 2, tokens: 1_000, largestRequest: 500, once: 1_000, repeated: 0, unknownTokens: 0 },
    expectedRequests: 2,
    batchLimit: 500,
    wallMs: 250,
    processCpuMs: 50,
    memory: { rssBefore: 300 * MB, rssPeak: 310 * MB, heapUsedBefore: 150 * MB, heapUsedPeak: 160 * MB, heapUsedAfter: 152 * MB, samples: 6 },
    ...changes,
  });
  const failed = (o: FanOutOutcome) => fanOutChecks(o, 64).filter((check) => !check.ok).map((check) => check.name);

  it('passes when every member was sent once in the expected requests, the event processed and the heap grew less than the goal', () => {
    expect(failed(outcome())).to.deep.equal([]);
    expect(fanOutChecks(outcome())[0]?.detail).to.equal(
      '1,000 of 1,000 push deliveries sent (1,000 rows, 1,000 members, at most 1 attempt(s) each); the use case counted 1,000 sent, 0 skipped; ' +
        '0.3 s (0.1 s of it on this process\'s CPU), 4,000 members/s',
    );
  });

  it('fails "sent exactly once" when a member was missed, sent twice (a second attempt) or the use case counted otherwise', () => {
    const once = 'every member sent exactly once';
    expect(failed(outcome({ deliveries: { rows: 1_000, sent: 999, recipients: 1_000, maxAttempts: 1 } }))).to.deep.equal([once]);
    expect(failed(outcome({ deliveries: { rows: 1_000, sent: 1_000, recipients: 1_000, maxAttempts: 2 } }))).to.deep.equal([once]);
    expect(failed(outcome({ report: { outcome: 'processed', sent: 998, skipped: 2 } }))).to.deep.equal([once]);
  });

  it('fails the provider check on a token sent twice, an unknown token, another request count or an oversized request', () => {
    const provider = outcome().provider;
    const tokens = 'each token in one provider request, 500 a request at most';
    expect(failed(outcome({ provider: { ...provider, once: 999, repeated: 1, tokens: 1_001 } }))).to.deep.equal([tokens]);
    expect(failed(outcome({ provider: { ...provider, unknownTokens: 1 } }))).to.deep.equal([tokens]);
    expect(failed(outcome({ provider: { ...provider, requests: 1_000, largestRequest: 1 } }))).to.deep.equal([tokens]);
    expect(failed(outcome({ provider: { ...provider, requests: 1, largestRequest: 1_000 } }))).to.deep.equal([tokens]);
  });

  it('fails when the event is not processed, and when the peak heap grew by the goal or more', () => {
    expect(failed(outcome({ eventProcessed: false }))).to.deep.equal(['the event is processed']);
    const memory = { ...outcome().memory, heapUsedPeak: 214 * MB };
    expect(failed(outcome({ memory }))).to.deep.equal(['memory bounded: peak heap growth under 64 MB']);
    expect(fanOutChecks(outcome({ memory }), 64)[3]?.detail).to.match(/^heap used 150\.0 MB before, 214\.0 MB at peak \(\+64\.0 MB\)/);
  });

  it('expects ceil(page / 500) provider requests per page of 1,000 single-device members', () => {
    expect(expectedProviderRequests(100_000, 1_000, 500)).to.equal(200);
    expect(expectedProviderRequests(1_234, 1_000, 500)).to.equal(3);
    expect(expectedProviderRequests(1_100, 1_000, 500)).to.equal(3);
    expect(expectedProviderRequests(1, 1_000, 500)).to.equal(1);
  });

  it('counts requests and each member’s token by the number its token ends in, and passes every send on', async () => {
    const sent: string[][] = [];
    const inner: PushProvider = {
      name: 'log',
      sendToTokens: async (tokens) => {
        sent.push([...tokens]);
        return { delivered: tokens.length, invalidTokens: [], failedTokens: [], unansweredTokens: [], errors: [] };
      },
      sendToTopic: async () => undefined,
    };
    const counting = new CountingPushProvider(inner, 4);
    expect(await counting.sendToTokens(['t-x-1', 't-x-2', 't-x-3'], message)).to.deep.equal({ delivered: 3, invalidTokens: [], failedTokens: [], unansweredTokens: [], errors: [] });
    await counting.sendToTokens(['t-x-2', 't-x-5', 'no-number-x'], message);
    expect(sent).to.deep.equal([['t-x-1', 't-x-2', 't-x-3'], ['t-x-2', 't-x-5', 'no-number-x']]);
    expect({ requests: counting.requests, tokens: counting.tokens, largest: counting.largestRequest, unknown: counting.unknownTokens }).to.deep.equal({
      requests: 2,
      tokens: 6,
      largest: 3,
      unknown: 2,
    });
    expect(counting.tally()).to.deep.equal({ once: 2, repeated: 1 });
  });

  it('keeps the peaks of the samples taken between start and stop', () => {
    const sampler = new MemorySampler();
    sampler.start(60_000);
    const before = sampler.stop();
    const peaks = new MemorySampler();
    peaks.start(60_000);
    peaks.sample({ rss: before.rssBefore + 10 * MB, heapUsed: before.heapUsedBefore + 40 * MB });
    peaks.sample({ rss: before.rssBefore + 20 * MB, heapUsed: before.heapUsedBefore + 5 * MB });
    const seen = peaks.stop();
    expect(seen.rssPeak).to.be.at.least(before.rssBefore + 20 * MB);
    expect(seen.heapUsedPeak).to.be.at.least(before.heapUsedBefore + 40 * MB);
    expect(seen.samples).to.equal(4);
  });

  it('takes BENCH_FAN_OUT_MEMBERS from 1 to 1,000,000, default 100,000', () => {
    expect(readFanOutMembers({})).to.equal(100_000);
    expect(readFanOutMembers({ BENCH_FAN_OUT_MEMBERS: '2500' })).to.equal(2_500);
    for (const raw of ['0', '1000001', '1.5', 'many']) expect(() => readFanOutMembers({ BENCH_FAN_OUT_MEMBERS: raw }), raw).to.throw(/BENCH_FAN_OUT_MEMBERS/);
  });

  it('bulk-loads joined members with one device each, and pushes a post to each of them once through the jobs’ use case', async function () {
    this.timeout(60_000);
    // Queues of its own: a worker of another suite in this run must not deliver the post's job meanwhile.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:push-fan-out-bench-spec` });
    const infra = await isolatedInfrastructure('push-fan-out-bench-spec', {}, { queues });
    try {
      await loadAndFanOut(await testContainer('push-fan-out-bench-spec', infra));
    } finally {
      await queues.close();
      await closeTestInfrastructure(infra);
    }
  });
});

/** Loads 1,234 members and fans a post out to them in `container`, checking the outcome. */
async function loadAndFanOut(container: ContainerInstance): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const seeded = await seedFanOutChannel(container.get(CONFIG), 1_234, tag);
  const first = fanOutMemberId(tag, 1);
  expect(await ChannelMembershipModel.count({ where: { channelId: seeded.channelId, isJoined: true, leftAt: null } })).to.equal(1_234);
  expect(await UserModel.count({ where: { id: [first, fanOutMemberId(tag, 1_234)] } })).to.equal(2);
  expect((await PushDeviceModel.findAll({ where: { userId: first }, raw: true })).map((device) => device.token)).to.deep.equal([`bench-fan-out-${tag}-1`]);

  const providers = container.get(PushProviders);
  const configured = await providers.current();
  const run = await runFanOut({ posts: container, jobs: container }, seeded);
  const correctness = fanOutChecks(run).slice(0, 3);
  expect(correctness.filter((check) => !check.ok)).to.deep.equal([]);
  expect(run.provider.requests).to.equal(3);
  expect(await providers.current()).to.equal(configured);
}
