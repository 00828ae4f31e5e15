import { expect } from 'chai';
import { Database } from '@platform/db';
import { ChannelPostEvents, DiscussionMessageEvents } from '@platform/domain';
import { createChannel, discussionOf, eventually } from '@platform/testing';
import { drained, request } from '../../apps/customer-api/src/realtime/realtime.test-helper';
import { useRealtimeSuite } from './realtime-suite.test-helper';

/**
 * Deltas reach sockets (CONTRACT section 9; issue 23): after commit only, once per socket in the
 * room, to no socket outside it, and across customer-api instances through the Redis adapter,
 * published by admin-api with the Redis emitter (never by HTTP to a customer-api).
 */
describe('Realtime delivery (admin-api emitter → two customer-api socket.io instances)', () => {
  const suite = useRealtimeSuite({ name: 'delivery', instances: 2, permissions: ['Communications_CREATE'] });
  const first = () => suite.instances[0];
  const second = () => suite.instances[1];

  it('delivers an admin post’s post.created once to a joined socket, and nothing to sockets outside the room', async () => {
    const channel = await createChannel();
    const other = await createChannel();
    const member = await suite.customerSocket(first());
    const outsider = await suite.customerSocket(first());
    const elsewhere = await suite.customerSocket(first());
    expect(await request(member.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    expect(await request(elsewhere.socket, 'join', `channel:${other.id}`)).to.deep.equal({ ok: true });

    const created = await suite.post(channel.id);
    await eventually(async () => member.received.length >= 1);
    // A second post is the sentinel: a duplicate of the first would have arrived before it.
    const next = await suite.post(channel.id);
    await eventually(async () => member.received.length >= 2);
    await Promise.all([drained(member.socket), drained(outsider.socket), drained(elsewhere.socket)]);
    expect(member.received).to.deep.equal([
      { event: 'post.created', payload: { channelId: channel.id, id: created.id, seq: 1 } },
      { event: 'post.created', payload: { channelId: channel.id, id: next.id, seq: 2 } },
    ]);
    expect(outsider.received).to.deep.equal([]);
    expect(elsewhere.received).to.deep.equal([]);
  });

  it('publishes after commit only: a rolled-back write emits nothing, and the next committed delta takes seq 1', async () => {
    const channel = await createChannel();
    const member = await suite.customerSocket(first());
    expect(await request(member.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    const events = suite.admin.app.container.get(ChannelPostEvents);
    const db = suite.admin.app.container.get(Database);
    const failure = await db
      .transaction(async (tx) => {
        await events.record('post.created', channel.id, 41, tx);
        throw new Error('the write fails after numbering its delta');
      })
      .catch((error: Error) => error.message);
    expect(failure).to.equal('the write fails after numbering its delta');
    await db.transaction((tx) => events.record('post.updated', channel.id, 42, tx));
    await eventually(async () => member.received.length >= 1);
    await drained(member.socket);
    expect(member.received).to.deep.equal([{ event: 'post.updated', payload: { channelId: channel.id, id: 42, seq: 1 } }]);
  });

  it('two customer-api instances: an admin post reaches a socket on each exactly once', async () => {
    const channel = await createChannel();
    const [onFirst, onSecond] = [await suite.customerSocket(first()), await suite.customerSocket(second())];
    expect(await request(onFirst.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    expect(await request(onSecond.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    // Each instance holds only its own socket: the second reaches its socket through Redis, not locally.
    expect(first().realtime.io.of('/').adapter.rooms.get(`channel:${channel.id}`)?.size).to.equal(1);
    expect(second().realtime.io.of('/').adapter.rooms.get(`channel:${channel.id}`)?.size).to.equal(1);

    const created = await suite.post(channel.id);
    const sentinel = await suite.post(channel.id, 'sentinel');
    await eventually(async () => onFirst.received.length >= 2 && onSecond.received.length >= 2);
    await Promise.all([drained(onFirst.socket), drained(onSecond.socket)]);
    const expected = [
      { event: 'post.created', payload: { channelId: channel.id, id: created.id, seq: 1 } },
      { event: 'post.created', payload: { channelId: channel.id, id: sentinel.id, seq: 2 } },
    ];
    expect(onFirst.received).to.deep.equal(expected);
    expect(onSecond.received).to.deep.equal(expected);
  });

  it('delivers an admin message’s message.created (POST .../discussion/messages) to discussion:{id} sockets on both instances, its id a string', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const [onFirst, onSecond, inChannel] = [await suite.customerSocket(first()), await suite.customerSocket(second()), await suite.customerSocket(first())];
    for (const { socket } of [onFirst, onSecond]) {
      expect(await request(socket, 'join', `discussion:${discussion.id}`)).to.deep.equal({ ok: true });
    }
    expect(await request(inChannel.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    const res = await suite.admin.http
      .post(`/api/admin/channels/${channel.id}/discussion/messages`)
      .set('Authorization', suite.adminAuth)
      .send({ body: 'welcome' })
      .expect(201);
    const id = res.body.data.id as string;
    expect(id).to.be.a('string');
    await eventually(async () => onFirst.received.length >= 1 && onSecond.received.length >= 1);
    await Promise.all([onFirst, onSecond, inChannel].map(({ socket }) => drained(socket)));
    const expected = [{ event: 'message.created', payload: { channelId: channel.id, discussionId: discussion.id, id, seq: 1 } }];
    expect(onFirst.received).to.deep.equal(expected);
    expect(onSecond.received).to.deep.equal(expected);
    expect(inChannel.received).to.deep.equal([]);
  });

  it('delivers discussion deltas to discussion:{id} only, on both instances', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const [inDiscussion, inChannel] = [await suite.customerSocket(second()), await suite.customerSocket(first())];
    expect(await request(inDiscussion.socket, 'join', `discussion:${discussion.id}`)).to.deep.equal({ ok: true });
    expect(await request(inChannel.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    const events = suite.admin.app.container.get(DiscussionMessageEvents);
    await suite.admin.app.container.get(Database).transaction((tx) => events.record('message.created', discussion, 7, tx));
    await eventually(async () => inDiscussion.received.length >= 1);
    await Promise.all([drained(inDiscussion.socket), drained(inChannel.socket)]);
    expect(inDiscussion.received).to.deep.equal([
      { event: 'message.created', payload: { channelId: channel.id, discussionId: discussion.id, id: '7', seq: 1 } },
    ]);
    expect(inChannel.received).to.deep.equal([]);
  });
});
