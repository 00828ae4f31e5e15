import { expect } from 'chai';
import { ChannelMembershipModel } from '@platform/db';
import { buildTestApp, createChannel, createChannelMembership, createCustomer, TestApp } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { accessOf, gatedChannel, membershipRoutes } from './channel-membership.test-helper';

const HOUR = 3_600_000;

/** community-content-uploads.md "Membership and access", rule 1: POST /api/mobile/channels/{id}/leave. */
describe('Mobile channels: leave (customer-api)', () => {
  let api: TestApp;
  let routes: ReturnType<typeof membershipRoutes>;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    routes = membershipRoutes(api);
  });

  const customer = () => createCustomer(api.app.container);
  const rowOf = (channelId: number, userId: string) => ChannelMembershipModel.findOne({ where: { channelId, userId } });

  it('leaves a joined channel: 200 with the left membership (joinedAt kept, leftAt now), stored', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const joinedAt = new Date(Date.now() - HOUR);
    await createChannelMembership(channel.id, person.id, { joinedAt });
    const before = Date.now();
    const res = await routes.leave(person, channel.id).expect(200);
    expect(res.body.message).to.equal('Left the channel');
    expect(res.body.data).to.have.all.keys('channelId', 'isJoined', 'joinedAt', 'leftAt');
    expect(res.body.data).to.include({ channelId: channel.id, isJoined: false, joinedAt: joinedAt.toISOString() });
    expect(Date.parse(res.body.data.leftAt)).to.be.within(before - 1000, Date.now() + 1000);
    const row = await rowOf(channel.id, person.id);
    expect([row?.isJoined, row?.leftAt?.toISOString()]).to.deep.equal([false, res.body.data.leftAt]);
  });

  it('stops push at once: the access function answers getsPush false right after, also inside the grace window', async () => {
    const person = await customer();
    const open = await createChannel();
    const gated = await gatedChannel(api, { visibility: 'PRIVATE' });
    await gated.entitle(person.id, -30, -1); // lost a day ago: inside the 7-day notification grace
    for (const channelId of [open.id, gated.channel.id]) {
      await createChannelMembership(channelId, person.id, { joinedAt: new Date(Date.now() - 20 * 24 * HOUR) });
      expect((await accessOf(api, channelId, person.id)).getsPush, `${channelId} before`).to.equal(true);
      await routes.leave(person, channelId).expect(200);
      expect(await accessOf(api, channelId, person.id), `${channelId} after`).to.include({ getsPush: false, isJoined: false });
    }
  });

  it('is idempotent: leaving again answers the left state as it was', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    await createChannelMembership(channel.id, person.id);
    const first = await routes.leave(person, channel.id).expect(200);
    const again = await routes.leave(person, channel.id, {}).expect(200);
    expect(again.body.data).to.deep.equal(first.body.data);
  });

  it('answers isJoined false with null dates to a caller who never joined, writing no row', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const res = await routes.leave(person, channel.id).expect(200);
    expect(res.body.data).to.deep.equal({ channelId: channel.id, isJoined: false, joinedAt: null, leftAt: null });
    expect(await rowOf(channel.id, person.id)).to.equal(null);
  });

  it('works without access: a joined member of a gated channel whose entitlement ended leaves (PUBLIC and PRIVATE)', async () => {
    const person = await customer();
    for (const visibility of ['PUBLIC', 'PRIVATE'] as const) {
      const gated = await gatedChannel(api, { visibility });
      await gated.entitle(person.id, -60, -30);
      await createChannelMembership(gated.channel.id, person.id, { joinedAt: new Date(Date.now() - 50 * 24 * HOUR) });
      expect((await routes.leave(person, gated.channel.id).expect(200)).body.data.isJoined, visibility).to.equal(false);
    }
  });

  it('answers a PRIVATE channel the caller left after losing access with their membership; without a row it is 404', async () => {
    const [member, stranger] = [await customer(), await customer()];
    const gated = await gatedChannel(api, { visibility: 'PRIVATE' });
    const membership = await createChannelMembership(gated.channel.id, member.id, { joined: false });
    const res = await routes.leave(member, gated.channel.id).expect(200);
    expect(res.body.data).to.deep.equal({
      channelId: gated.channel.id,
      isJoined: false,
      joinedAt: membership.joinedAt.toISOString(),
      leftAt: membership.leftAt?.toISOString(),
    });
    expect((await routes.leave(stranger, gated.channel.id).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
  });

  it('refuses a PREMIUM_VIEW_ONLY channel with 422 UNPROCESSABLE, leaving a row as it was', async () => {
    const [channel, person] = [await createChannel({ kind: 'PREMIUM_VIEW_ONLY' }), await customer()];
    await createChannelMembership(channel.id, person.id); // joined while it was a broadcast channel
    expect((await routes.leave(person, channel.id).expect(422)).body.errorCode).to.equal('UNPROCESSABLE');
    expect((await rowOf(channel.id, person.id))?.isJoined).to.equal(true);
  });

  it('answers 404 for a soft-deleted channel (even to its member) and an unknown one; 400 for id 0', async () => {
    const [channel, person] = [await createChannel({ status: 'soft_deleted' }), await customer()];
    await createChannelMembership(channel.id, person.id);
    expect((await routes.leave(person, channel.id).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    expect((await routes.leave(person, 2_000_000_000).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    expect((await routes.leave(person, 0).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
  });

  it('takes no body: a key is 422 naming it, and the membership stays joined', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    await createChannelMembership(channel.id, person.id);
    expect((await routes.leave(person, channel.id, { reason: 'x' }).expect(422)).body.errors[0].field).to.equal('reason');
    expect((await rowOf(channel.id, person.id))?.isJoined).to.equal(true);
  });
});
