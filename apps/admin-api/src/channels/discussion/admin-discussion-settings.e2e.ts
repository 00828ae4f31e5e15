import { expect } from 'chai';
import { DiscussionModerationActionModel } from '@platform/db';
import { adminToken, buildTestApp, createChannel, createSubscriptionCatalog, discussionOf, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/**
 * GET and PATCH /api/admin/channels/:id/discussion (issue 23 "Admin discussion and moderation";
 * CONTRACT section 10): the Discussion fields, and its settings with their rules. A refused PATCH
 * leaves the stored settings as they were.
 */
describe('Admin discussion settings (admin-api)', () => {
  const ADMIN_ID = '01900000-0000-7000-8000-00000000d5e7';
  let api: TestApp;
  let admin: string;
  let featureKey: string;

  const path = (channelId: number) => `/api/admin/channels/${channelId}/discussion`;
  const get = (channelId: number) => api.http.get(path(channelId)).set('Authorization', admin);
  const patch = (channelId: number, body: unknown) => api.http.patch(path(channelId)).set('Authorization', admin).send(body as object);
  /** The stored settings, to prove a refusal changed nothing. */
  const stored = async (channelId: number) => (await discussionOf(channelId)).get({ plain: true });
  const logOf = async (channelId: number) =>
    DiscussionModerationActionModel.findAll({ where: { discussionId: (await discussionOf(channelId)).id }, order: [['id', 'ASC']], raw: true });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_READ', 'Communications_UPDATE'], ADMIN_ID)}`;
    featureKey = (await createSubscriptionCatalog()).premiumKey;
  });

  describe('GET', () => {
    it('answers the Discussion fields of a new channel: enabled, no feature, slow mode off', async () => {
      const channel = await createChannel({ title: 'Market talk', createdByAdminId: 'creator-admin' });
      const discussion = await discussionOf(channel.id);
      const res = await get(channel.id).expect(200);
      expect(res.body.data).to.deep.equal({
        id: discussion.id,
        channelId: channel.id,
        title: 'Market talk',
        isEnabled: true,
        requiredFeatureKey: null,
        slowModeEnabled: false,
        slowModeIntervalSeconds: null,
        createdByAdminId: 'creator-admin',
        createdAt: discussion.createdAt.toISOString(),
        updatedAt: discussion.updatedAt.toISOString(),
      });
    });

    it('reads the discussion of an archived or soft-deleted channel too, as the channel detail does', async () => {
      for (const status of ['archived', 'soft_deleted'] as const) {
        const channel = await createChannel({ status });
        const res = await get(channel.id).expect(200);
        expect(res.body.data.channelId, status).to.equal(channel.id);
      }
    });

    it('answers 404 CHANNEL_NOT_FOUND for an unknown channel', async () => {
      const res = await get(999999999).expect(404);
      expect(res.body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    });
  });

  describe('PATCH', () => {
    it('changes each given field, trims the title, and leaves the others', async () => {
      const channel = await createChannel();
      const before = await discussionOf(channel.id);
      const res = await patch(channel.id, { title: '  Members only  ', required_feature_key: featureKey }).expect(200);
      expect(res.body.message).to.equal('Discussion updated successfully');
      expect(res.body.data).to.deep.include({ title: 'Members only', requiredFeatureKey: featureKey, isEnabled: true, slowModeEnabled: false });
      const after = await discussionOf(channel.id);
      expect(after.title).to.equal('Members only');
      expect(after.requiredFeatureKey).to.equal(featureKey);
      expect(after.updatedAt.getTime()).to.be.greaterThan(before.updatedAt.getTime());
      expect(res.body.data.updatedAt).to.equal(after.updatedAt.toISOString());
    });

    it('turns slow mode on with an interval, changes the interval, and off again (the interval may stay or be cleared)', async () => {
      const channel = await createChannel();
      await patch(channel.id, { slow_mode_enabled: true, slow_mode_interval_seconds: 30 }).expect(200);
      expect(await discussionOf(channel.id)).to.deep.include({ slowModeEnabled: true, slowModeIntervalSeconds: 30 });
      // Slow mode already on: an interval alone is enough, up to a day.
      await patch(channel.id, { slow_mode_interval_seconds: 86400 }).expect(200);
      expect(await discussionOf(channel.id)).to.deep.include({ slowModeEnabled: true, slowModeIntervalSeconds: 86400 });
      await patch(channel.id, { slow_mode_enabled: false }).expect(200);
      expect(await discussionOf(channel.id)).to.deep.include({ slowModeEnabled: false, slowModeIntervalSeconds: 86400 });
      const res = await patch(channel.id, { slow_mode_interval_seconds: null }).expect(200);
      expect(res.body.data).to.deep.include({ slowModeEnabled: false, slowModeIntervalSeconds: null });
      // Turning it on again with the stored interval gone needs one.
      await patch(channel.id, { slow_mode_interval_seconds: 1, slow_mode_enabled: true }).expect(200);
      expect(await discussionOf(channel.id)).to.deep.include({ slowModeEnabled: true, slowModeIntervalSeconds: 1 });
    });

    it('disables and enables the discussion, and clears the required feature with null', async () => {
      const channel = await createChannel();
      await discussionOf(channel.id, { requiredFeatureKey: featureKey });
      expect((await patch(channel.id, { is_enabled: false }).expect(200)).body.data.isEnabled).to.equal(false);
      expect((await discussionOf(channel.id)).isEnabled).to.equal(false);
      const res = await patch(channel.id, { is_enabled: true, required_feature_key: null }).expect(200);
      expect(res.body.data).to.deep.include({ isEnabled: true, requiredFeatureKey: null });
      expect((await discussionOf(channel.id)).requiredFeatureKey).to.equal(null);
    });

    it('logs a settings_update naming the admin and exactly the fields that changed, from and to', async () => {
      const channel = await createChannel({ title: 'Market talk' });
      await patch(channel.id, { title: 'Members only', is_enabled: true, slow_mode_enabled: true, slow_mode_interval_seconds: 30, required_feature_key: featureKey }).expect(200);
      await patch(channel.id, { required_feature_key: null, slow_mode_interval_seconds: 30 }).expect(200);
      const log = await logOf(channel.id);
      expect(log.map((a) => [a.action, a.adminId, a.userId, a.messageId, a.mutedUntil, a.reason, a.changes])).to.deep.equal([
        [
          'settings_update',
          ADMIN_ID,
          null,
          null,
          null,
          null,
          {
            title: { from: 'Market talk', to: 'Members only' },
            required_feature_key: { from: null, to: featureKey },
            slow_mode_enabled: { from: false, to: true },
            slow_mode_interval_seconds: { from: null, to: 30 },
          },
        ],
        ['settings_update', ADMIN_ID, null, null, null, null, { required_feature_key: { from: featureKey, to: null } }],
      ]);
      const listed = await api.http.get(`${path(channel.id)}/moderation-actions`).set('Authorization', admin).expect(200);
      expect(listed.body.data.items.map((a: { action: string; changes: unknown }) => [a.action, a.changes])).to.deep.equal([
        ['settings_update', { required_feature_key: { from: featureKey, to: null } }],
        ['settings_update', log[0].changes],
      ]);
    });

    it('logs nothing for a PATCH that repeats the stored values, nor for a refused one', async () => {
      const channel = await createChannel({ title: 'Same' });
      await patch(channel.id, { is_enabled: true, title: 'Same', required_feature_key: null }).expect(200);
      await patch(channel.id, { slow_mode_enabled: true }).expect(422);
      await patch(channel.id, { required_feature_key: 'no-plan-names-this' }).expect(422);
      expect(await logOf(channel.id)).to.deep.equal([]);
    });

    it('moves updatedAt even when the PATCH repeats the stored values', async () => {
      const channel = await createChannel();
      const before = await discussionOf(channel.id);
      await patch(channel.id, { is_enabled: true }).expect(200);
      expect((await discussionOf(channel.id)).updatedAt.getTime()).to.be.greaterThan(before.updatedAt.getTime());
    });

    it('updates the discussion of an archived channel', async () => {
      const channel = await createChannel({ status: 'archived' });
      await patch(channel.id, { is_enabled: false }).expect(200);
      expect((await discussionOf(channel.id)).isEnabled).to.equal(false);
    });

    it('refuses slow mode on without an interval with 422 naming the field, never the CHECK’s 500, and changes nothing', async () => {
      const channel = await createChannel();
      const before = await stored(channel.id);
      let res = await patch(channel.id, { slow_mode_enabled: true }).expect(422);
      expect(res.body.errorCode).to.equal('UNPROCESSABLE');
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['slow_mode_enabled']);
      res = await patch(channel.id, { slow_mode_enabled: true, slow_mode_interval_seconds: null }).expect(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['slow_mode_interval_seconds']);
      await patch(channel.id, { slow_mode_enabled: true, slow_mode_interval_seconds: 10 }).expect(200);
      // Clearing the interval of a slow mode that stays on.
      res = await patch(channel.id, { slow_mode_interval_seconds: null, title: 'changed' }).expect(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['slow_mode_interval_seconds']);
      const after = await discussionOf(channel.id);
      expect(after).to.deep.include({ slowModeEnabled: true, slowModeIntervalSeconds: 10, title: before.title });
    });

    const BAD: Array<[string, Record<string, unknown>, string]> = [
      ['an empty body', {}, 'body'],
      ['an unknown key', { is_enabled: true, channel_id: 5 }, 'channel_id'],
      ['a camelCase key', { isEnabled: false }, 'isEnabled'],
      ['is_enabled not a boolean', { is_enabled: 'false' }, 'is_enabled'],
      ['is_enabled null', { is_enabled: null }, 'is_enabled'],
      ['an empty title', { title: '   ' }, 'title'],
      ['a title of zero-width characters', { title: '\u200b\u200b' }, 'title'],
      ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title'],
      ['a title of 200 emoji with variation selectors (400 code points)', { title: '\u2764\ufe0f'.repeat(200) }, 'title'],
      ['a title with a line feed', { title: 'two\nlines' }, 'title'],
      ['a title null', { title: null }, 'title'],
      ['a malformed feature key', { required_feature_key: 'has space' }, 'required_feature_key'],
      ['slow_mode_enabled not a boolean', { slow_mode_enabled: 1 }, 'slow_mode_enabled'],
      ['an interval of 0', { slow_mode_interval_seconds: 0 }, 'slow_mode_interval_seconds'],
      ['an interval above a day', { slow_mode_interval_seconds: 86401 }, 'slow_mode_interval_seconds'],
      ['a fractional interval', { slow_mode_interval_seconds: 1.5 }, 'slow_mode_interval_seconds'],
      ['an interval as a string', { slow_mode_interval_seconds: '30' }, 'slow_mode_interval_seconds'],
    ];
    for (const [name, body, field] of BAD) {
      it(`refuses ${name} with 422 UNPROCESSABLE naming ${field}, changing nothing`, async () => {
        const channel = await createChannel();
        const before = await stored(channel.id);
        const res = await patch(channel.id, body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
        expect(await stored(channel.id)).to.deep.equal(before);
      });
    }

    it('leaves a JSON body that is not an object to the app’s JSON reader (400 VALIDATION_ERROR), changing nothing', async () => {
      const channel = await createChannel();
      const before = await stored(channel.id);
      const res = await api.http.patch(path(channel.id)).set('Authorization', admin).set('Content-Type', 'application/json').send('[1]').expect(400);
      expect(res.body).to.deep.equal({ message: 'Request body must be a JSON object', errorCode: 'VALIDATION_ERROR' });
      expect(await stored(channel.id)).to.deep.equal(before);
    });

    it('refuses a feature key no subscription plan names with 422 CHANNEL_FEATURE_KEY_UNKNOWN, changing nothing', async () => {
      const channel = await createChannel();
      const before = await stored(channel.id);
      const res = await patch(channel.id, { required_feature_key: 'no.such.feature', is_enabled: false }).expect(422);
      expect(res.body.errorCode).to.equal('CHANNEL_FEATURE_KEY_UNKNOWN');
      expect(res.body.errors).to.deep.equal([{ field: 'required_feature_key', code: 'knownFeatureKey', message: '"no.such.feature" is not a known subscription feature key' }]);
      expect(await stored(channel.id)).to.deep.equal(before);
    });

    it('refuses the discussion of a soft-deleted channel with 422 CHANNEL_SOFT_DELETED, changing nothing', async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      const before = await stored(channel.id);
      const res = await patch(channel.id, { is_enabled: false }).expect(422);
      expect(res.body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect(await stored(channel.id)).to.deep.equal(before);
    });

    it('answers 404 CHANNEL_NOT_FOUND for an unknown channel', async () => {
      const res = await patch(999999999, { is_enabled: false }).expect(404);
      expect(res.body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    });

    it('judges slow mode on the settings as they are under the row lock: of two racing PATCHes that together would break it, one is 422, never a 500', async () => {
      // Stored: off with 30 s. Turning it on needs the interval; clearing the interval is fine while off. Each
      // PATCH alone is valid; read before the other committed, both would pass and the second write hit the CHECK.
      const channels = await Promise.all(Array.from({ length: 6 }, () => createChannel()));
      for (const channel of channels) await discussionOf(channel.id, { slowModeEnabled: false, slowModeIntervalSeconds: 30 });
      const results = await Promise.all(
        channels.map(async (channel) => {
          const [on, clear] = await Promise.all([patch(channel.id, { slow_mode_enabled: true }), patch(channel.id, { slow_mode_interval_seconds: null })]);
          return { channel, statuses: [on.status, clear.status].sort() };
        }),
      );
      for (const { channel, statuses } of results) {
        expect(statuses, `channel ${channel.id}`).to.deep.equal([200, 422]);
        const row = await discussionOf(channel.id);
        expect(row.slowModeEnabled && row.slowModeIntervalSeconds === null, `channel ${channel.id}`).to.equal(false);
      }
    });
  });
});
