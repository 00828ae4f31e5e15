import { expect } from 'chai';
import { ChannelAccessPolicyModel, ChannelDiscussionModel } from '@platform/db';
import { ChannelCreateFixture, channelCreateFixture, channelsTitled, newChannel, tag } from './channel-create.test-helper';

/** POST /api/admin/channels (community-content-uploads.md "Channels, admin": create body, discussion; idempotency has its own file). */
describe('Admin channels: create (admin-api)', () => {
  let featureKey: string;
  let post: ChannelCreateFixture['post'];

  before(async () => {
    ({ featureKey, post } = await channelCreateFixture());
  });

  it('creates an active channel with its access policy and answers 201 with the full detail', async () => {
    const body = newChannel({
      kind: 'PREMIUM_VIEW_ONLY',
      access_policy: 'EXTERNAL_GATED',
      visibility: 'PRIVATE',
      title: '  Premium calls  ',
      description: 'Daily calls',
      access_policy_config: {
        first_subscribe_history_policy: 'ALLOW_PAST',
        resubscribe_backfill_days: 3650,
        preserve_prior_entitled_history: false,
        required_feature_key: featureKey,
      },
    });
    const res = await post(body).expect(201);
    expect(res.body.message).to.equal('Channel created successfully');
    const data = res.body.data;
    expect(data).to.include({
      kind: 'PREMIUM_VIEW_ONLY',
      accessPolicy: 'EXTERNAL_GATED',
      visibility: 'PRIVATE',
      status: 'active',
      title: 'Premium calls',
      description: 'Daily calls',
      createdByAdminId: 'admin-creator',
      archivedAt: null,
      archivedByAdminId: null,
      deletedAt: null,
      deletedByAdminId: null,
      purgeAfter: null,
    });
    expect(data.id).to.be.a('number');
    expect(new Date(data.createdAt).toISOString()).to.equal(data.createdAt);
    expect(data.accessPolicyConfig).to.deep.include({
      channelId: data.id,
      firstSubscribeHistoryPolicy: 'ALLOW_PAST',
      resubscribeBackfillDays: 3650,
      preservePriorEntitledHistory: false,
      requiredFeatureKey: featureKey,
      updatedByAdminId: 'admin-creator',
    });
    expect(Object.keys(data).sort()).to.deep.equal(
      [
        'id', 'kind', 'accessPolicy', 'visibility', 'status', 'title', 'description', 'createdByAdminId', 'archivedAt',
        'archivedByAdminId', 'deletedAt', 'deletedByAdminId', 'purgeAfter', 'createdAt', 'updatedAt', 'accessPolicyConfig',
      ].sort(),
    );
    const policy = await ChannelAccessPolicyModel.findByPk(data.id);
    expect(policy?.requiredFeatureKey).to.equal(featureKey);
  });

  it('fills the policy defaults (NO_PAST, 0 days, preserve history, no key) and a null description', async () => {
    const res = await post(newChannel()).expect(201);
    expect(res.body.data.description).to.equal(null);
    expect(res.body.data.accessPolicyConfig).to.include({
      firstSubscribeHistoryPolicy: 'NO_PAST',
      resubscribeBackfillDays: 0,
      preservePriorEntitledHistory: true,
      requiredFeatureKey: null,
    });
  });

  it('creates the channel\'s discussion with it: titled as the channel, enabled, no feature, slow mode off', async () => {
    const res = await post(newChannel()).expect(201);
    const discussions = await ChannelDiscussionModel.findAll({ where: { channelId: res.body.data.id } });
    expect(discussions).to.have.length(1);
    expect(discussions[0]).to.deep.include({
      title: res.body.data.title,
      isEnabled: true,
      requiredFeatureKey: null,
      slowModeEnabled: false,
      slowModeIntervalSeconds: null,
      createdByAdminId: 'admin-creator',
    });
  });

  const ACF = 'access_policy_config';
  for (const [rule, overrides, field] of [
    ['a missing kind', { kind: undefined }, 'kind'],
    ['an unknown kind', { kind: 'GROUP' }, 'kind'],
    ['a lowercase access_policy', { access_policy: 'open' }, 'access_policy'],
    ['a missing visibility', { visibility: undefined }, 'visibility'],
    ['a missing title', { title: undefined }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a title of whitespace and a zero-width space', { title: ' \u200b ' }, 'title'],
    ['a title of invisible characters only (word joiner, soft hyphen, variation selector, Hangul filler)', { title: '\u2060\u00ad\ufe0f\u3164' }, 'title'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
    ['a title that is not a string', { title: 42 }, 'title'],
    ['a description over 5000 characters', { description: 'x'.repeat(5001) }, 'description'],
    ['a description with a NUL character', { description: 'a\u0000b' }, 'description'],
    ['an unknown key', { status: 'archived' }, 'status'],
    ['access_policy_config that is not an object', { [ACF]: 'NO_PAST' }, ACF],
    ['access_policy_config null', { [ACF]: null }, ACF],
    ['an unknown first_subscribe_history_policy', { [ACF]: { first_subscribe_history_policy: 'SOME_PAST' } }, `${ACF}.first_subscribe_history_policy`],
    ['resubscribe_backfill_days below 0', { [ACF]: { resubscribe_backfill_days: -1 } }, `${ACF}.resubscribe_backfill_days`],
    ['resubscribe_backfill_days above 3650', { [ACF]: { resubscribe_backfill_days: 3651 } }, `${ACF}.resubscribe_backfill_days`],
    ['resubscribe_backfill_days that is not an integer', { [ACF]: { resubscribe_backfill_days: 1.5 } }, `${ACF}.resubscribe_backfill_days`],
    ['resubscribe_backfill_days as a string', { [ACF]: { resubscribe_backfill_days: '5' } }, `${ACF}.resubscribe_backfill_days`],
    ['preserve_prior_entitled_history as a string', { [ACF]: { preserve_prior_entitled_history: 'true' } }, `${ACF}.preserve_prior_entitled_history`],
    ['an unknown key inside access_policy_config', { [ACF]: { grace_days: 7 } }, `${ACF}.grace_days`],
    ['a required_feature_key of a bad shape', { [ACF]: { required_feature_key: 'no spaces allowed' } }, `${ACF}.required_feature_key`],
    ['EXTERNAL_GATED without required_feature_key', { access_policy: 'EXTERNAL_GATED' }, `${ACF}.required_feature_key`],
    ['EXTERNAL_GATED with a null required_feature_key', { access_policy: 'EXTERNAL_GATED', [ACF]: { required_feature_key: null } }, `${ACF}.required_feature_key`],
  ] as const) {
    it(`refuses ${rule} with 422 UNPROCESSABLE naming ${field}, creating nothing`, async () => {
      const body = newChannel(overrides);
      const res = await post(body).expect(422);
      expect(res.body.errorCode).to.equal('UNPROCESSABLE');
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.include(field);
      if (typeof body['title'] === 'string' && body['title'].trim()) expect(await channelsTitled(body['title'].trim())).to.equal(0);
    });
  }

  it('refuses an empty body with 422 naming every required field', async () => {
    const res = await post({}).expect(422);
    expect(res.body.errorCode).to.equal('UNPROCESSABLE');
    expect(res.body.errors.map((e: { field: string }) => e.field)).to.include.members(['kind', 'access_policy', 'visibility', 'title']);
  });

  it('refuses a required_feature_key no subscription plan names with 422 CHANNEL_FEATURE_KEY_UNKNOWN, creating nothing', async () => {
    const body = newChannel({ access_policy: 'EXTERNAL_GATED', access_policy_config: { required_feature_key: `unknown.${tag()}` } });
    const res = await post(body).expect(422);
    expect(res.body.errorCode).to.equal('CHANNEL_FEATURE_KEY_UNKNOWN');
    expect(res.body.errors[0].field).to.equal('access_policy_config.required_feature_key');
    expect(await channelsTitled(body['title'] as string)).to.equal(0);
  });

  it('refuses an unknown key on an OPEN channel too (a key named must be known)', async () => {
    const body = newChannel({ access_policy_config: { required_feature_key: `unknown.${tag()}` } });
    expect((await post(body).expect(422)).body.errorCode).to.equal('CHANNEL_FEATURE_KEY_UNKNOWN');
  });
});
