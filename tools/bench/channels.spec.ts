import { expect } from 'chai';
import { ChannelAccessPolicyModel, ChannelDiscussionModel, ChannelPostModel } from '@platform/db';
import { CONFIG } from '@platform/domain';
import { testContainer } from '@platform/testing';
import { answeredPage, postCursorChecks, PostCursorOutcome } from './channel-post-cursor-checks';
import { readChannelPostCount, seedChannel } from './channels';
import type { LoadStats } from './load';

/** The channels/post-cursor bench group (issue 21): its verdict without a load run, and its bulk load on the test database. */
describe('channels bench: the post cursor at depth', () => {
  const stats = (requestsPerSecond: number): LoadStats => ({
    requestsPerSecond, totalRequests: 100, latencyMs: { p50: 10, p99: 20, average: 11, max: 30 }, non2xx: 0, errors: 0, timeouts: 0, statusCodes: { '200': 100 }, durationSeconds: 1,
  });
  const newest = ['1000', '999', '998'];
  const oldest = ['3', '2', '1'];
  const outcome = (firstRps: number, deepRps: number, deepIds = oldest, deepHasMore = false): PostCursorOutcome => ({
    first: { page: { ids: newest, hasMore: true }, stats: [stats(firstRps)] },
    deep: { page: { ids: deepIds, hasMore: deepHasMore }, stats: stats(deepRps) },
    expected: { newest, oldest },
  });
  const failed = (o: PostCursorOutcome) => postCursorChecks(o).filter((check) => !check.ok).map((check) => check.name);

  it('passes when both pages hold their posts and the deep one costs at most 1.2× the first', () => {
    expect(failed(outcome(1_000, 1_000))).to.deep.equal([]);
    expect(failed(outcome(1_000, 840))).to.deep.equal([]);
    expect(failed(outcome(1_000, 1_300))).to.deep.equal([]);
  });

  it('fails when the deep page costs more than 1.2× the first (an OFFSET walk would)', () => {
    expect(failed(outcome(1_000, 820))).to.deep.equal(['deep page costs at most 1.2× the first']);
    expect(postCursorChecks(outcome(1_000, 500))[2]?.detail).to.match(/^2\.00× \(first 1000 req\/s, p50 10 ms; deep 500 req\/s/);
  });

  it('takes the mean of the first page’s runs before and after the deep one', () => {
    const drifted = { ...outcome(1_000, 1_000), first: { page: { ids: newest, hasMore: true }, stats: [stats(1_300), stats(900)] } };
    expect(postCursorChecks(drifted)[2]).to.deep.include({
      ok: true,
      detail: '1.10× (first 1300 req/s, p50 10 ms and 900 req/s, p50 10 ms; deep 1000 req/s, p50 10 ms)',
    });
  });

  it('fails when the deep target did not answer the oldest posts, so a cheap wrong page cannot pass', () => {
    expect(failed(outcome(1_000, 1_000, newest, true))).to.deep.equal(['deep page: the oldest posts, none follow']);
    expect(failed(outcome(1_000, 1_000, oldest, true))).to.deep.equal(['deep page: the oldest posts, none follow']);
    expect(failed({ ...outcome(1_000, 1_000), first: { page: { ids: oldest, hasMore: true }, stats: [stats(1_000)] } })).to.deep.equal([
      'first page: the newest posts, more follow',
    ]);
  });

  it('fails every check when a target was not measured', () => {
    expect(failed({ expected: { newest, oldest } })).to.have.length(3);
  });

  it('reads a page of the cursor envelope, and nothing else', () => {
    expect(answeredPage({ data: { items: [{ id: 5 }, { id: '4' }], cursor: {}, limit: 20, has_more: false, count: 2 } })).to.deep.equal({
      ids: ['5', '4'],
      hasMore: false,
    });
    expect(answeredPage({ data: [] })).to.equal(undefined);
    expect(answeredPage(undefined)).to.equal(undefined);
  });

  it('takes BENCH_CHANNEL_POST_COUNT from 100 to 10,000,000, default 1,000,000', () => {
    expect(readChannelPostCount({})).to.equal(1_000_000);
    expect(readChannelPostCount({ BENCH_CHANNEL_POST_COUNT: '5000' })).to.equal(5_000);
    expect(() => readChannelPostCount({ BENCH_CHANNEL_POST_COUNT: '99' })).to.throw(/BENCH_CHANNEL_POST_COUNT/);
  });

  it('bulk-loads one channel of TEXT posts as the constraints allow, and names its newest, oldest and deep cursor', async function () {
    this.timeout(60_000);
    const container = await testContainer('channels-bench-spec');
    const seeded = await seedChannel(container.get(CONFIG), 150, () => undefined);
    const ids = (await ChannelPostModel.findAll({ where: { channelId: seeded.channelId }, attributes: ['id'], order: [['id', 'ASC']] })).map((p) => p.id);
    expect(ids).to.have.length(150);
    expect(seeded.oldest).to.deep.equal(ids.slice(0, 20).reverse());
    expect(seeded.newest).to.deep.equal(ids.slice(-20).reverse());
    expect(seeded.deepBeforeId).to.equal(ids[20]);
    expect(await ChannelPostModel.count({ where: { channelId: seeded.channelId, type: 'TEXT', attachmentCount: 0 } })).to.equal(150);
    expect(await ChannelAccessPolicyModel.count({ where: { channelId: seeded.channelId } })).to.equal(1);
    expect(await ChannelDiscussionModel.count({ where: { channelId: seeded.channelId } })).to.equal(1);
  });
});
