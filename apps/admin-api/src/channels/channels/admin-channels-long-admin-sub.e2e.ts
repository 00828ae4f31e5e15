import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ChannelAccessPolicyModel, ChannelDiscussionModel, ChannelModel, ChannelPostModel } from '@platform/db';
import { adminToken, buildTestApp, createChannel, createChannelPost, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/** A sub from an outside identity service may be long (CONTRACT section 4): every *_by_admin_id column takes up to 255. */
const LONG_SUB = `idp|${'s'.repeat(146)}`;

describe('Admin channels: an admin whose token sub is 150 characters (admin-api)', () => {
  let api: TestApp;
  let token: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    const permissions = ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'];
    token = `Bearer ${adminToken(api.app.container, permissions, LONG_SUB)}`;
    expect(LONG_SUB).to.have.length(150);
  });

  it('creates a channel (201), recording the sub on the channel, its access policy and its discussion', async () => {
    const res = await api.http
      .post('/api/admin/channels')
      .set('Authorization', token)
      .set('Idempotency-Key', randomUUID())
      .send({ kind: 'BROADCAST', access_policy: 'OPEN', visibility: 'PUBLIC', title: 'Long sub' })
      .expect(201);
    expect(res.body.data.createdByAdminId).to.equal(LONG_SUB);
    expect(res.body.data.accessPolicyConfig.updatedByAdminId).to.equal(LONG_SUB);
    const id = res.body.data.id as number;
    expect((await ChannelModel.findByPk(id, { rejectOnEmpty: true })).createdByAdminId).to.equal(LONG_SUB);
    expect((await ChannelAccessPolicyModel.findOne({ where: { channelId: id }, rejectOnEmpty: true })).updatedByAdminId).to.equal(LONG_SUB);
    expect((await ChannelDiscussionModel.findOne({ where: { channelId: id }, rejectOnEmpty: true })).createdByAdminId).to.equal(LONG_SUB);
  });

  it('archives and soft-deletes a channel (200), recording the sub as archivedByAdminId and deletedByAdminId', async () => {
    const channel = await createChannel();
    const move = (status: string) => api.http.patch(`/api/admin/channels/${channel.id}/status`).set('Authorization', token).send({ status });
    expect((await move('archived').expect(200)).body.data.archivedByAdminId).to.equal(LONG_SUB);
    expect((await move('soft_deleted').expect(200)).body.data.deletedByAdminId).to.equal(LONG_SUB);
    expect((await ChannelModel.findByPk(channel.id, { rejectOnEmpty: true })).deletedByAdminId).to.equal(LONG_SUB);
  });

  it('publishes a post (201), recording the sub as createdByAdminId', async () => {
    const channel = await createChannel();
    const res = await api.http
      .post(`/api/admin/channels/${channel.id}/posts`)
      .set('Authorization', token)
      .set('Idempotency-Key', randomUUID())
      .send({ type: 'TEXT', body_text: 'Hello' })
      .expect(201);
    expect(res.body.data.createdByAdminId).to.equal(LONG_SUB);
  });

  it('deletes a post (200), recording the sub as deletedByAdminId', async () => {
    const channel = await createChannel();
    const post = await createChannelPost(channel.id);
    const res = await api.http.delete(`/api/admin/channels/${channel.id}/posts/${post.id}`).set('Authorization', token).expect(200);
    expect(res.body.data).to.include({ isDeleted: true, deletedByAdminId: LONG_SUB });
    expect((await ChannelPostModel.findByPk(post.id, { rejectOnEmpty: true })).deletedByAdminId).to.equal(LONG_SUB);
  });
});
