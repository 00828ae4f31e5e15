import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { ChannelPostAttachmentModel, ChannelPostModel, CustomerUploadModel } from '@platform/db';
import { Storage } from '@platform/storage';
import { adminToken, buildTestApp, createChannel, createChannelPost, createCustomer, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = 'post-writer';

/**
 * Attachments of IMAGE and FILE posts: keys of the admin's private image and file uploads that
 * exist in storage, defaults from the stored object, at most 20.
 */
describe('Admin channel posts: attachments (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const base = (channelId: number) => `/api/admin/channels/${channelId}/posts`;
  const create = (channelId: number, body: unknown, key: string | null = randomUUID()) => {
    const req = api.http.post(base(channelId)).set('Authorization', admin);
    if (key !== null) req.set('Idempotency-Key', key);
    return req.send(body as object);
  };
  const storeFile = async (extension: string, bytes = Buffer.from('stored bytes'), prefix = 'uploads/file/channel-posts/') => {
    const key = `${prefix}${randomBytes(6).toString('hex')}.${extension}`;
    await api.app.container.get(Storage).put(key, Readable.from([bytes]), { contentType: 'application/octet-stream' });
    return key;
  };
  /** The 422's fields, for a refusal that names them. */
  const refusedFields = async (channelId: number, body: unknown) => {
    const res = await create(channelId, body);
    expect(res.status, `${JSON.stringify(body).slice(0, 80)} ${JSON.stringify(res.body).slice(0, 300)}`).to.equal(422);
    expect(res.body.errorCode, JSON.stringify(body)).to.equal('UNPROCESSABLE');
    return [...new Set((res.body.errors as Array<{ field: string }>).map((problem) => problem.field))];
  };
  const postsOf = (channelId: number) => ChannelPostModel.count({ where: { channelId } });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_CREATE', 'Communications_READ', 'Communications_UPDATE'], ADMIN_ID)}`;
  });

  it('fills file_name, mime_type and size_bytes from storage, keeps given ones, in the order sent', async () => {
    const channel = await createChannel();
    const pdf = await storeFile('pdf', Buffer.alloc(1234));
    const png = await storeFile('PNG', Buffer.alloc(77));
    const blob = await storeFile('bin', Buffer.alloc(5));
    const res = await create(channel.id, {
      type: 'FILE',
      body_text: 'The report',
      attachments: [{ storage_key: pdf }, { storage_key: png, file_name: ' chart.png ', mime_type: 'image/x-custom', size_bytes: 77 }, { storage_key: blob }],
    }).expect(201);
    const attachments = res.body.data.attachments;
    expect(attachments.map(({ id: _id, ...rest }: { id: number }) => rest)).to.deep.equal([
      { storageKey: pdf, fileName: pdf.split('/').pop(), mimeType: 'application/pdf', sizeBytes: 1234, displayOrder: 0 },
      { storageKey: png, fileName: 'chart.png', mimeType: 'image/x-custom', sizeBytes: 77, displayOrder: 1 },
      { storageKey: blob, fileName: blob.split('/').pop(), mimeType: 'application/octet-stream', sizeBytes: 5, displayOrder: 2 },
    ]);
    expect(attachments[0].id).to.be.a('number');
    expect(await ChannelPostAttachmentModel.count({ where: { postId: String(res.body.data.id) } })).to.equal(3);
  });

  it('takes 20 attachments and refuses 21 with 422 naming attachments', async () => {
    const channel = await createChannel();
    const key = await storeFile('png');
    const twenty = Array.from({ length: 20 }, () => ({ storage_key: key }));
    const res = await create(channel.id, { type: 'IMAGE', attachments: twenty }).expect(201);
    expect(res.body.data.attachments.map((a: { displayOrder: number }) => a.displayOrder)).to.deep.equal([...Array(20).keys()]);
    expect(await refusedFields(channel.id, { type: 'IMAGE', attachments: [...twenty, { storage_key: key }] })).to.deep.equal(['attachments']);
  });

  it('refuses a key the upload API would not return with 422 naming attachments.N.storage_key', async () => {
    const channel = await createChannel();
    const good = await storeFile('pdf');
    for (const key of ['uploads/file/../secret.pdf', 'uploads/image/../video/a.mp4', 'other/file/a.pdf', '/uploads/file/a.pdf', 'uploads//file/a.pdf', 'uploads\\file\\a.pdf',
      'uploads/file/./a.pdf', '', 'uploads/file/a\u0001.pdf', 42, null]) {
      const fields = await refusedFields(channel.id, { type: 'FILE', attachments: [{ storage_key: good }, { storage_key: key }] });
      expect(fields, String(key)).to.deep.equal(['attachments.1.storage_key']);
    }
    const others: Array<[Record<string, unknown>, string]> = [
      [{ storage_key: good, file_name: 'a/b.pdf' }, 'attachments.0.file_name'],
      [{ storage_key: good, file_name: '  ' }, 'attachments.0.file_name'],
      [{ storage_key: good, mime_type: 'pdf' }, 'attachments.0.mime_type'],
      [{ storage_key: good, size_bytes: -1 }, 'attachments.0.size_bytes'],
      [{ storage_key: good, size_bytes: 1.5 }, 'attachments.0.size_bytes'],
      [{ storage_key: good, url: 'https://x' }, 'attachments.0.url'],
      [{}, 'attachments.0.storage_key'],
    ];
    for (const [attachment, field] of others) {
      expect(await refusedFields(channel.id, { type: 'FILE', attachments: [attachment] }), field).to.deep.equal([field]);
    }
    expect(await postsOf(channel.id)).to.equal(0);
  });

  it('refuses a stored key of another kind than the admin\'s private images and files with 422 naming attachments.N.storage_key', async () => {
    const channel = await createChannel();
    const good = await storeFile('png', undefined, 'uploads/image/channel-posts/');
    // Stored objects other parts of the platform own: avatars, landing images, thumbnails, trailers and videos.
    const others = [
      await storeFile('png', undefined, 'public/avatar/'),
      await storeFile('png', undefined, 'public/landing/'),
      await storeFile('png', undefined, 'public/thumbnail/'),
      await storeFile('mp4', undefined, 'public/trailer/'),
      await storeFile('mp4', undefined, 'uploads/video/'),
    ];
    for (const key of others) {
      expect(await refusedFields(channel.id, { type: 'IMAGE', attachments: [{ storage_key: good }, { storage_key: key }] }), key).to.deep.equal([
        'attachments.1.storage_key',
      ]);
    }
    expect(await postsOf(channel.id)).to.equal(0);
    await create(channel.id, { type: 'IMAGE', attachments: [{ storage_key: good }] }).expect(201);
  });

  it('refuses a file a customer uploaded with 422 naming attachments.N.storage_key, on create and on update', async () => {
    const channel = await createChannel();
    const customer = await createCustomer(api.app.container);
    const own = await storeFile('pdf');
    const customers = await storeFile('pdf');
    await CustomerUploadModel.create({ storageKey: customers, userId: customer.id });
    const res = await create(channel.id, { type: 'FILE', attachments: [{ storage_key: own }, { storage_key: customers }] }).expect(422);
    expect(res.body.errorCode).to.equal('UNPROCESSABLE');
    expect(res.body.errors).to.deep.equal([
      {
        field: 'attachments.1.storage_key',
        code: 'isAdminUpload',
        message: 'attachments.1.storage_key names a file a customer uploaded; attach a file the admin upload API stored',
      },
    ]);
    expect(await postsOf(channel.id)).to.equal(0);

    const post = await createChannelPost(channel.id, { type: 'FILE', attachments: [{ storageKey: own }] });
    const patched = await api.http
      .patch(`${base(channel.id)}/${post.id}`)
      .set('Authorization', admin)
      .send({ attachments: [{ storage_key: customers }] })
      .expect(422);
    expect(patched.body.errors.map((problem: { field: string }) => problem.field)).to.deep.equal(['attachments.0.storage_key']);
    expect((await ChannelPostAttachmentModel.findAll({ where: { postId: post.id } })).map((a) => a.storageKey)).to.deep.equal([own]);
  });

  it('refuses a size_bytes that is not the stored size with 422 naming attachments.N.size_bytes', async () => {
    const channel = await createChannel();
    const key = await storeFile('pdf', Buffer.alloc(100));
    const res = await create(channel.id, { type: 'FILE', attachments: [{ storage_key: key, size_bytes: 100 }, { storage_key: key, size_bytes: 99 }] });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.deep.equal([
      {
        field: 'attachments.1.size_bytes',
        code: 'matchesStoredSize',
        message: 'attachments.1.size_bytes is 99, but the stored file has 100 bytes (leave it out to take the stored size)',
      },
    ]);
    expect(await postsOf(channel.id)).to.equal(0);
    const post = await createChannelPost(channel.id, { type: 'FILE', attachments: [{ storageKey: key }] });
    const patched = await api.http.patch(`${base(channel.id)}/${post.id}`).set('Authorization', admin).send({ attachments: [{ storage_key: key, size_bytes: 0 }] });
    expect(patched.status).to.equal(422);
    expect(patched.body.errors.map((problem: { field: string }) => problem.field)).to.deep.equal(['attachments.0.size_bytes']);
  });

  it('refuses a key with nothing stored with 422 CHANNEL_ATTACHMENT_NOT_FOUND, even with its size given, and frees the key', async () => {
    const channel = await createChannel();
    const good = await storeFile('pdf');
    const missing = `uploads/file/channel-posts/missing-${randomBytes(4).toString('hex')}.pdf`;
    const idempotencyKey = randomUUID();
    for (const attachment of [{ storage_key: missing }, { storage_key: missing, size_bytes: 10 }]) {
      const res = await create(channel.id, { type: 'FILE', attachments: [{ storage_key: good }, attachment] }, idempotencyKey).expect(422);
      expect(res.body.errorCode).to.equal('CHANNEL_ATTACHMENT_NOT_FOUND');
      expect(res.body.errors).to.deep.equal([
        { field: 'attachments.1.storage_key', code: 'exists', message: `No stored file has the key ${missing}; upload it first` },
      ]);
    }
    expect(await postsOf(channel.id)).to.equal(0);
    // The refusal freed the key: the same key with a fixed request creates the post.
    await create(channel.id, { type: 'FILE', attachments: [{ storage_key: good }] }, idempotencyKey).expect(201);
  });

  it('accepts a key an upload returned', async () => {
    const channel = await createChannel();
    const uploaded = await api.http
      .post('/api/upload?uploadType=file')
      .set('Authorization', admin)
      .attach('file', Buffer.from('a,b\n1,2\n'), { filename: 'prices.csv', contentType: 'text/csv' })
      .expect(200);
    const key = uploaded.body.data.relativePath;
    const res = await create(channel.id, { type: 'FILE', attachments: [{ storage_key: key }] }).expect(201);
    expect(res.body.data.attachments[0]).to.include({ storageKey: key, mimeType: 'text/csv', sizeBytes: 8 });
  });
});
