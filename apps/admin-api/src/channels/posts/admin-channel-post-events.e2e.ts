import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { NotificationEventModel } from '@platform/db';
import { notificationDeliveryJobId } from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import { adminToken, buildTestApp, captureRealtime, createChannel, createChannelPost, eventually, RealtimeCapture, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/**
 * The realtime deltas of admin post writes (CONTRACT section 9; issue 21 "Events"): post.created,
 * post.updated, post.deleted and post.pinned, each { channelId, id, seq } in the room channel:{id}
 * after commit, seq counting the channel's deltas one by one; a refused write sends nothing.
 */
describe('Admin channel posts: realtime events (admin-api)', () => {
  let api: TestApp;
  let admin: string;
  let capture: RealtimeCapture;

  const base = (channelId: number) => `/api/admin/channels/${channelId}/posts`;
  const create = (channelId: number, body: object, key = randomUUID()) =>
    api.http.post(base(channelId)).set('Authorization', admin).set('Idempotency-Key', key).send(body);
  const events = (channelId: number) =>
    capture.inRoom(`channel:${channelId}`).map(({ event, payload }) => ({ event, ...(payload as { channelId: number; id: number; seq: number }) }));
  /** Waits for the room to hold `count` events, then answers them. */
  const settled = async (channelId: number, count: number) => {
    await eventually(async () => events(channelId).length >= count);
    return events(channelId);
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_CREATE', 'Communications_UPDATE', 'Communications_READ'])}`;
    capture = await captureRealtime();
  });

  after(async () => {
    await capture.close();
  });

  it('sends post.created, post.updated, post.pinned (pin and unpin) and post.deleted with seq rising by one', async () => {
    const channel = await createChannel();
    const created = await create(channel.id, { type: 'TEXT', body_text: 'first' }).expect(201);
    const id = created.body.data.id;
    await api.http.patch(`${base(channel.id)}/${id}`).set('Authorization', admin).send({ body_text: 'edited' }).expect(200);
    await api.http.post(`${base(channel.id)}/${id}/pin`).set('Authorization', admin).send({ is_pinned: true }).expect(200);
    await api.http.post(`${base(channel.id)}/${id}/pin`).set('Authorization', admin).send({ is_pinned: false }).expect(200);
    await api.http.delete(`${base(channel.id)}/${id}`).set('Authorization', admin).expect(200);
    expect(await settled(channel.id, 5)).to.deep.equal([
      { event: 'post.created', channelId: channel.id, id, seq: 1 },
      { event: 'post.updated', channelId: channel.id, id, seq: 2 },
      { event: 'post.pinned', channelId: channel.id, id, seq: 3 },
      { event: 'post.pinned', channelId: channel.id, id, seq: 4 },
      { event: 'post.deleted', channelId: channel.id, id, seq: 5 },
    ]);
    for (const captured of capture.inRoom(`channel:${channel.id}`)) expect(captured.rooms).to.deep.equal([`channel:${channel.id}`]);
  });

  it('sends nothing for a refused write, a replay or a second delete: the next delta takes the next seq', async () => {
    const channel = await createChannel();
    const key = randomUUID();
    const first = await create(channel.id, { type: 'TEXT', body_text: 'one' }, key).expect(201);
    const id = first.body.data.id;
    await create(channel.id, { type: 'TEXT', body_text: 'one' }, key).expect(201);
    await create(channel.id, { type: 'TEXT' }).expect(422);
    await create(channel.id, { type: 'FILE', attachments: [{ storage_key: 'uploads/file/never-stored.pdf' }] }).expect(422);
    await api.http.patch(`${base(channel.id)}/${id}`).set('Authorization', admin).send({ link_url: 'https://example.com' }).expect(422);
    await api.http.patch(`${base(channel.id)}/${id}`).set('Authorization', admin).send({}).expect(422);
    await api.http.post(`${base(channel.id)}/${id}/pin`).set('Authorization', admin).send({ is_pinned: 'yes' }).expect(422);
    await api.http.delete(`${base(channel.id)}/${id}`).set('Authorization', admin).expect(200);
    await api.http.delete(`${base(channel.id)}/${id}`).set('Authorization', admin).expect(200);
    await api.http.post(`${base(channel.id)}/${id}/pin`).set('Authorization', admin).send({ is_pinned: true }).expect(422);
    const next = await create(channel.id, { type: 'TEXT', body_text: 'two' }).expect(201);
    expect(await settled(channel.id, 3)).to.deep.equal([
      { event: 'post.created', channelId: channel.id, id, seq: 1 },
      { event: 'post.deleted', channelId: channel.id, id, seq: 2 },
      { event: 'post.created', channelId: channel.id, id: next.body.data.id, seq: 3 },
    ]);
  });

  it('queues one broadcast push per created post, in its transaction: none for a replay or a refused create', async () => {
    const channel = await createChannel({ title: 'Market pulse' });
    const key = randomUUID();
    const first = await create(channel.id, { type: 'TEXT', body_text: 'news' }, key).expect(201);
    await create(channel.id, { type: 'TEXT', body_text: 'news' }, key).expect(201);
    await create(channel.id, { type: 'LINK', body_text: 'no link' }).expect(422);
    const pushes = await NotificationEventModel.findAll({ where: { channelId: channel.id } });
    expect(pushes.map((push) => [push.event, push.audience, push.payload])).to.deep.equal([
      ['CHANNEL_BROADCAST_POST', 'channel_members', { channelId: channel.id, postId: first.body.data.id, channelTitle: 'Market pulse' }],
    ]);
    // After commit, its fan-out job is queued under an id of its own (the event is one per post), so it runs once.
    const queue = api.app.container.get(QueueRegistry).queue('notifications');
    await eventually(async () => (await queue.getJob(notificationDeliveryJobId(pushes[0].id))) !== null);
    const job = await queue.getJob(notificationDeliveryJobId(pushes[0].id));
    expect([job?.name, job?.data]).to.deep.equal(['notification.deliver', { eventId: pushes[0].id }]);
    // Edits, pins and deletes push nothing.
    const path = `${base(channel.id)}/${first.body.data.id}`;
    await api.http.patch(path).set('Authorization', admin).send({ body_text: 'edited' }).expect(200);
    await api.http.post(`${path}/pin`).set('Authorization', admin).send({ is_pinned: true }).expect(200);
    await api.http.delete(path).set('Authorization', admin).expect(200);
    expect(await NotificationEventModel.count({ where: { channelId: channel.id } })).to.equal(1);
  });

  it('numbers each channel’s deltas on its own, without gaps when writes race', async () => {
    const [channel, other] = [await createChannel(), await createChannel()];
    const existing = await createChannelPost(channel.id);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, n) => create(channel.id, { type: 'TEXT', body_text: `race ${n}` }).expect(201)),
      api.http.post(`${base(channel.id)}/${existing.id}/pin`).set('Authorization', admin).send({ is_pinned: true }).expect(200),
      api.http.patch(`${base(channel.id)}/${existing.id}`).set('Authorization', admin).send({ body_text: 'raced' }).expect(200),
      create(other.id, { type: 'TEXT', body_text: 'elsewhere' }).expect(201),
    ]);
    const seqs = (await settled(channel.id, 8)).map((event) => event.seq).sort((x, y) => Number(x) - Number(y));
    expect(seqs).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await settled(other.id, 1)).map(({ event, seq }) => [event, seq])).to.deep.equal([['post.created', 1]]);
  });
});
