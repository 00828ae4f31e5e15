import { expect } from 'chai';
import { ChannelModel, ChannelStatus } from '@platform/db';
import { adminToken, buildTestApp, createChannel, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ARCHIVE_CLEARED = { archivedAt: null, archivedByAdminId: null };
const DELETE_CLEARED = { deletedAt: null, deletedByAdminId: null, purgeAfter: null };

/** PATCH /api/admin/channels/:id/status (community-content-uploads.md "Channel status"; restore: admin-channels-restore.e2e.ts). */
describe('Admin channels: status (admin-api)', () => {
  let api: TestApp;
  let all: string;

  const setStatus = (id: number | string, body: unknown, token = all) =>
    api.http.patch(`/api/admin/channels/${id}/status`).set('Authorization', token).send(body as object);
  const stored = async (id: number) => ChannelModel.findByPk(id, { rejectOnEmpty: true });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, ['Communications_READ', 'Communications_UPDATE'], 'admin-mover')}`;
  });

  describe('PATCH .../status', () => {
    it('archives an active channel: archive metadata set, delete metadata clear', async () => {
      const channel = await createChannel();
      const res = await setStatus(channel.id, { status: 'archived' }).expect(200);
      expect(res.body.message).to.equal('Channel status changed successfully');
      expect(res.body.data).to.include({ status: 'archived', archivedByAdminId: 'admin-mover', ...DELETE_CLEARED });
      expect(new Date(res.body.data.archivedAt).getTime()).to.be.closeTo(Date.now(), 10_000);
      expect(new Date(res.body.data.updatedAt).getTime()).to.be.greaterThan(channel.updatedAt.getTime());
      expect(await stored(channel.id)).to.deep.include({ status: 'archived', archivedByAdminId: 'admin-mover' });
    });

    it('archiving an archived channel keeps its archive metadata', async () => {
      const channel = await createChannel({ status: 'archived' });
      const res = await setStatus(channel.id, { status: 'archived' }).expect(200);
      expect(res.body.data).to.include({ status: 'archived', archivedByAdminId: 'test-admin', archivedAt: channel.archivedAt?.toISOString() });
    });

    it('moves an archived channel back to active, clearing the archive and delete metadata', async () => {
      const channel = await createChannel({ status: 'archived' });
      const res = await setStatus(channel.id, { status: 'active' }).expect(200);
      expect(res.body.data).to.include({ status: 'active', ...ARCHIVE_CLEARED, ...DELETE_CLEARED });
      expect(await stored(channel.id)).to.deep.include({ status: 'active', archivedAt: null, archivedByAdminId: null });
    });

    it('takes active for an active channel as a no-op that leaves no metadata', async () => {
      const channel = await createChannel();
      expect((await setStatus(channel.id, { status: 'active' }).expect(200)).body.data).to.include({ status: 'active', ...ARCHIVE_CLEARED, ...DELETE_CLEARED });
    });

    for (const from of ['active', 'archived'] as const) {
      it(`soft-deletes an ${from} channel with purge_after: delete metadata and purgeAfter set, archive metadata cleared`, async () => {
        const channel = await createChannel({ status: from });
        const res = await setStatus(channel.id, { status: 'soft_deleted', purge_after: '2031-06-01T10:00:00+02:00' }).expect(200);
        expect(res.body.data).to.include({ status: 'soft_deleted', deletedByAdminId: 'admin-mover', purgeAfter: '2031-06-01T08:00:00.000Z', ...ARCHIVE_CLEARED });
        expect(res.body.data.deletedAt).to.be.a('string');
        const row = await stored(channel.id);
        expect(row).to.deep.include({ status: 'soft_deleted', deletedByAdminId: 'admin-mover', archivedAt: null });
        expect(row.purgeAfter?.toISOString()).to.equal('2031-06-01T08:00:00.000Z');
      });
    }

    it('soft-deletes without purge_after, leaving purgeAfter null', async () => {
      const channel = await createChannel();
      expect((await setStatus(channel.id, { status: 'soft_deleted' }).expect(200)).body.data).to.include({ status: 'soft_deleted', purgeAfter: null });
      const other = await createChannel();
      expect((await setStatus(other.id, { status: 'soft_deleted', purge_after: null }).expect(200)).body.data.purgeAfter).to.equal(null);
    });

    it('soft_deleted again on a soft-deleted channel keeps deletedAt and who deleted it; purge_after sets purgeAfter, absent keeps it, null clears it', async () => {
      const channel = await createChannel({ status: 'soft_deleted', purgeAfter: new Date('2030-01-01T00:00:00Z') });
      const moved = await setStatus(channel.id, { status: 'soft_deleted', purge_after: '2032-02-02' }).expect(200);
      expect(moved.body.data).to.include({
        status: 'soft_deleted',
        deletedAt: channel.deletedAt?.toISOString(),
        deletedByAdminId: 'test-admin',
        purgeAfter: '2032-02-02T00:00:00.000Z',
      });
      expect((await setStatus(channel.id, { status: 'soft_deleted' }).expect(200)).body.data.purgeAfter).to.equal('2032-02-02T00:00:00.000Z');
      expect((await stored(channel.id)).purgeAfter?.toISOString()).to.equal('2032-02-02T00:00:00.000Z');
      expect((await setStatus(channel.id, { status: 'soft_deleted', purge_after: null }).expect(200)).body.data.purgeAfter).to.equal(null);
      expect((await stored(channel.id)).purgeAfter).to.equal(null);
    });

    for (const [rule, purgeAfter] of [
      ['in the past', '2001-01-01T00:00:00Z'],
      ['a second ago', () => new Date(Date.now() - 1_000).toISOString()],
    ] as const) {
      it(`refuses a purge_after ${rule} (a planned cleanup time lies ahead) with 422 naming purge_after, changing nothing`, async () => {
        const channel = await createChannel({ status: 'soft_deleted', purgeAfter: new Date('2030-01-01T00:00:00Z') });
        const res = await setStatus(channel.id, { status: 'soft_deleted', purge_after: typeof purgeAfter === 'string' ? purgeAfter : purgeAfter() }).expect(422);
        expect(res.body).to.deep.include({ errorCode: 'UNPROCESSABLE', message: 'purge_after must be in the future (a planned cleanup time)' });
        expect(res.body.errors[0].field).to.equal('purge_after');
        expect((await stored(channel.id)).purgeAfter?.toISOString()).to.equal('2030-01-01T00:00:00.000Z');
        await setStatus((await createChannel()).id, { status: 'soft_deleted', purge_after: '2001-01-01' }).expect(422);
      });
    }

    for (const to of ['active', 'archived'] as const) {
      it(`refuses ${to} for a soft-deleted channel with 422 CHANNEL_STATUS_TRANSITION_NOT_ALLOWED, changing nothing`, async () => {
        const channel = await createChannel({ status: 'soft_deleted', purgeAfter: new Date('2030-01-01T00:00:00Z') });
        const res = await setStatus(channel.id, { status: to }).expect(422);
        expect(res.body.errorCode).to.equal('CHANNEL_STATUS_TRANSITION_NOT_ALLOWED');
        expect(res.body.message).to.contain('restore');
        const row = await stored(channel.id);
        expect(row.status).to.equal('soft_deleted');
        expect(row.purgeAfter?.toISOString()).to.equal('2030-01-01T00:00:00.000Z');
      });
    }

    for (const status of ['active', 'archived'] as const) {
      it(`refuses purge_after, even null, with status ${status} with 422 UNPROCESSABLE naming purge_after`, async () => {
        const channel = await createChannel({ status: 'archived' });
        for (const purgeAfter of ['2031-01-01T00:00:00Z', null]) {
          const res = await setStatus(channel.id, { status, purge_after: purgeAfter }).expect(422);
          expect(res.body.errorCode).to.equal('UNPROCESSABLE');
          expect(res.body.errors[0].field).to.equal('purge_after');
        }
        expect((await stored(channel.id)).status).to.equal('archived');
      });
    }

    for (const [rule, body, field] of [
      ['an empty body', {}, 'status'],
      ['an unknown status', { status: 'deleted' }, 'status'],
      ['an uppercase status', { status: 'ARCHIVED' }, 'status'],
      ['a purge_after that is not a date', { status: 'soft_deleted', purge_after: 'tomorrow' }, 'purge_after'],
      ['a week-form purge_after', { status: 'soft_deleted', purge_after: '2031-W01-1' }, 'purge_after'],
      ['a purge_after that is a number', { status: 'soft_deleted', purge_after: 1767225600000 }, 'purge_after'],
      ['an unknown key', { status: 'archived', reason: 'old' }, 'reason'],
    ] as const) {
      it(`refuses ${rule} with 422 UNPROCESSABLE naming ${field}`, async () => {
        const channel = await createChannel();
        const res = await setStatus(channel.id, body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
        expect((await stored(channel.id)).status).to.equal('active');
      });
    }

    it('answers 404 CHANNEL_NOT_FOUND for an unknown id and 400 for a non-numeric one', async () => {
      expect((await setStatus(2_000_000_000, { status: 'archived' }).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
      expect((await setStatus('1.5', { status: 'archived' }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('applies concurrent moves of one channel one after the other, always leaving a consistent row', async () => {
      const channel = await createChannel();
      const moves: ChannelStatus[] = ['archived', 'soft_deleted', 'archived', 'active', 'soft_deleted'];
      const answers = await Promise.all(moves.map((status) => setStatus(channel.id, { status })));
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 422]);
      const row = await stored(channel.id);
      // Each move writes only the columns it changes from what it read: without the row lock, a move made on a stale read
      // would leave the other status's metadata behind and break the CHECK (a 500).
      expect(row.status).to.be.oneOf(['active', 'archived', 'soft_deleted']);
      expect(answers.some((res) => res.status === 200)).to.equal(true);
    });
  });
});
