import { expect } from 'chai';
import { adminToken, buildTestApp, createChannel, createChannelPost, createCustomer, invalidTokenCases, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { bearer, daysAgo, gatedChannel, grant, joined } from './channel-reads.test-helper';

/** GET /api/mobile/channels/{id} (community-content-uploads.md "Channels, mobile", "Membership and access"; issue 22). */
describe('Mobile channel detail: access by policy, visibility and membership (customer-api)', () => {
  let api: TestApp;
  let customer: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  beforeEach(async () => {
    customer = await createCustomer(api.app.container);
  });

  const get = (id: number | string, token?: string) => {
    const request = api.http.get(`/api/mobile/channels/${id}`);
    return token ? request.set('Authorization', bearer(token)) : request;
  };
  const status = async (id: number, token?: string) => {
    const res = await get(id, token);
    return res.status === 200 ? 200 : `${res.status} ${res.body.errorCode}`;
  };

  it('answers an OPEN channel to anonymous and signed-in callers alike, as the mobile item', async () => {
    const channel = await createChannel({ visibility: 'PRIVATE', description: 'Market open' });
    const post = await createChannelPost(channel.id);
    const anonymous = await get(channel.id).expect(200);
    expect(anonymous.body.data).to.deep.equal({
      id: channel.id,
      kind: 'BROADCAST',
      accessPolicy: 'OPEN',
      status: 'active',
      visibility: 'PRIVATE',
      title: channel.title,
      description: 'Market open',
      createdAt: channel.createdAt.toISOString(),
      updatedAt: channel.updatedAt.toISOString(),
      isJoined: false,
      isLocked: false,
      unreadCount: 1,
      lastPostId: Number(post.id),
    });
    expect((await get(channel.id, customer.accessToken).expect(200)).body.data).to.deep.equal(anonymous.body.data);
  });

  it('answers a gated PUBLIC channel only to a holder of its feature now: 403 CHANNEL_ACCESS_DENIED to anyone else', async () => {
    const { channel, catalog } = await gatedChannel();
    expect(await status(channel.id)).to.equal('403 CHANNEL_ACCESS_DENIED');
    expect(await status(channel.id, customer.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    const expired = await createCustomer(api.app.container);
    await grant(api, expired.id, catalog, daysAgo(40), daysAgo(10));
    expect(await status(channel.id, expired.accessToken)).to.equal('403 CHANNEL_ACCESS_DENIED');
    await grant(api, customer.id, catalog, daysAgo(1), daysAgo(-30));
    const res = await get(channel.id, customer.accessToken).expect(200);
    expect(res.body.data).to.include({ id: channel.id, accessPolicy: 'EXTERNAL_GATED', isJoined: false, isLocked: false });
  });

  it('hides a gated PRIVATE channel (404 CHANNEL_NOT_FOUND) from anyone who may not read it and has not joined it', async () => {
    const { channel, catalog } = await gatedChannel({ visibility: 'PRIVATE' });
    expect(await status(channel.id)).to.equal('404 CHANNEL_NOT_FOUND');
    expect(await status(channel.id, customer.accessToken)).to.equal('404 CHANNEL_NOT_FOUND');
    // A member who left is nobody to it either.
    const left = await createCustomer(api.app.container);
    await joined(channel.id, left.id, false);
    expect(await status(channel.id, left.accessToken)).to.equal('404 CHANNEL_NOT_FOUND');
    await grant(api, customer.id, catalog, daysAgo(1), daysAgo(-30));
    expect(await status(channel.id, customer.accessToken)).to.equal(200);
  });

  it('gives a joined member who lost access the locked shell (isJoined, isLocked, no counters), PUBLIC or PRIVATE', async () => {
    for (const visibility of ['PUBLIC', 'PRIVATE'] as const) {
      const { channel, catalog } = await gatedChannel({ visibility });
      await createChannelPost(channel.id, { publishedAt: daysAgo(20) });
      const member = await createCustomer(api.app.container);
      await grant(api, member.id, catalog, daysAgo(30), daysAgo(2));
      await joined(channel.id, member.id);
      const res = await get(channel.id, member.accessToken).expect(200);
      expect(res.body.data, visibility).to.include({ id: channel.id, isJoined: true, isLocked: true, unreadCount: 0, lastPostId: null });
    }
  });

  it('answers a joined member with access the open item (isLocked false)', async () => {
    const { channel, catalog } = await gatedChannel({ visibility: 'PRIVATE', firstSubscribeHistoryPolicy: 'ALLOW_PAST' });
    const post = await createChannelPost(channel.id, { publishedAt: daysAgo(20) });
    await grant(api, customer.id, catalog, daysAgo(3), daysAgo(-3));
    await joined(channel.id, customer.id);
    const res = await get(channel.id, customer.accessToken).expect(200);
    expect(res.body.data).to.include({ isJoined: true, isLocked: false, unreadCount: 1, lastPostId: Number(post.id) });
  });

  it('answers 404 for a soft-deleted channel to everyone, a member with access included; an archived one stays readable', async () => {
    const { channel, catalog } = await gatedChannel({ status: 'soft_deleted' });
    await grant(api, customer.id, catalog, daysAgo(1), daysAgo(-30));
    await joined(channel.id, customer.id);
    expect(await status(channel.id, customer.accessToken)).to.equal('404 CHANNEL_NOT_FOUND');
    expect(await status((await createChannel({ status: 'soft_deleted' })).id)).to.equal('404 CHANNEL_NOT_FOUND');
    const archived = await createChannel({ status: 'archived' });
    expect((await get(archived.id).expect(200)).body.data).to.include({ status: 'archived' });
    expect(await status(2_147_483_647)).to.equal('404 CHANNEL_NOT_FOUND');
  });

  it('reads an admin token as anonymous', async () => {
    const { channel } = await gatedChannel({ visibility: 'PRIVATE' });
    const admin = adminToken(api.app.container, ['*']);
    expect(await status(channel.id, admin)).to.equal('404 CHANNEL_NOT_FOUND');
    expect(await status((await createChannel()).id, admin)).to.equal(200);
  });

  it('refuses a bad token with 401 instead of answering anonymously, as the other optional-JWT routes', async () => {
    const channel = await createChannel();
    for (const [label, header] of invalidTokenCases('customer', customer.id)) {
      if (header === undefined) continue; // no header at all is an anonymous caller
      const res = await get(channel.id).set('Authorization', header);
      expect(res.status, label).to.equal(401);
    }
  });

  it('answers 400 VALIDATION_ERROR for an id that is not a positive integer', async () => {
    for (const id of ['0', '007', 'abc', '-1', '1.5']) {
      const res = await get(id);
      expect(`${res.status} ${res.body.errorCode}`, id).to.equal('400 VALIDATION_ERROR');
    }
  });
});
