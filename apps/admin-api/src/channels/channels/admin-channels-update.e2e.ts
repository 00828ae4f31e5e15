import { expect } from 'chai';
import { ChannelAccessPolicyModel, ChannelModel } from '@platform/db';
import { adminToken, buildTestApp, createChannel, createSubscriptionCatalog, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = ['Communications_READ', 'Communications_UPDATE'];

/** GET and PATCH /api/admin/channels/:id, PATCH .../access-policy (community-content-uploads.md "Channels, admin"). */
describe('Admin channels: detail, metadata and access policy (admin-api)', () => {
  let api: TestApp;
  let all: string;
  let keys: { basicKey: string; premiumKey: string };

  const get = (id: number | string) => api.http.get(`/api/admin/channels/${id}`).set('Authorization', all);
  const patch = (id: number | string, body: unknown) => api.http.patch(`/api/admin/channels/${id}`).set('Authorization', all).send(body as object);
  const patchPolicy = (id: number | string, body: unknown) =>
    api.http.patch(`/api/admin/channels/${id}/access-policy`).set('Authorization', all).send(body as object);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    all = `Bearer ${adminToken(api.app.container, PERMISSIONS, 'admin-editor')}`;
    keys = await createSubscriptionCatalog();
  });

  describe('GET /api/admin/channels/:id', () => {
    it('answers the full detail with accessPolicyConfig', async () => {
      const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: keys.basicKey, resubscribeBackfillDays: 30 });
      const { data } = (await get(channel.id).expect(200)).body;
      expect(data).to.deep.equal({
        id: channel.id,
        kind: 'BROADCAST',
        accessPolicy: 'EXTERNAL_GATED',
        visibility: 'PUBLIC',
        status: 'active',
        title: channel.title,
        description: channel.description,
        createdByAdminId: 'test-admin',
        archivedAt: null,
        archivedByAdminId: null,
        deletedAt: null,
        deletedByAdminId: null,
        purgeAfter: null,
        createdAt: channel.createdAt.toISOString(),
        updatedAt: channel.updatedAt.toISOString(),
        accessPolicyConfig: {
          channelId: channel.id,
          firstSubscribeHistoryPolicy: 'NO_PAST',
          resubscribeBackfillDays: 30,
          preservePriorEntitledHistory: true,
          requiredFeatureKey: keys.basicKey,
          updatedByAdminId: 'test-admin',
          updatedAt: channel.accessPolicyConfig?.updatedAt.toISOString(),
        },
      });
    });

    it('answers a soft-deleted channel to admins too, with its delete metadata', async () => {
      const channel = await createChannel({ status: 'soft_deleted', purgeAfter: new Date('2031-01-01T00:00:00Z') });
      const { data } = (await get(channel.id).expect(200)).body;
      expect(data).to.include({ status: 'soft_deleted', deletedByAdminId: 'test-admin', purgeAfter: '2031-01-01T00:00:00.000Z' });
    });

    it('answers 404 CHANNEL_NOT_FOUND for an unknown id (also beyond the integer range) and 400 for a non-numeric one', async () => {
      expect((await get(2_000_000_000).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
      expect((await get('99999999999').expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
      expect((await get('abc').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      expect((await get('-1').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });

  describe('PATCH /api/admin/channels/:id', () => {
    it('changes kind, visibility, a trimmed title and the description, moves updatedAt and answers the detail', async () => {
      const channel = await createChannel();
      const res = await patch(channel.id, { kind: 'PREMIUM_VIEW_ONLY', visibility: 'PRIVATE', title: '  Renamed  ', description: 'New words' }).expect(200);
      expect(res.body.message).to.equal('Channel updated successfully');
      expect(res.body.data).to.include({ kind: 'PREMIUM_VIEW_ONLY', visibility: 'PRIVATE', title: 'Renamed', description: 'New words', accessPolicy: 'OPEN' });
      expect(new Date(res.body.data.updatedAt).getTime()).to.be.greaterThan(channel.updatedAt.getTime());
      expect(res.body.data.accessPolicyConfig.channelId).to.equal(channel.id);
      const stored = await ChannelModel.findByPk(channel.id);
      expect(stored).to.deep.include({ kind: 'PREMIUM_VIEW_ONLY', visibility: 'PRIVATE', title: 'Renamed', description: 'New words' });
    });

    it('changes only the fields given, and null clears the description', async () => {
      const channel = await createChannel({ kind: 'PREMIUM_VIEW_ONLY', description: 'Keep me?' });
      const res = await patch(channel.id, { description: null }).expect(200);
      expect(res.body.data).to.include({ description: null, kind: 'PREMIUM_VIEW_ONLY', title: channel.title });
    });

    it('edits an archived channel (only soft-deleted ones are refused)', async () => {
      const channel = await createChannel({ status: 'archived' });
      expect((await patch(channel.id, { title: 'Still editable' }).expect(200)).body.data).to.include({ title: 'Still editable', status: 'archived' });
    });

    it('refuses a soft-deleted channel with 422 CHANNEL_SOFT_DELETED, changing nothing', async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      expect((await patch(channel.id, { title: 'Nope' }).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect((await ChannelModel.findByPk(channel.id))?.title).to.equal(channel.title);
    });

    for (const [rule, body, field] of [
      ['an empty body', {}, 'body'],
      ['access_policy (fixed at creation)', { access_policy: 'EXTERNAL_GATED' }, 'access_policy'],
      ['status (it has its own route)', { status: 'archived' }, 'status'],
      ['an unknown kind', { kind: 'GROUP' }, 'kind'],
      ['an unknown visibility', { visibility: 'HIDDEN' }, 'visibility'],
      ['a blank title', { title: '  ' }, 'title'],
      ['a title of whitespace and zero-width characters only', { title: ' \u200b\u200d\ufeff ' }, 'title'],
      ['a null title', { title: null }, 'title'],
      ['a null kind', { kind: null }, 'kind'],
      ['a title over 200 characters', { title: 't'.repeat(201) }, 'title'],
      // 200 "❤️" are 400 code points for the CHECK: a length that skipped variation selectors would let them through to a 500.
      ['a title of 200 emoji with variation selectors (400 characters)', { title: '\u2764\ufe0f'.repeat(200) }, 'title'],
      ['a description over 5000 characters', { description: 'd'.repeat(5001) }, 'description'],
      ['a description that is not a string', { description: 5 }, 'description'],
    ] as const) {
      it(`refuses ${rule} with 422 UNPROCESSABLE naming ${field}`, async () => {
        const channel = await createChannel();
        const res = await patch(channel.id, body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
        expect((await ChannelModel.findByPk(channel.id))?.updatedAt.getTime()).to.equal(channel.updatedAt.getTime());
      });
    }

    it('answers 404 CHANNEL_NOT_FOUND for an unknown id and 400 for a non-numeric one', async () => {
      expect((await patch(2_000_000_000, { title: 'x' }).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
      expect((await patch('x1', { title: 'x' }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });

  describe('PATCH /api/admin/channels/:id/access-policy', () => {
    it('changes the four fields, records the admin and the time, and answers the detail', async () => {
      const channel = await createChannel();
      const before = channel.accessPolicyConfig?.updatedAt ?? new Date();
      const res = await patchPolicy(channel.id, {
        first_subscribe_history_policy: 'ALLOW_PAST',
        resubscribe_backfill_days: 0,
        preserve_prior_entitled_history: false,
        required_feature_key: keys.premiumKey,
      }).expect(200);
      expect(res.body.message).to.equal('Channel access policy updated successfully');
      const config = res.body.data.accessPolicyConfig;
      expect(config).to.include({
        channelId: channel.id,
        firstSubscribeHistoryPolicy: 'ALLOW_PAST',
        resubscribeBackfillDays: 0,
        preservePriorEntitledHistory: false,
        requiredFeatureKey: keys.premiumKey,
        updatedByAdminId: 'admin-editor',
      });
      expect(new Date(config.updatedAt).getTime()).to.be.greaterThan(before.getTime());
      const stored = await ChannelAccessPolicyModel.findByPk(channel.id);
      expect(stored).to.deep.include({ firstSubscribeHistoryPolicy: 'ALLOW_PAST', requiredFeatureKey: keys.premiumKey, updatedByAdminId: 'admin-editor' });
    });

    it('changes only the fields given, and accepts the range ends 0 and 3650', async () => {
      const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: keys.basicKey, firstSubscribeHistoryPolicy: 'ALLOW_PAST' });
      const res = await patchPolicy(channel.id, { resubscribe_backfill_days: 3650 }).expect(200);
      expect(res.body.data.accessPolicyConfig).to.include({ resubscribeBackfillDays: 3650, firstSubscribeHistoryPolicy: 'ALLOW_PAST', requiredFeatureKey: keys.basicKey });
      expect((await patchPolicy(channel.id, { resubscribe_backfill_days: 0 }).expect(200)).body.data.accessPolicyConfig.resubscribeBackfillDays).to.equal(0);
    });

    it('moves a gated channel to another known key, and clears the key of an open channel with null', async () => {
      const gated = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: keys.basicKey });
      expect((await patchPolicy(gated.id, { required_feature_key: keys.premiumKey }).expect(200)).body.data.accessPolicyConfig.requiredFeatureKey).to.equal(keys.premiumKey);
      const open = await createChannel({ requiredFeatureKey: keys.basicKey });
      expect((await patchPolicy(open.id, { required_feature_key: null }).expect(200)).body.data.accessPolicyConfig.requiredFeatureKey).to.equal(null);
    });

    it('refuses clearing the feature key of a gated channel with 422 UNPROCESSABLE, keeping the key', async () => {
      const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: keys.basicKey });
      const res = await patchPolicy(channel.id, { required_feature_key: null }).expect(422);
      expect(res.body.errorCode).to.equal('UNPROCESSABLE');
      expect(res.body.errors[0].field).to.equal('required_feature_key');
      expect((await ChannelAccessPolicyModel.findByPk(channel.id))?.requiredFeatureKey).to.equal(keys.basicKey);
    });

    it('refuses a key no subscription plan names with 422 CHANNEL_FEATURE_KEY_UNKNOWN, keeping the key', async () => {
      const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: keys.basicKey });
      const res = await patchPolicy(channel.id, { required_feature_key: 'no.such.feature', resubscribe_backfill_days: 9 }).expect(422);
      expect(res.body.errorCode).to.equal('CHANNEL_FEATURE_KEY_UNKNOWN');
      expect(await ChannelAccessPolicyModel.findByPk(channel.id)).to.deep.include({ requiredFeatureKey: keys.basicKey, resubscribeBackfillDays: 0 });
    });

    it('refuses a soft-deleted channel with 422 CHANNEL_SOFT_DELETED', async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      expect((await patchPolicy(channel.id, { resubscribe_backfill_days: 5 }).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
    });

    for (const [rule, body, field] of [
      ['an empty body', {}, 'body'],
      ['days below 0', { resubscribe_backfill_days: -1 }, 'resubscribe_backfill_days'],
      ['days above 3650', { resubscribe_backfill_days: 3651 }, 'resubscribe_backfill_days'],
      ['days that are not an integer', { resubscribe_backfill_days: 2.5 }, 'resubscribe_backfill_days'],
      ['days as a string', { resubscribe_backfill_days: '7' }, 'resubscribe_backfill_days'],
      ['null days', { resubscribe_backfill_days: null }, 'resubscribe_backfill_days'],
      ['an unknown history policy', { first_subscribe_history_policy: 'ALL' }, 'first_subscribe_history_policy'],
      ['preserve_prior_entitled_history as a string', { preserve_prior_entitled_history: 'yes' }, 'preserve_prior_entitled_history'],
      ['a feature key of a bad shape', { required_feature_key: '-bad' }, 'required_feature_key'],
      ['access_policy (fixed at creation)', { access_policy: 'OPEN' }, 'access_policy'],
      ['a camelCase field', { resubscribeBackfillDays: 3 }, 'resubscribeBackfillDays'],
    ] as const) {
      it(`refuses ${rule} with 422 UNPROCESSABLE naming ${field}`, async () => {
        const channel = await createChannel();
        const res = await patchPolicy(channel.id, body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
      });
    }

    it('answers 404 CHANNEL_NOT_FOUND for an unknown id and 400 for a non-numeric one', async () => {
      expect((await patchPolicy(2_000_000_000, { resubscribe_backfill_days: 1 }).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
      expect((await patchPolicy('one', { resubscribe_backfill_days: 1 }).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });
});
