import { expect } from 'chai';
import { DiscussionMessageModel, DiscussionModerationActionModel } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { adminToken, buildTestApp, createChannel, createCustomer, createDiscussionMessage, discussionOf, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/**
 * The admin discussion writes take every time from the app Clock, updatedAt too (as the member
 * writes do), so a message's times, its edit and tombstone, the moderation log and the settings
 * never mix the app's clock with the wall clock or the database's now(). The Clock here is years
 * away from both, so a time from either shows.
 */
describe('Admin discussion writes and the app Clock (admin-api)', () => {
  const clock = { now: new Date('2031-02-03T04:05:06.000Z') };
  const tick = () => {
    clock.now = new Date(clock.now.getTime() + 60_000);
    return clock.now.toISOString();
  };
  let api: TestApp;
  let admin: string;
  let userId: string;

  const rowOf = async (id: string) => (await DiscussionMessageModel.findByPk(id, { raw: true })) as unknown as Record<string, Date | null>;
  const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    admin = `Bearer ${adminToken(api.app.container, ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'])}`;
    userId = (await createCustomer(api.app.container)).id;
  });

  it('stamps an admin post’s createdAt and updatedAt with the Clock', async () => {
    const channel = await createChannel();
    const at = tick();
    const res = await api.http.post(`/api/admin/channels/${channel.id}/discussion/messages`).set('Authorization', admin).send({ body: 'hi' }).expect(201);
    const row = await rowOf(res.body.data.id);
    expect([iso(row.createdAt), iso(row.updatedAt), res.body.data.createdAt, res.body.data.updatedAt]).to.deep.equal([at, at, at, at]);
  });

  it('stamps an admin edit’s editedAt and updatedAt, and its log entry, with the Clock', async () => {
    const { id: discussionId } = await discussionOf((await createChannel()).id);
    const message = await createDiscussionMessage(discussionId, { userId, body: 'before' });
    const at = tick();
    const res = await api.http.patch(`/api/admin/discussion-messages/${message.id}`).set('Authorization', admin).send({ body: 'after' }).expect(200);
    const row = await rowOf(String(message.id));
    expect([iso(row.editedAt), iso(row.updatedAt), res.body.data.updatedAt]).to.deep.equal([at, at, at]);
    const [entry] = await DiscussionModerationActionModel.findAll({ where: { discussionId }, raw: true });
    expect(iso(entry.createdAt)).to.equal(at);
  });

  it('stamps an admin delete’s deletedAt and updatedAt with the Clock', async () => {
    const { id: discussionId } = await discussionOf((await createChannel()).id);
    const message = await createDiscussionMessage(discussionId, { adminId: 'another-admin' });
    const at = tick();
    const res = await api.http.delete(`/api/admin/discussion-messages/${message.id}`).set('Authorization', admin).expect(200);
    const row = await rowOf(String(message.id));
    expect([iso(row.deletedAt), iso(row.updatedAt), res.body.data.updatedAt]).to.deep.equal([at, at, at]);
  });

  it('stamps a settings PATCH’s updatedAt and its log entry with the Clock', async () => {
    const channel = await createChannel();
    const at = tick();
    const res = await api.http.patch(`/api/admin/channels/${channel.id}/discussion`).set('Authorization', admin).send({ is_enabled: false }).expect(200);
    const discussion = await discussionOf(channel.id);
    expect([iso(discussion.updatedAt), res.body.data.updatedAt]).to.deep.equal([at, at]);
    const [entry] = await DiscussionModerationActionModel.findAll({ where: { discussionId: discussion.id }, raw: true });
    expect(iso(entry.createdAt)).to.equal(at);
  });
});
