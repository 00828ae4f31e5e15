import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { Response } from 'supertest';
import { ChannelPostModel, Database } from '@platform/db';
import { StoredKeyReferencesService } from '@platform/domain';
import { Storage } from '@platform/storage';
import { adminToken, buildTestApp, createChannel, createChannelPost, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** How long a request may take before a test calls it blocked (a local write answers in milliseconds). */
const BLOCKED_AFTER_MS = 1_500;

/**
 * What post writes lock and wait for (issue 21 review): only the channel row and the post, never
 * the access policy; and the stored keys they attach, which the channel purge locks too.
 */
describe('Admin channel posts: locks (admin-api)', () => {
  let api: TestApp;
  let admin: string;
  let db: Database;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_CREATE', 'Communications_READ', 'Communications_UPDATE'], 'lock-tester')}`;
    db = api.app.container.get(Database);
  });

  const base = (channelId: number) => `/api/admin/channels/${channelId}/posts`;

  /** Runs `hold` in a transaction kept open until the returned release is called. */
  async function holdOpen(hold: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const done = db.transaction(async (tx) => {
      await hold(tx);
      held();
      await released;
    });
    await holding;
    return async () => {
      release();
      await done;
    };
  }

  /** The response, or 'blocked' when none came within BLOCKED_AFTER_MS (the request goes on). */
  const within = (request: Promise<Response>) => Promise.race([request, sleep(BLOCKED_AFTER_MS).then(() => 'blocked' as const)]);

  it('post writes do not wait for a transaction holding the channel\'s access policy row', async () => {
    const channel = await createChannel();
    const post = await createChannelPost(channel.id, { type: 'TEXT' });
    const release = await holdOpen(async (tx) => {
      await db.sequelize.query('SELECT 1 FROM channel_access_policies WHERE channel_id = :id FOR UPDATE', { replacements: { id: channel.id }, transaction: tx });
    });
    try {
      const writes: Array<[string, () => Promise<Response>]> = [
        ['create', () => api.http.post(base(channel.id)).set('Authorization', admin).set('Idempotency-Key', randomUUID()).send({ type: 'TEXT', body_text: 'x' })],
        ['update', () => api.http.patch(`${base(channel.id)}/${post.id}`).set('Authorization', admin).send({ body_text: 'edited' })],
        ['pin', () => api.http.post(`${base(channel.id)}/${post.id}/pin`).set('Authorization', admin).send({ is_pinned: true })],
        ['delete', () => api.http.delete(`${base(channel.id)}/${post.id}`).set('Authorization', admin)],
      ];
      for (const [name, write] of writes) {
        const outcome = await within(write());
        expect(outcome === 'blocked' ? outcome : outcome.status, name).to.be.oneOf([200, 201]);
      }
    } finally {
      await release();
    }
  });

  it('a post attaching a key waits while the key is locked (as the purge locks it), then finds a deleted object gone', async () => {
    const channel = await createChannel();
    const storage = api.app.container.get(Storage);
    const key = `uploads/image/channel-posts/${randomBytes(6).toString('hex')}.png`;
    await storage.put(key, Readable.from([Buffer.from('png bytes')]), { contentType: 'image/png' });
    // A purge's transaction: the key locked, then its object deleted, then the commit.
    const release = await holdOpen((tx) => api.app.container.get(StoredKeyReferencesService).lock([key], tx));
    let creating: Promise<Response> | undefined;
    try {
      creating = api.http
        .post(base(channel.id))
        .set('Authorization', admin)
        .set('Idempotency-Key', randomUUID())
        .send({ type: 'IMAGE', attachments: [{ storage_key: key }] })
        .then((res) => res);
      expect(await within(creating)).to.equal('blocked');
      await storage.delete(key);
    } finally {
      await release();
    }
    const res = await creating;
    expect(res.status).to.equal(422);
    expect(res.body.errorCode).to.equal('CHANNEL_ATTACHMENT_NOT_FOUND');
    expect(await ChannelPostModel.count({ where: { channelId: channel.id } })).to.equal(0);
  });
});
