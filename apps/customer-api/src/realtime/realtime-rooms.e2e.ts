import { expect } from 'chai';
import type { Socket as ClientSocket } from 'socket.io-client';
import { EntitlementCache } from '@platform/domain';
import type { Infrastructure } from '@platform/runtime';
import {
  banFromDiscussion,
  createChannel,
  createChannelMembership,
  createCustomer,
  createSubscription,
  createSubscriptionCatalog,
  discussionOf,
  TestCustomer,
} from '@platform/testing';
import { closeTestInfrastructure, connect, realtimeInfrastructure, request, RealtimeInstance, startCustomerApi } from './realtime.test-helper';

const DAY = 24 * 3600 * 1000;

/**
 * Joining and leaving rooms (CONTRACT section 9; "Channels, mobile" rule 4): `channel:{id}` needs
 * channel access now, `discussion:{id}` discussion access (and no ban); the ack says which.
 */
describe('customer-api realtime: join and leave', () => {
  let infra: Infrastructure;
  let api: RealtimeInstance;
  const sockets: ClientSocket[] = [];

  const customerSocket = async (): Promise<{ customer: TestCustomer; socket: ClientSocket }> => {
    const customer = await createCustomer(api.app.container);
    const socket = await connect(api.url, customer.accessToken);
    sockets.push(socket);
    return { customer, socket };
  };
  const subscribe = async (userId: string, catalog: Awaited<ReturnType<typeof createSubscriptionCatalog>>, window = { from: -DAY, to: DAY }) =>
    createSubscription(userId, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, {
      startsAt: new Date(Date.now() + window.from),
      endsAt: new Date(Date.now() + window.to),
    });

  before(async () => {
    infra = await realtimeInfrastructure('rooms');
    api = await startCustomerApi(infra);
  });

  after(async () => {
    for (const socket of sockets) socket.close();
    await api.close();
    await closeTestInfrastructure(infra);
  });

  it('grants channel:{id} with access now, and the socket is then in the room', async () => {
    const { customer, socket } = await customerSocket();
    const open = await createChannel();
    const catalog = await createSubscriptionCatalog();
    const gated = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey, visibility: 'PRIVATE' });
    await subscribe(customer.id, catalog);
    expect(await request(socket, 'join', `channel:${open.id}`)).to.deep.equal({ ok: true });
    expect(await request(socket, 'join', `channel:${gated.id}`)).to.deep.equal({ ok: true });
    expect(await request(socket, 'join', `channel:${gated.id}`)).to.deep.equal({ ok: true });
    expect(api.inRoom(`channel:${open.id}`, customer.id)).to.equal(true);
    expect(api.inRoom(`channel:${gated.id}`, customer.id)).to.equal(true);
  });

  it('refuses a channel without access: 403’s code when the customer may see it, CHANNEL_NOT_FOUND otherwise', async () => {
    const { customer, socket } = await customerSocket();
    const catalog = await createSubscriptionCatalog();
    const publicGated = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey, visibility: 'PUBLIC' });
    const privateGated = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey, visibility: 'PRIVATE' });
    const deleted = await createChannel({ status: 'soft_deleted' });
    // An entitlement that ended yesterday: a joined member keeps the locked shell but reads nothing.
    await subscribe(customer.id, catalog, { from: -10 * DAY, to: -DAY });
    await createChannelMembership(privateGated.id, customer.id);
    expect(await request(socket, 'join', `channel:${publicGated.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_ACCESS_DENIED' });
    expect(await request(socket, 'join', `channel:${privateGated.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_ACCESS_DENIED' });
    const unseen = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey, visibility: 'PRIVATE' });
    expect(await request(socket, 'join', `channel:${unseen.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_NOT_FOUND' });
    expect(await request(socket, 'join', `channel:${deleted.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_NOT_FOUND' });
    expect(await request(socket, 'join', 'channel:2147483647')).to.deep.equal({ ok: false, errorCode: 'CHANNEL_NOT_FOUND' });
    for (const channel of [publicGated, privateGated, unseen, deleted]) expect(api.inRoom(`channel:${channel.id}`, customer.id)).to.equal(false);
  });

  it('grants discussion:{id} with discussion access only: its feature, no ban, a readable channel', async () => {
    const { customer, socket } = await customerSocket();
    const catalog = await createSubscriptionCatalog();
    const open = await discussionOf((await createChannel()).id);
    const featured = await discussionOf((await createChannel()).id, { requiredFeatureKey: catalog.premiumKey });
    const banned = await discussionOf((await createChannel()).id);
    await banFromDiscussion(banned.id, customer.id, 'spam');
    const gatedChannel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey });
    const gated = await discussionOf(gatedChannel.id);
    // Joined, but the entitlement ended two days ago: in the push grace window, no discussion (rule 4).
    await subscribe(customer.id, catalog, { from: -10 * DAY, to: -2 * DAY });
    await createChannelMembership(gatedChannel.id, customer.id);
    const privateChannel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.premiumKey, visibility: 'PRIVATE' });
    const hidden = await discussionOf(privateChannel.id);

    expect(await request(socket, 'join', `discussion:${open.id}`)).to.deep.equal({ ok: true });
    expect(await request(socket, 'join', `discussion:${featured.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_DISCUSSION_ACCESS_DENIED' });
    expect(await request(socket, 'join', `discussion:${banned.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_DISCUSSION_BANNED' });
    expect(await request(socket, 'join', `discussion:${gated.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_DISCUSSION_ACCESS_DENIED' });
    expect(await request(socket, 'join', `discussion:${hidden.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_NOT_FOUND' });
    expect(await request(socket, 'join', 'discussion:2147483647')).to.deep.equal({ ok: false, errorCode: 'CHANNEL_NOT_FOUND' });
    expect(api.inRoom(`discussion:${open.id}`, customer.id)).to.equal(true);
    for (const refused of [featured, banned, gated, hidden]) expect(api.inRoom(`discussion:${refused.id}`, customer.id)).to.equal(false);

    // The feature held now: the same discussion is granted.
    await createSubscription(customer.id, { planId: catalog.premium.plan.id, moduleId: catalog.module.id }, {
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
    });
    await api.app.container.get(EntitlementCache).invalidateUser(customer.id);
    expect(await request(socket, 'join', `discussion:${featured.id}`)).to.deep.equal({ ok: true });
  });

  it('answers VALIDATION_ERROR for a malformed room name, for join and leave alike', async () => {
    const { socket } = await customerSocket();
    const malformed: unknown[] = ['channel:abc', 'channel:0', 'channel:01', 'channel:1 ', ' channel:1', 'room:1', 'channel:', 'channel:2147483648', 'user:1', 42, null, { room: 'channel:1' }];
    for (const room of malformed) {
      expect(await request(socket, 'join', room), JSON.stringify(room)).to.deep.equal({ ok: false, errorCode: 'VALIDATION_ERROR' });
      expect(await request(socket, 'leave', room), JSON.stringify(room)).to.deep.equal({ ok: false, errorCode: 'VALIDATION_ERROR' });
    }
  });

  it('leaves a room, and answers ok for a room the socket is not in', async () => {
    const { customer, socket } = await customerSocket();
    const channel = await createChannel();
    expect(await request(socket, 'leave', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    expect(await request(socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    expect(await request(socket, 'leave', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    expect(api.inRoom(`channel:${channel.id}`, customer.id)).to.equal(false);
  });

  it('carries out a join or leave sent without an ack function, and keeps serving the socket', async () => {
    const { customer, socket } = await customerSocket();
    const channel = await createChannel();
    socket.emit('join', `channel:${channel.id}`);
    socket.emit('join', 'not a room');
    socket.emit('leave', 'not a room', 'not a function');
    // Room changes of one socket are carried out in order: this ack comes after the join above.
    expect(await request(socket, 'leave', 'channel:2147483647')).to.deep.equal({ ok: true });
    expect(api.inRoom(`channel:${channel.id}`, customer.id)).to.equal(true);
    expect(socket.connected).to.equal(true);
  });

  it('a leave sent right after a join wins: the socket ends outside the room', async () => {
    const { customer, socket } = await customerSocket();
    const channel = await createChannel();
    const [joined, left] = await Promise.all([request(socket, 'join', `channel:${channel.id}`), request(socket, 'leave', `channel:${channel.id}`)]);
    expect([joined, left]).to.deep.equal([{ ok: true }, { ok: true }]);
    expect(api.inRoom(`channel:${channel.id}`, customer.id)).to.equal(false);
  });
});
