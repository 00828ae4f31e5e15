import { expect } from 'chai';
import { ChannelModel } from '@platform/db';
import { adminToken, buildTestApp, createChannel, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ARCHIVE_CLEARED = { archivedAt: null, archivedByAdminId: null };
const DELETE_CLEARED = { deletedAt: null, deletedByAdminId: null, purgeAfter: null };

/** POST /api/admin/channels/:id/restore (community-content-uploads.md "Channel status"): it takes no body. */
describe('Admin channels: restore (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const restore = (id: number | string, body?: unknown) => {
    const request = api.http.post(`/api/admin/channels/${id}/restore`).set('Authorization', all);
    return body === undefined ? request : request.send(body as object);
  };
  const stored = async (id: number) => ChannelModel.findByPk(id, { rejectOnEmpty: true });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['Communications_READ', 'Communications_UPDATE'], 'admin-mover')}`;
  });

  it('restores a soft-deleted channel to active, clearing deletedAt, deletedByAdminId and purgeAfter', async () => {
    const channel = await createChannel({ status: 'soft_deleted', purgeAfter: new Date('2030-01-01T00:00:00Z') });
    const res = await restore(channel.id).expect(200);
    expect(res.body.message).to.equal('Channel restored successfully');
    expect(res.body.data).to.include({ status: 'active', ...DELETE_CLEARED, ...ARCHIVE_CLEARED });
    expect(await stored(channel.id)).to.deep.include({ status: 'active', deletedAt: null, deletedByAdminId: null, purgeAfter: null });
  });

  it('opens a restored channel to metadata edits again', async () => {
    const channel = await createChannel({ status: 'soft_deleted' });
    const edit = () => api.http.patch(`/api/admin/channels/${channel.id}`).set('Authorization', all).send({ title: 'Back again' });
    await edit().expect(422);
    await restore(channel.id).expect(200);
    expect((await edit().expect(200)).body.data.title).to.equal('Back again');
  });

  for (const status of ['active', 'archived'] as const) {
    it(`refuses a channel that is ${status} with 422 CHANNEL_STATUS_TRANSITION_NOT_ALLOWED`, async () => {
      const channel = await createChannel({ status });
      expect((await restore(channel.id).expect(422)).body.errorCode).to.equal('CHANNEL_STATUS_TRANSITION_NOT_ALLOWED');
      expect((await stored(channel.id)).status).to.equal(status);
    });
  }

  it('answers the second of two restores 422: only one finds the channel soft-deleted', async () => {
    const channel = await createChannel({ status: 'soft_deleted' });
    const statuses = (await Promise.all([restore(channel.id), restore(channel.id)])).map((res) => res.status).sort();
    expect(statuses).to.deep.equal([200, 422]);
  });

  it('answers 404 CHANNEL_NOT_FOUND for an unknown id and 400 for a non-numeric one', async () => {
    expect((await restore(2_000_000_000).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    expect((await restore('abc').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
  });

  it('restores with an empty JSON object as the body', async () => {
    const channel = await createChannel({ status: 'soft_deleted' });
    expect((await restore(channel.id, {}).expect(200)).body.data.status).to.equal('active');
  });

  for (const [rule, body, field] of [
    ['a body with a key', { status: 'active' }, 'status'],
    ['a body with a null-valued key', { reason: null }, 'reason'],
  ] as const) {
    it(`refuses ${rule} with 422 UNPROCESSABLE naming ${field}, restoring nothing`, async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      const res = await restore(channel.id, body).expect(422);
      expect(res.body.errorCode).to.equal('UNPROCESSABLE');
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.deep.equal([field]);
      expect((await stored(channel.id)).status).to.equal('soft_deleted');
    });
  }
});
