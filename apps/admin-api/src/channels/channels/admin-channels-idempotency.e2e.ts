import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { adminToken, TestApp } from '@platform/testing';
import { CHANNEL_PERMISSIONS, ChannelCreateFixture, channelCreateFixture, channelsTitled, newChannel, tag } from './channel-create.test-helper';

/** POST /api/admin/channels: the required Idempotency-Key (community-content-uploads.md "Channels, admin": idempotency). */
describe('Admin channels: create idempotency (admin-api)', () => {
  let api: TestApp;
  let all: string;
  let featureKey: string;
  let post: ChannelCreateFixture['post'];

  before(async () => {
    ({ api, all, featureKey, post } = await channelCreateFixture());
  });

  it('requires the Idempotency-Key: a create without it is 400 VALIDATION_ERROR and creates nothing', async () => {
    const body = newChannel();
    const res = await post(body, null).expect(400);
    expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    expect(res.body.errors[0].field).to.equal('Idempotency-Key');
    expect(await channelsTitled(body['title'] as string)).to.equal(0);
  });

  it('refuses an Idempotency-Key that is not 1-255 visible ASCII characters with 400', async () => {
    expect((await post(newChannel(), 'x'.repeat(256)).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
  });

  it('replays the first 201 for the same key and payload, creating one channel', async () => {
    const key = randomUUID();
    const body = newChannel({ description: 'once', access_policy_config: { resubscribe_backfill_days: 7 } });
    const first = await post(body, key).expect(201);
    const again = await post(body, key).expect(201);
    expect(again.body).to.deep.equal(first.body);
    expect(await channelsTitled(body['title'] as string)).to.equal(1);
  });

  it('takes the same payload with its keys in another order (and the title\'s blanks) as the same request', async () => {
    const key = randomUUID();
    const title = `Ordered ${tag()}`;
    const first = await post(
      { kind: 'BROADCAST', access_policy: 'OPEN', visibility: 'PUBLIC', title, access_policy_config: { resubscribe_backfill_days: 3, first_subscribe_history_policy: 'ALLOW_PAST' } },
      key,
    ).expect(201);
    const raw = `{"access_policy_config":{"first_subscribe_history_policy":"ALLOW_PAST","resubscribe_backfill_days":3},"title":" ${title} ","visibility":"PUBLIC","access_policy":"OPEN","kind":"BROADCAST"}`;
    const again = await api.http
      .post('/api/admin/channels')
      .set('Authorization', all)
      .set('Idempotency-Key', key)
      .set('Content-Type', 'application/json')
      .send(raw)
      .expect(201);
    expect(again.body.data.id).to.equal(first.body.data.id);
    expect(await channelsTitled(title)).to.equal(1);
  });

  it('answers 409 CHANNEL_IDEMPOTENCY_MISMATCH for the same key with another payload, creating nothing more', async () => {
    const key = randomUUID();
    const body = newChannel();
    await post(body, key).expect(201);
    const res = await post({ ...body, visibility: 'PRIVATE' }, key).expect(409);
    expect(res.body.errorCode).to.equal('CHANNEL_IDEMPOTENCY_MISMATCH');
    expect(await channelsTitled(body['title'] as string)).to.equal(1);
  });

  it('creates a new channel for a new key with the same payload', async () => {
    const body = newChannel();
    const first = await post(body).expect(201);
    const second = await post(body).expect(201);
    expect(second.body.data.id).to.not.equal(first.body.data.id);
    expect(await channelsTitled(body['title'] as string)).to.equal(2);
  });

  it('keeps keys per admin: another admin\'s same key is a request of its own', async () => {
    const key = randomUUID();
    const body = newChannel();
    const other = `Bearer ${adminToken(api.app.container, CHANNEL_PERMISSIONS, 'admin-other')}`;
    const first = await post(body, key).expect(201);
    const second = await post(body, key, other).expect(201);
    expect(second.body.data.id).to.not.equal(first.body.data.id);
  });

  it('frees the key of a refused create: the corrected request with the same key creates the channel', async () => {
    const key = randomUUID();
    const body = newChannel({ access_policy: 'EXTERNAL_GATED', access_policy_config: { required_feature_key: `unknown.${tag()}` } });
    await post(body, key).expect(422);
    const res = await post({ ...body, access_policy_config: { required_feature_key: featureKey } }, key).expect(201);
    expect(res.body.data.accessPolicyConfig.requiredFeatureKey).to.equal(featureKey);
  });

  it('creates one channel for two identical requests sent at once', async () => {
    const key = randomUUID();
    const body = newChannel();
    const answers = await Promise.all([post(body, key), post(body, key), post(body, key)]);
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).to.be.oneOf([201, 409]);
      if (res.status === 409) expect(res.body.errorCode).to.equal('CONFLICT');
    }
    const created = answers.filter((res) => res.status === 201);
    expect(created).to.not.be.empty;
    expect(new Set(created.map((res) => res.body.data.id)).size).to.equal(1);
    expect(await channelsTitled(body['title'] as string)).to.equal(1);
    // Once the first has finished, a retry replays it.
    expect((await post(body, key).expect(201)).body.data.id).to.equal(created[0].body.data.id);
  });
});
