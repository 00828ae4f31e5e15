import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { ChannelModel, ChannelPostModel } from '@platform/db';
import { Storage } from '@platform/storage';
import { adminToken, buildTestApp, createChannel, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** POST /api/admin/channels/{id}/posts and its required Idempotency-Key (community-content-uploads.md "Idempotency"). */
describe('Admin channel posts: Idempotency-Key (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const create = (channelId: number, body: object, key?: string, token = admin) => {
    const req = api.http.post(`/api/admin/channels/${channelId}/posts`).set('Authorization', token);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const postsOf = (channelId: number) => ChannelPostModel.count({ where: { channelId } });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_CREATE'], 'idempotent-admin')}`;
  });

  it('replays the first post for the same key and request: 201, the same body, nothing created again', async () => {
    const channel = await createChannel();
    const key = randomUUID();
    const body = { type: 'CHART', body_text: 'Sector view', chart_payload_json: { series: [{ b: 2, a: 1 }], title: 'x' }, is_pinned: true };
    const first = await create(channel.id, body, key).expect(201);
    // The same request written differently: other key order at every depth, defaults and nulls spelled out.
    const same = { is_pinned: true, link_url: null, attachments: [], chart_payload_json: { title: 'x', series: [{ a: 1, b: 2 }] }, body_text: 'Sector view', type: 'CHART' };
    const replay = await create(channel.id, same, key).expect(201);
    expect(replay.body).to.deep.equal(first.body);
    expect(await postsOf(channel.id)).to.equal(1);
    const other = await create(channel.id, body, randomUUID()).expect(201);
    expect(other.body.data.id).to.not.equal(first.body.data.id);
    expect(await postsOf(channel.id)).to.equal(2);
  });

  it('replays the stored answer even after the channel was archived', async () => {
    const channel = await createChannel();
    const key = randomUUID();
    const first = await create(channel.id, { type: 'TEXT', body_text: 'before archiving' }, key).expect(201);
    await ChannelModel.update({ status: 'archived', archivedAt: new Date(), archivedByAdminId: 'a' }, { where: { id: channel.id } });
    expect((await create(channel.id, { type: 'TEXT', body_text: 'before archiving' }, key).expect(201)).body).to.deep.equal(first.body);
    expect((await create(channel.id, { type: 'TEXT', body_text: 'before archiving' }, randomUUID()).expect(422)).body.errorCode).to.equal('CHANNEL_NOT_ACTIVE');
  });

  it('answers 409 CHANNEL_IDEMPOTENCY_MISMATCH for the same key with another request, another channel included', async () => {
    const [channel, other] = [await createChannel(), await createChannel()];
    const key = randomUUID();
    await create(channel.id, { type: 'TEXT', body_text: 'first', published_at: '2024-01-01T00:00:00Z' }, key).expect(201);
    for (const [channelId, body] of [
      [channel.id, { type: 'TEXT', body_text: 'second', published_at: '2024-01-01T00:00:00Z' }],
      [channel.id, { type: 'TEXT', body_text: 'first', published_at: '2024-01-01T00:00:01Z' }],
      [channel.id, { type: 'TEXT', body_text: 'first', published_at: '2024-01-01T00:00:00Z', is_pinned: true }],
      [other.id, { type: 'TEXT', body_text: 'first', published_at: '2024-01-01T00:00:00Z' }],
    ] as const) {
      const res = await create(channelId, body, key).expect(409);
      expect(res.body).to.deep.equal({
        message: 'This Idempotency-Key was already used with a different request; use a new key',
        errorCode: 'CHANNEL_IDEMPOTENCY_MISMATCH',
      });
    }
    expect(await postsOf(channel.id)).to.equal(1);
    expect(await postsOf(other.id)).to.equal(0);
    // The same instant written in another offset is the same request.
    await create(channel.id, { type: 'TEXT', body_text: 'first', published_at: '2024-01-01T05:45:00+05:45' }, key).expect(201);
  });

  it('tells apart attachment lists that differ only in a given field', async () => {
    const channel = await createChannel();
    const storageKey = `uploads/image/channel-posts/${randomBytes(6).toString('hex')}.png`;
    await api.app.container.get(Storage).put(storageKey, Readable.from([Buffer.alloc(10)]), { contentType: 'image/png' });
    const key = randomUUID();
    await create(channel.id, { type: 'IMAGE', attachments: [{ storage_key: storageKey }] }, key).expect(201);
    await create(channel.id, { type: 'IMAGE', attachments: [{ storage_key: storageKey, file_name: 'a.png' }] }, key).expect(409);
    await create(channel.id, { type: 'IMAGE', attachments: [{ storage_key: storageKey }, { storage_key: storageKey }] }, key).expect(409);
    await create(channel.id, { type: 'IMAGE', attachments: [{ storage_key: storageKey, file_name: null }] }, key).expect(201);
  });

  it('keeps keys per admin: another admin’s same key is a new request', async () => {
    const channel = await createChannel();
    const key = randomUUID();
    const other = `Bearer ${adminToken(api.app.container, ['Communications_CREATE'], 'another-admin')}`;
    const first = await create(channel.id, { type: 'TEXT', body_text: 'x' }, key).expect(201);
    const second = await create(channel.id, { type: 'TEXT', body_text: 'x' }, key, other).expect(201);
    expect(second.body.data.id).to.not.equal(first.body.data.id);
    expect(second.body.data.createdByAdminId).to.equal('another-admin');
  });

  it('answers 400 VALIDATION_ERROR without a key or with a malformed one, creating nothing', async () => {
    const channel = await createChannel();
    for (const key of [undefined, '', 'has space', 'ü-non-ascii', 'k'.repeat(256)]) {
      const res = await create(channel.id, { type: 'TEXT', body_text: 'x' }, key).expect(400);
      expect(res.body.errorCode, String(key)).to.equal('VALIDATION_ERROR');
      expect(res.body.errors).to.deep.equal([
        { field: 'Idempotency-Key', code: 'required', message: 'Send an Idempotency-Key header (1-255 visible ASCII characters)' },
      ]);
    }
    expect(await postsOf(channel.id)).to.equal(0);
    await create(channel.id, { type: 'TEXT', body_text: 'x' }, 'k'.repeat(255)).expect(201);
  });

  it('creates one post when identical requests with one key arrive at once', async () => {
    const channel = await createChannel();
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(channel.id, { type: 'TEXT', body_text: 'rush' }, key)));
    const statuses = responses.map((res) => res.status);
    expect(statuses, JSON.stringify(statuses)).to.satisfy((all: number[]) => all.every((status) => status === 201 || status === 409));
    expect(statuses).to.include(201);
    for (const res of responses.filter((r) => r.status === 409)) expect(res.body.errorCode).to.equal('CONFLICT');
    expect(new Set(responses.filter((r) => r.status === 201).map((r) => r.body.data.id)).size).to.equal(1);
    expect(await postsOf(channel.id)).to.equal(1);
    // Once the first has finished, the same request is answered with its post.
    const after = await create(channel.id, { type: 'TEXT', body_text: 'rush' }, key).expect(201);
    expect(after.body.data.id).to.equal(responses.find((r) => r.status === 201)?.body.data.id);
  });
});
