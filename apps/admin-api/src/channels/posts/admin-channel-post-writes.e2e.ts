import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { ChannelModel, ChannelPostAttachmentModel, ChannelPostModel } from '@platform/db';
import { Storage } from '@platform/storage';
import { adminToken, buildTestApp, createChannel, createChannelPost, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = 'post-editor';

/** PATCH, DELETE and pin of one post (community-content-uploads.md "Post"; single-post routes: issue 21). */
describe('Admin channel posts: update, delete, pin (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const path = (channelId: number, postId: number | string) => `/api/admin/channels/${channelId}/posts/${postId}`;
  const patch = (channelId: number, postId: number | string, body: unknown) =>
    api.http.patch(path(channelId, postId)).set('Authorization', admin).send(body as object);
  const remove = (channelId: number, postId: number | string) => api.http.delete(path(channelId, postId)).set('Authorization', admin);
  const pin = (channelId: number, postId: number | string, body: unknown) =>
    api.http.post(`${path(channelId, postId)}/pin`).set('Authorization', admin).send(body as object);
  const fieldsOf = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((problem) => problem.field);
  const storeFile = async (extension: string, size = 3) => {
    const key = `uploads/file/channel-posts/${randomBytes(6).toString('hex')}.${extension}`;
    await api.app.container.get(Storage).put(key, Readable.from([Buffer.alloc(size)]), { contentType: 'application/octet-stream' });
    return key;
  };

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_READ', 'Communications_UPDATE'], ADMIN_ID)}`;
  });

  describe('PATCH', () => {
    it('changes the given fields within the type, null clearing an optional one, and moves updatedAt', async () => {
      const channel = await createChannel();
      const post = await createChannelPost(channel.id, { type: 'LINK', bodyText: 'old text' });
      const res = await patch(channel.id, post.id, { link_url: 'https://example.com/new', body_text: null }).expect(200);
      expect(res.body.message).to.equal('Post updated successfully');
      expect(res.body.data).to.include({ id: Number(post.id), type: 'LINK', linkUrl: 'https://example.com/new', bodyText: null });
      expect(Date.parse(res.body.data.updatedAt)).to.be.greaterThan(post.updatedAt.getTime());
      expect(res.body.data.createdAt).to.equal(post.createdAt.toISOString());
      const chart = await createChannelPost(channel.id, { type: 'CHART' });
      const charted = await patch(channel.id, chart.id, { chart_payload_json: { bars: [3, 4] }, body_text: 'Now with text' }).expect(200);
      expect(charted.body.data).to.deep.include({ chartPayloadJson: { bars: [3, 4] }, bodyText: 'Now with text' });
    });

    it('refuses a result outside the post’s type with 422 naming the field, leaving the post as it was', async () => {
      const channel = await createChannel();
      const posts = {
        TEXT: await createChannelPost(channel.id, { type: 'TEXT' }),
        LINK: await createChannelPost(channel.id, { type: 'LINK' }),
        CHART: await createChannelPost(channel.id, { type: 'CHART' }),
        IMAGE: await createChannelPost(channel.id, { type: 'IMAGE' }),
      };
      const cases: Array<[keyof typeof posts, Record<string, unknown>, string[]]> = [
        ['TEXT', { body_text: null }, ['body_text']],
        ['TEXT', { link_url: 'https://example.com' }, ['link_url']],
        ['TEXT', { attachments: [{ storage_key: 'uploads/file/x.pdf' }] }, ['attachments']],
        ['LINK', { link_url: null }, ['link_url']],
        ['LINK', { chart_payload_json: { a: 1 } }, ['chart_payload_json']],
        ['CHART', { chart_payload_json: null, link_url: 'https://example.com' }, ['chart_payload_json', 'link_url']],
        ['IMAGE', { attachments: [] }, ['attachments']],
        ['IMAGE', { attachments: null }, ['attachments']],
        ['IMAGE', { link_url: 'https://example.com' }, ['link_url']],
      ];
      for (const [type, body, fields] of cases) {
        const res = await patch(channel.id, posts[type].id, body).expect(422);
        expect(res.body.errorCode, `${type} ${JSON.stringify(body)}`).to.equal('UNPROCESSABLE');
        expect(fieldsOf(res), `${type} ${JSON.stringify(body)}`).to.deep.equal(fields);
      }
      for (const post of Object.values(posts)) {
        const stored = await ChannelPostModel.findByPk(post.id);
        expect(stored?.updatedAt.getTime()).to.equal(post.updatedAt.getTime());
      }
    });

    it('refuses an empty body, the type, published_at, is_pinned, an unknown key or a bad value with 422', async () => {
      const channel = await createChannel();
      const post = await createChannelPost(channel.id);
      for (const [body, field] of [[{}, 'body'], [{ type: 'LINK' }, 'type'], [{ published_at: '2024-01-01T00:00:00Z' }, 'published_at'],
        [{ is_pinned: true }, 'is_pinned'], [{ body_text: '  ' }, 'body_text'], [{ link: 'x' }, 'link'],
        [{ chart_payload_json: { big: 'x'.repeat(262_144) } }, 'chart_payload_json'], [{ chart_payload_json: [] }, 'chart_payload_json']] as const) {
        const res = await patch(channel.id, post.id, body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(fieldsOf(res), JSON.stringify(body)).to.include(field);
      }
    });

    it('replaces the attachment list, filled from storage, and refuses a key with nothing stored', async () => {
      const channel = await createChannel();
      const post = await createChannelPost(channel.id, { type: 'FILE', attachments: [{}, {}, {}] });
      const [csv, xlsx] = [await storeFile('csv', 11), await storeFile('xlsx', 22)];
      const res = await patch(channel.id, post.id, { attachments: [{ storage_key: xlsx }, { storage_key: csv, file_name: 'prices.csv' }] }).expect(200);
      expect(res.body.data.attachments.map(({ id: _id, ...rest }: { id: number }) => rest)).to.deep.equal([
        { storageKey: xlsx, fileName: xlsx.split('/').pop(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sizeBytes: 22, displayOrder: 0 },
        { storageKey: csv, fileName: 'prices.csv', mimeType: 'text/csv', sizeBytes: 11, displayOrder: 1 },
      ]);
      expect(await ChannelPostAttachmentModel.count({ where: { postId: post.id } })).to.equal(2);
      expect((await ChannelPostModel.findByPk(post.id))?.attachmentCount).to.equal(2);
      const missing = await patch(channel.id, post.id, { attachments: [{ storage_key: csv }, { storage_key: 'uploads/file/nothing-here.pdf' }] }).expect(422);
      expect(missing.body.errorCode).to.equal('CHANNEL_ATTACHMENT_NOT_FOUND');
      expect(fieldsOf(missing)).to.deep.equal(['attachments.1.storage_key']);
      expect(await ChannelPostAttachmentModel.count({ where: { postId: post.id } })).to.equal(2);
      const tooMany = await patch(channel.id, post.id, { attachments: Array.from({ length: 21 }, () => ({ storage_key: csv })) }).expect(422);
      expect(fieldsOf(tooMany)).to.deep.equal(['attachments']);
    });

    it('refuses a deleted post with 422 CHANNEL_POST_DELETED and a post of a soft-deleted channel with 422 CHANNEL_SOFT_DELETED', async () => {
      const channel = await createChannel();
      const deleted = await createChannelPost(channel.id, { isDeleted: true });
      expect((await patch(channel.id, deleted.id, { body_text: 'x' }).expect(422)).body.errorCode).to.equal('CHANNEL_POST_DELETED');
      const gone = await createChannel({ status: 'soft_deleted' });
      const post = await createChannelPost(gone.id);
      expect((await patch(gone.id, post.id, { body_text: 'x' }).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      // An archived channel's posts can still be corrected.
      const archived = await createChannel({ status: 'archived' });
      const kept = await createChannelPost(archived.id);
      expect((await patch(archived.id, kept.id, { body_text: 'corrected' }).expect(200)).body.data.bodyText).to.equal('corrected');
    });
  });

  describe('DELETE', () => {
    it('leaves a tombstone: isDeleted, deletedAt, deletedByAdminId, unpinned, content kept; again answers it unchanged', async () => {
      const channel = await createChannel();
      const post = await createChannelPost(channel.id, { isPinned: true, bodyText: 'to delete' });
      const res = await remove(channel.id, post.id).expect(200);
      expect(res.body.message).to.equal('Post deleted successfully');
      expect(res.body.data).to.include({ isDeleted: true, deletedByAdminId: ADMIN_ID, isPinned: false, pinnedAt: null, bodyText: 'to delete' });
      expect(Date.parse(res.body.data.deletedAt)).to.be.closeTo(Date.now(), 5_000);
      const again = await remove(channel.id, post.id).expect(200);
      expect(again.body.data).to.deep.equal(res.body.data);
      const read = await api.http.get(path(channel.id, post.id)).set('Authorization', admin).expect(200);
      expect(read.body.data).to.deep.equal(res.body.data);
    });

    it('refuses a post of a soft-deleted channel with 422 CHANNEL_SOFT_DELETED, and deletes one of an archived channel', async () => {
      const gone = await createChannel({ status: 'soft_deleted' });
      const post = await createChannelPost(gone.id);
      expect((await remove(gone.id, post.id).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect((await ChannelPostModel.findByPk(post.id))?.isDeleted).to.equal(false);
      const archived = await createChannel({ status: 'archived' });
      await remove(archived.id, (await createChannelPost(archived.id)).id).expect(200);
    });
  });

  describe('POST /pin', () => {
    it('pins with pinnedAt now and unpins clearing both', async () => {
      const channel = await createChannel();
      const post = await createChannelPost(channel.id);
      const pinned = await pin(channel.id, post.id, { is_pinned: true }).expect(200);
      expect(pinned.body).to.deep.include({ message: 'Post pinned' });
      expect(pinned.body.data.isPinned).to.equal(true);
      expect(Date.parse(pinned.body.data.pinnedAt)).to.be.closeTo(Date.now(), 5_000);
      const unpinned = await pin(channel.id, post.id, { is_pinned: false }).expect(200);
      expect(unpinned.body.message).to.equal('Post unpinned');
      expect(unpinned.body.data).to.include({ isPinned: false, pinnedAt: null });
      const stored = await ChannelPostModel.findByPk(post.id);
      expect([stored?.isPinned, stored?.pinnedAt]).to.deep.equal([false, null]);
    });

    it('refuses a body without a boolean is_pinned with 422', async () => {
      const channel = await createChannel();
      const post = await createChannelPost(channel.id);
      for (const body of [{}, { is_pinned: 'true' }, { is_pinned: 1 }, { is_pinned: null }, { is_pinned: true, pinned_at: 'now' }]) {
        const res = await pin(channel.id, post.id, body).expect(422);
        expect(res.body.errorCode, JSON.stringify(body)).to.equal('UNPROCESSABLE');
      }
    });

    it('refuses a deleted post with 422 CHANNEL_POST_DELETED and a soft-deleted channel’s post with 422 CHANNEL_SOFT_DELETED', async () => {
      const channel = await createChannel();
      const deleted = await createChannelPost(channel.id, { isDeleted: true });
      for (const isPinned of [true, false]) {
        expect((await pin(channel.id, deleted.id, { is_pinned: isPinned }).expect(422)).body.errorCode).to.equal('CHANNEL_POST_DELETED');
      }
      const post = await createChannelPost(channel.id);
      await ChannelModel.update({ status: 'soft_deleted', deletedAt: new Date(), deletedByAdminId: 'x' }, { where: { id: channel.id } });
      expect((await pin(channel.id, post.id, { is_pinned: true }).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
    });
  });

  describe('unknown, foreign and malformed ids', () => {
    it('answers 404 CHANNEL_POST_NOT_FOUND for a post of another channel or an unknown post, on every single-post route', async () => {
      const [channel, other] = [await createChannel(), await createChannel()];
      const foreign = await createChannelPost(other.id);
      for (const postId of [foreign.id, '999999999999', '9223372036854775807', '99999999999999999999']) {
        for (const [method, res] of [
          ['GET', await api.http.get(path(channel.id, postId)).set('Authorization', admin)],
          ['PATCH', await patch(channel.id, postId, { body_text: 'x' })],
          ['DELETE', await remove(channel.id, postId)],
          ['POST pin', await pin(channel.id, postId, { is_pinned: true })],
        ] as const) {
          expect(res.status, `${postId} ${method}`).to.equal(404);
          expect(res.body.errorCode).to.equal('CHANNEL_POST_NOT_FOUND');
        }
      }
      expect((await ChannelPostModel.findByPk(foreign.id))?.isPinned).to.equal(false);
    });

    it('answers 404 CHANNEL_NOT_FOUND for an unknown channel', async () => {
      for (const [method, res] of [
        ['GET', await api.http.get(path(999_999_999, 1)).set('Authorization', admin)],
        ['PATCH', await patch(999_999_999, 1, { body_text: 'x' })],
        ['DELETE', await remove(999_999_999, 1)],
        ['POST pin', await pin(999_999_999, 1, { is_pinned: true })],
        ['GET list', await api.http.get('/api/admin/channels/999999999/posts').set('Authorization', admin)],
      ] as const) {
        expect(res.status, method).to.equal(404);
        expect(res.body.errorCode).to.equal('CHANNEL_NOT_FOUND');
      }
    });

    it('answers 400 VALIDATION_ERROR for a channel or post id that is not a positive integer', async () => {
      const channel = await createChannel();
      for (const target of [`/api/admin/channels/abc/posts/1`, `/api/admin/channels/${channel.id}/posts/abc`, `/api/admin/channels/${channel.id}/posts/-1`,
        `/api/admin/channels/${channel.id}/posts/1.5`, `/api/admin/channels/1e3/posts/1`]) {
        for (const [method, res] of [
          ['GET', await api.http.get(target).set('Authorization', admin)],
          ['PATCH', await api.http.patch(target).set('Authorization', admin).send({ body_text: 'x' })],
          ['DELETE', await api.http.delete(target).set('Authorization', admin)],
          ['POST pin', await api.http.post(`${target}/pin`).set('Authorization', admin).send({ is_pinned: true })],
        ] as const) {
          expect(res.status, `${method} ${target}`).to.equal(400);
          expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        }
      }
    });
  });
});
