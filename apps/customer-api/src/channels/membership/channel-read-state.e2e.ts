import { expect } from 'chai';
import { ChannelReadStateModel } from '@platform/db';
import { buildTestApp, createChannel, createChannelMembership, createChannelPost, createCustomer, TestApp } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { gatedChannel, membershipRoutes } from './channel-membership.test-helper';

/** community-content-uploads.md "Channels, mobile" rule 3: POST /api/mobile/channels/{id}/read-state. */
describe('Mobile channels: read state (customer-api)', () => {
  let api: TestApp;
  let routes: ReturnType<typeof membershipRoutes>;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    routes = membershipRoutes(api);
  });

  const customer = () => createCustomer(api.app.container);
  const seen = (id: string | number) => ({ last_seen_post_id: String(id) });
  /** A channel with three posts (the last one a tombstone: still a post id), oldest first. */
  const channelWithPosts = async (options: Parameters<typeof createChannel>[0] = {}) => {
    const channel = await createChannel(options);
    const posts = [await createChannelPost(channel.id), await createChannelPost(channel.id), await createChannelPost(channel.id, { isDeleted: true })];
    return { channel, ids: posts.map((post) => String(post.id)) };
  };
  const stored = async (channelId: number, userId: string) => (await ChannelReadStateModel.findOne({ where: { channelId, userId } }))?.lastSeenPostId ?? null;

  it('stores the cursor and answers { channelId, lastSeenPostId (string), lastSeenAt }', async () => {
    const [{ channel, ids }, person] = [await channelWithPosts(), await customer()];
    const before = Date.now();
    const res = await routes.readState(person, channel.id, seen(ids[1])).expect(200);
    expect(res.body.message).to.equal('Read state updated');
    expect(res.body.data).to.have.all.keys('channelId', 'lastSeenPostId', 'lastSeenAt');
    expect(res.body.data).to.include({ channelId: channel.id, lastSeenPostId: ids[1] });
    expect(Date.parse(res.body.data.lastSeenAt)).to.be.within(before - 1000, Date.now() + 1000);
    expect(await stored(channel.id, person.id)).to.equal(ids[1]);
  });

  it('never moves the cursor backward: a smaller id keeps the stored one, a greater one moves it', async () => {
    const [{ channel, ids }, person] = [await channelWithPosts(), await customer()];
    await routes.readState(person, channel.id, seen(ids[1])).expect(200);
    expect((await routes.readState(person, channel.id, seen(ids[0])).expect(200)).body.data.lastSeenPostId).to.equal(ids[1]);
    expect((await routes.readState(person, channel.id, seen(0)).expect(200)).body.data.lastSeenPostId).to.equal(ids[1]);
    expect((await routes.readState(person, channel.id, seen(ids[2])).expect(200)).body.data.lastSeenPostId).to.equal(ids[2]);
    expect(await stored(channel.id, person.id)).to.equal(ids[2]);
  });

  it('clamps a value beyond the newest post to it (0 in a channel without posts); leading zeros name the same id', async () => {
    const [{ channel, ids }, person] = [await channelWithPosts(), await customer()];
    const beyond = (BigInt(ids[2]) + 1n).toString();
    expect((await routes.readState(person, channel.id, seen(beyond)).expect(200)).body.data.lastSeenPostId).to.equal(ids[2]);
    const empty = await createChannel();
    expect((await routes.readState(person, empty.id, seen('9223372036854775807')).expect(200)).body.data.lastSeenPostId).to.equal('0');
    const other = await channelWithPosts();
    expect((await routes.readState(person, other.channel.id, seen(`000${other.ids[0]}`)).expect(200)).body.data.lastSeenPostId).to.equal(other.ids[0]);
  });

  it('refuses every body that is not { last_seen_post_id: "<non-negative integer>" } with 422 naming the field, storing nothing', async () => {
    const [{ channel }, person] = [await channelWithPosts(), await customer()];
    const cases: Array<[unknown, string]> = [
      [{ last_seen_post_id: 5 }, 'last_seen_post_id'],
      [{ last_seen_post_id: null }, 'last_seen_post_id'],
      [{}, 'last_seen_post_id'],
      [{ last_seen_post_id: '-1' }, 'last_seen_post_id'],
      [{ last_seen_post_id: '1.5' }, 'last_seen_post_id'],
      [{ last_seen_post_id: '1e3' }, 'last_seen_post_id'],
      [{ last_seen_post_id: '' }, 'last_seen_post_id'],
      [{ last_seen_post_id: ' 1' }, 'last_seen_post_id'],
      [{ last_seen_post_id: '+1' }, 'last_seen_post_id'],
      [{ last_seen_post_id: '9223372036854775808' }, 'last_seen_post_id'],
      [{ last_seen_post_id: '1'.repeat(65) }, 'last_seen_post_id'],
      [{ last_seen_post_id: ['1'] }, 'last_seen_post_id'],
      [{ last_seen_post_id: '1', lastSeenPostId: '1' }, 'lastSeenPostId'],
    ];
    for (const [body, field] of cases) {
      const res = await routes.readState(person, channel.id, body);
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(res.body.errorCode).to.equal('UNPROCESSABLE');
      expect(res.body.errors.map((error: { field: string }) => error.field), JSON.stringify(body)).to.include(field);
    }
    expect((await routes.readState(person, channel.id).expect(422)).body.errors[0].field).to.equal('last_seen_post_id');
    expect(await stored(channel.id, person.id)).to.equal(null);
  });

  it('needs current access: a gated channel without entitlement is 403, also to a joined member whose entitlement ended', async () => {
    const [stranger, locked, entitled] = [await customer(), await customer(), await customer()];
    const gated = await gatedChannel(api, { visibility: 'PRIVATE' });
    const post = await createChannelPost(gated.channel.id);
    await gated.entitle(locked.id, -30, -1);
    await createChannelMembership(gated.channel.id, locked.id, { joinedAt: new Date(Date.now() - 20 * 86_400_000) });
    await gated.entitle(entitled.id, -1, 29);
    expect((await routes.readState(locked, gated.channel.id, seen(post.id)).expect(403)).body.errorCode).to.equal('CHANNEL_ACCESS_DENIED');
    expect((await routes.readState(stranger, gated.channel.id, seen(post.id)).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    expect((await routes.readState(entitled, gated.channel.id, seen(post.id)).expect(200)).body.data.lastSeenPostId).to.equal(String(post.id));
    const publicGated = await gatedChannel(api);
    expect((await routes.readState(stranger, publicGated.channel.id, seen(0)).expect(403)).body.errorCode).to.equal('CHANNEL_ACCESS_DENIED');
    expect([await stored(gated.channel.id, locked.id), await stored(publicGated.channel.id, stranger.id)]).to.deep.equal([null, null]);
  });

  it('takes any channel kind and an archived channel; 404 for a soft-deleted or unknown one', async () => {
    const person = await customer();
    for (const options of [{ kind: 'PREMIUM_VIEW_ONLY' as const }, { status: 'archived' as const }]) {
      const { channel, ids } = await channelWithPosts(options);
      expect((await routes.readState(person, channel.id, seen(ids[0])).expect(200)).body.data.lastSeenPostId).to.equal(ids[0]);
    }
    const deleted = await createChannel({ status: 'soft_deleted' });
    expect((await routes.readState(person, deleted.id, seen(0)).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    expect((await routes.readState(person, 2_000_000_000, seen(0)).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
  });

  it('keeps the greatest of concurrent posts with different values, whatever order they commit in', async () => {
    const channel = await createChannel();
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) ids.push(String((await createChannelPost(channel.id)).id));
    const person = await customer();
    // Greatest first: a plain overwrite would keep whichever commits last, most likely a smaller one.
    const sent = [...ids].reverse();
    const answers = await Promise.all(sent.map((id) => routes.readState(person, channel.id, seen(id))));
    for (const [index, res] of answers.entries()) {
      expect(res.status).to.equal(200);
      // Each answer is at least its own value: no request ever saw the cursor move back.
      expect(BigInt(res.body.data.lastSeenPostId) >= BigInt(sent[index])).to.equal(true);
    }
    expect(await stored(channel.id, person.id)).to.equal(ids[ids.length - 1]);
  });
});
