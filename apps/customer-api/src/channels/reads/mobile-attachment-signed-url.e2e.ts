import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createChannel,
  createChannelPost,
  createCustomer,
  isolatedInfrastructure,
  pngBytes,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import type { ChannelOptions } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { bearer, daysAgo, gatedChannel, grant } from './channel-reads.test-helper';

const NOT_FOUND = { message: 'Upload not found', errorCode: 'NOT_FOUND' };

/**
 * GET /api/mobile/uploads/signed-url/{key} for channel post attachments (issue 22, "Mobile routes":
 * signed URLs ask the one channel access function; community-content-uploads.md "Uploads, mobile").
 * A private key resolves when the caller uploaded it or may read, now, a non-deleted post naming it;
 * anything else stays 404. Each test has its own client address, so the 60-per-IP limit never spills.
 */
describe('Mobile signed URL of a channel post attachment (customer-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let customer: TestCustomer;
  let ip: string;

  before(async () => {
    infra = await isolatedInfrastructure('mobile-attachment-signed-url', { TRUST_PROXY: 'loopback' });
    api = await buildTestApp(createCustomerApi, infra);
  });

  after(() => closeTestInfrastructure(infra));

  beforeEach(async () => {
    ip = `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    customer = await createCustomer(api.app.container);
  });

  const newKey = () => `uploads/image/2025/07/${randomBytes(6).toString('hex')}.png`;
  const signedUrl = (key: string, token: string | null = customer.accessToken) => {
    const request = api.http.get(`/api/mobile/uploads/signed-url/${key}`).set('X-Forwarded-For', ip);
    return token ? request.set('Authorization', bearer(token)) : request;
  };
  const expectNotFound = async (key: string, token?: string) => {
    const res = await signedUrl(key, token).expect(404);
    expect(res.body).to.deep.equal(NOT_FOUND);
  };
  const postWith = async (channelId: number, options: { isDeleted?: boolean; publishedAt?: Date } = {}) => {
    const key = newKey();
    await createChannelPost(channelId, { type: 'IMAGE', attachments: [{ storageKey: key }], ...options });
    return key;
  };
  const openChannelPost = async (options: ChannelOptions = {}) => postWith((await createChannel(options)).id);

  it("resolves an OPEN channel post's attachment for any customer: /<key>, no expiry (local driver)", async () => {
    const key = await openChannelPost();
    const res = await signedUrl(key).expect(200);
    expect(res.body).to.deep.equal({ message: 'Local URL resolved', data: { url: `/${key}`, expiresAt: null } });
  });

  it('resolves an archived OPEN channel post\'s attachment (archived channels stay readable)', async () => {
    const key = await openChannelPost({ status: 'archived' });
    await signedUrl(key).expect(200);
  });

  it("treats a gated channel's attachment as not found without the entitlement, and resolves it with the entitlement now", async () => {
    const { channel, catalog } = await gatedChannel({ firstSubscribeHistoryPolicy: 'ALLOW_PAST' });
    const key = await postWith(channel.id);
    await expectNotFound(key);
    await grant(api, customer.id, catalog, daysAgo(30), daysAgo(1));
    await expectNotFound(key);
    await grant(api, customer.id, catalog, daysAgo(1), new Date(Date.now() + 10 * 86_400_000));
    const res = await signedUrl(key).expect(200);
    expect(res.body.data).to.deep.equal({ url: `/${key}`, expiresAt: null });
  });

  it('treats the attachment of a post outside the caller\'s history (NO_PAST: published before the subscription) as not found', async () => {
    const { channel, catalog } = await gatedChannel({ firstSubscribeHistoryPolicy: 'NO_PAST' });
    const before = await postWith(channel.id, { publishedAt: daysAgo(5) });
    const inside = await postWith(channel.id, { publishedAt: daysAgo(1) });
    await grant(api, customer.id, catalog, daysAgo(2), new Date(Date.now() + 10 * 86_400_000));
    await expectNotFound(before);
    await signedUrl(inside).expect(200);
  });

  it("treats a deleted post's attachment as not found, but resolves the key while another readable post still names it", async () => {
    const channel = await createChannel();
    const key = await postWith(channel.id, { isDeleted: true });
    await expectNotFound(key);
    await createChannelPost(channel.id, { type: 'IMAGE', attachments: [{ storageKey: key }] });
    await signedUrl(key).expect(200);
  });

  it("treats a soft-deleted channel's attachment as not found", async () => {
    await expectNotFound(await openChannelPost({ status: 'soft_deleted' }));
  });

  it('treats a key no post names as not found', async () => {
    await expectNotFound(newKey());
  });

  it('still resolves a private key the customer uploaded themselves', async () => {
    const upload = await api.http
      .post('/api/mobile/uploads?uploadType=image')
      .set('X-Forwarded-For', ip)
      .set('Authorization', bearer(customer.accessToken))
      .attach('file', pngBytes(), { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    const key = upload.body.data.relativePath;
    const res = await signedUrl(key).expect(200);
    expect(res.body.data).to.deep.equal({ url: `/${key}`, expiresAt: null });
    await expectNotFound(key, (await createCustomer(api.app.container)).accessToken);
  });

  it('answers 401 without a token, even for a readable attachment', async () => {
    const key = await openChannelPost();
    const res = await signedUrl(key, null).expect(401);
    expect(res.body.errorCode).to.equal('UNAUTHORIZED');
  });
});
