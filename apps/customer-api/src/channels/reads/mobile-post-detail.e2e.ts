import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createChannel,
  createChannelPost,
  createCustomer,
  invalidTokenCases,
  isolatedInfrastructure,
  s3StorageEnv,
  startS3Server,
  TestApp,
  TestCustomer,
  TestS3Server,
} from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { bearer, daysAgo, gatedChannel, grant, joined } from './channel-reads.test-helper';

const IMAGE_KEY = 'uploads/image/2024/07/chart.png';
const PUBLIC_KEY = 'public/thumbnail/2024/07/cover.png';

/** GET /api/mobile/posts/{postId} (community-content-uploads.md "Channels, mobile", "URL semantics"; issue 22). */
describe('Mobile post detail: access, history, tombstones and attachment URLs (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  beforeEach(async () => {
    customer = await createCustomer(api.app.container);
  });

  const get = (postId: number | string, token?: string) => {
    const request = api.http.get(`/api/mobile/posts/${postId}`);
    return token ? request.set('Authorization', bearer(token)) : request;
  };
  const status = async (postId: number | string, token?: string) => {
    const res = await get(postId, token);
    return res.status === 200 ? 200 : `${res.status} ${res.body.errorCode}`;
  };

  it('answers a post of an OPEN channel anonymously, attachments in order with /<key> URLs and no expiry (local driver)', async () => {
    const channel = await createChannel();
    const post = await createChannelPost(channel.id, {
      type: 'IMAGE',
      bodyText: 'Today’s chart',
      attachments: [{ storageKey: IMAGE_KEY, fileName: 'chart.png', mimeType: 'image/png', sizeBytes: 2048 }, { storageKey: PUBLIC_KEY }],
    });
    const res = await get(post.id).expect(200);
    expect(res.body.data).to.deep.include({ id: Number(post.id), channelId: channel.id, type: 'IMAGE', bodyText: 'Today’s chart', isDeleted: false });
    expect(res.body.data.attachments).to.deep.equal([
      {
        id: Number(post.attachments[0].id), storageKey: IMAGE_KEY, fileName: 'chart.png', mimeType: 'image/png', sizeBytes: 2048,
        displayOrder: 0, url: `/${IMAGE_KEY}`, expiresAt: null,
      },
      {
        id: Number(post.attachments[1].id), storageKey: PUBLIC_KEY, fileName: 'cover.png', mimeType: 'application/octet-stream', sizeBytes: 1024,
        displayOrder: 1, url: `/${PUBLIC_KEY}`, expiresAt: null,
      },
    ]);
    expect((await get(post.id, customer.accessToken).expect(200)).body.data).to.deep.equal(res.body.data);
    // The list carries the same post.
    const page = await api.http.get(`/api/mobile/channels/${channel.id}/posts`).expect(200);
    expect(page.body.data.items).to.deep.equal([res.body.data]);
  });

  it('answers a deleted post as its tombstone: content null, attachments []', async () => {
    const channel = await createChannel();
    const post = await createChannelPost(channel.id, { type: 'FILE', bodyText: 'old report', isDeleted: true });
    const res = await get(post.id).expect(200);
    expect(res.body.data).to.include({ id: Number(post.id), type: 'FILE', isDeleted: true, bodyText: null, linkUrl: null, chartPayloadJson: null });
    expect(res.body.data.attachments).to.deep.equal([]);
    expect(res.body.data.deletedAt).to.equal(post.deletedAt?.toISOString());
  });

  it('answers 403 CHANNEL_ACCESS_DENIED for a post outside the reader’s history (NO_PAST), even a deleted one, and the post inside it', async () => {
    const { channel, catalog } = await gatedChannel({ firstSubscribeHistoryPolicy: 'NO_PAST' });
    const before = await createChannelPost(channel.id, { publishedAt: daysAgo(10) });
    const deletedBefore = await createChannelPost(channel.id, { publishedAt: daysAgo(10), isDeleted: true });
    const after = await createChannelPost(channel.id, { publishedAt: daysAgo(1) });
    await grant(api, customer.id, catalog, daysAgo(5), daysAgo(-25));
    expect(await status(before.id, customer.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    expect(await status(deletedBefore.id, customer.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    expect(await status(after.id, customer.accessToken)).to.equal(200);
  });

  it('answers 403 without access to the channel (anonymous, unentitled, locked member) and 404 when the channel is not seen', async () => {
    const { channel, catalog } = await gatedChannel();
    const post = await createChannelPost(channel.id);
    expect(await status(post.id)).to.equal('403 CHANNEL_ACCESS_DENIED');
    expect(await status(post.id, customer.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    const member = await createCustomer(api.app.container);
    await grant(api, member.id, catalog, daysAgo(30), daysAgo(1));
    await joined(channel.id, member.id);
    expect(await status(post.id, member.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    const { channel: hidden } = await gatedChannel({ visibility: 'PRIVATE' });
    const hiddenPost = await createChannelPost(hidden.id);
    expect(await status(hiddenPost.id, customer.accessToken)).to.equal('404 CHANNEL_POST_NOT_FOUND');
    expect(await status(hiddenPost.id, adminToken(api.app.container, ['*']))).to.equal('404 CHANNEL_POST_NOT_FOUND');
    const gone = await createChannelPost((await createChannel({ status: 'soft_deleted' })).id);
    expect(await status(gone.id)).to.equal('404 CHANNEL_POST_NOT_FOUND');
    expect(await status('9223372036854775807')).to.equal('404 CHANNEL_POST_NOT_FOUND');
    expect(await status('99999999999999999999')).to.equal('404 CHANNEL_POST_NOT_FOUND');
  });

  it('answers 400 VALIDATION_ERROR for a postId that is not a positive integer, and 401 for a bad token', async () => {
    for (const id of ['0', '012', 'abc', '-3']) expect(await status(id), id).to.equal('400 VALIDATION_ERROR');
    const post = await createChannelPost((await createChannel()).id);
    for (const [label, header] of invalidTokenCases('customer', customer.id)) {
      if (header === undefined) continue;
      expect((await get(post.id).set('Authorization', header)).status, label).to.equal(401);
    }
  });

  describe('with the S3 driver', () => {
    let s3: TestS3Server;
    let infra: Infrastructure;
    let s3Api: TestApp;

    before(async () => {
      s3 = await startS3Server();
      infra = await isolatedInfrastructure('mobile-post-s3', s3StorageEnv(s3, { SIGNED_URL_EXPIRES_SECONDS: '600' }));
      s3Api = await buildTestApp(createCustomerApi, infra);
    });

    after(async () => {
      await closeTestInfrastructure(infra);
      await s3.stop();
    });

    it('signs a private attachment key with its expiry, and gives a public key a direct URL without one', async () => {
      const attachments = [{ storageKey: IMAGE_KEY }, { storageKey: PUBLIC_KEY }];
      const post = await createChannelPost((await createChannel()).id, { type: 'IMAGE', attachments });
      const started = Date.now();
      const res = await s3Api.http.get(`/api/mobile/posts/${post.id}`).expect(200);
      const [signed, direct] = res.body.data.attachments;
      expect(signed.url.startsWith(`${s3.endpoint}/${s3.bucket}/${IMAGE_KEY}?`)).to.equal(true);
      expect(new URL(signed.url).searchParams.get('X-Amz-Expires')).to.equal('600');
      expect(signed.expiresAt).to.be.within(started - 1_000 + 600_000, Date.now() + 600_000);
      expect(direct).to.include({ url: `${s3.endpoint}/${s3.bucket}/${PUBLIC_KEY}`, expiresAt: null });
    });
  });
});
