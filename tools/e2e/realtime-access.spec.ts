import { expect } from 'chai';
import { SubscriptionPlanFeatureModel } from '@platform/db';
import { EntitlementService, RealtimeAccessRecheck } from '@platform/domain';
import { banFromDiscussion, createChannel, createSubscription, createSubscriptionCatalog, discussionOf, eventually, TestSubscriptionCatalog } from '@platform/testing';
import {
  closeTestInfrastructure,
  drained,
  realtimeInfrastructure,
  request,
  startCustomerApi,
  startWithHeldDecision,
} from '../../apps/customer-api/src/realtime/realtime.test-helper';
import { useRealtimeSuite } from './realtime-suite.test-helper';

const DAY = 24 * 3600 * 1000;

/**
 * Access is checked again when it changes (issue 23 "Realtime"): a customer whose entitlement is
 * revoked, who is banned, whose channel is soft-deleted or whose channel's or discussion's required
 * feature changes leaves the room on every instance once the admin route's write publishes
 * RealtimeAccessRecheck (nothing here publishes one by hand, except to test RealtimeAccessRecheck
 * itself), and receives no later event; every socket is also re-decided every REALTIME_ACCESS_RECHECK_SECONDS.
 */
describe('Realtime access rechecks (admin-api writes → customer-api rooms)', function () {
  this.timeout(30_000);
  const suite = useRealtimeSuite({
    name: 'access',
    permissions: ['Communications_CREATE', 'Communications_UPDATE', 'Subscriptions_UPDATE'],
    // The periodic recheck is far away here: what these tests see is the explicit one.
    env: { REALTIME_ACCESS_RECHECK_SECONDS: '3600' },
  });

  /** A customer with a live basic subscription of `catalog`, connected to `on`. */
  const entitled = async (catalog: TestSubscriptionCatalog, on = suite.api) => {
    const connected = await suite.customerSocket(on);
    const subscription = await createSubscription(connected.customer.id, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, {
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 30 * DAY),
    });
    return { ...connected, subscription };
  };
  const revoke = (subscriptionId: string) =>
    suite.admin.http.patch(`/api/admin/subscriptions/${subscriptionId}/revoke`).set('Authorization', suite.adminAuth).send({}).expect(200);
  const recheck = () => suite.admin.app.container.get(RealtimeAccessRecheck);
  const patch = (path: string, body: Record<string, unknown>) =>
    suite.admin.http.patch(`/api/admin/channels/${path}`).set('Authorization', suite.adminAuth).send(body).expect(200);
  /** A customer's socket (no subscription) in `rooms`. */
  const member = async (rooms: string[]) => {
    const connected = await suite.customerSocket();
    for (const room of rooms) expect(await request(connected.socket, 'join', room)).to.deep.equal({ ok: true });
    return connected;
  };

  it('a revoked member leaves channel and discussion rooms on the recheck the revoke publishes, and receives no later post', async () => {
    const catalog = await createSubscriptionCatalog();
    const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey });
    const discussion = await discussionOf(channel.id);
    const revoked = await entitled(catalog);
    const kept = await entitled(catalog);
    for (const { socket } of [revoked, kept]) {
      expect(await request(socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
      expect(await request(socket, 'join', `discussion:${discussion.id}`)).to.deep.equal({ ok: true });
    }
    const before = await suite.post(channel.id, 'before the revoke');
    await eventually(async () => revoked.received.length === 1 && kept.received.length === 1);

    // The periodic recheck is an hour away here: only what the revoke publishes can move the socket.
    await revoke(revoked.subscription.id);
    await eventually(async () => !suite.api.inRoom(`channel:${channel.id}`, revoked.customer.id) && !suite.api.inRoom(`discussion:${discussion.id}`, revoked.customer.id));
    expect(suite.api.inRoom(`channel:${channel.id}`, kept.customer.id)).to.equal(true);
    expect(suite.api.inRoom(`discussion:${discussion.id}`, kept.customer.id)).to.equal(true);

    const after = await suite.post(channel.id, 'after the revoke');
    await eventually(async () => kept.received.length === 2);
    await drained(revoked.socket);
    expect(revoked.received.map(({ payload }) => payload['id'])).to.deep.equal([before.id]);
    expect(kept.received.map(({ payload }) => payload['id'])).to.deep.equal([before.id, after.id]);
    // Joining again is refused now.
    expect(await request(revoked.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_ACCESS_DENIED' });
  });

  it('a recheck published inside a transaction goes out only after commit, and not at all after a rollback', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const [{ customer: target }, { customer: other }] = [await member([`discussion:${discussion.id}`]), await member([`discussion:${discussion.id}`])];
    // Written straight to the table: the factory publishes nothing.
    for (const customer of [target, other]) await banFromDiscussion(discussion.id, customer.id);
    const db = suite.admin.infra.db;
    const failure = await db
      .transaction(async (tx) => {
        recheck().user(target.id, tx);
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    expect(failure).to.equal('rolled back');
    // A later recheck of someone else is the sentinel: had the rolled-back one gone out, it would have been handled first.
    recheck().user(other.id);
    await eventually(async () => !suite.api.inRoom(`discussion:${discussion.id}`, other.id));
    expect(suite.api.inRoom(`discussion:${discussion.id}`, target.id)).to.equal(true);

    await db.transaction(async (tx) => recheck().user(target.id, tx));
    await eventually(async () => !suite.api.inRoom(`discussion:${discussion.id}`, target.id));
  });

  it('a ban (POST .../discussion/bans) takes the customer out of the discussion room, not the channel room', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const { customer, socket } = await member([`channel:${channel.id}`, `discussion:${discussion.id}`]);
    await suite.admin.http
      .post(`/api/admin/channels/${channel.id}/discussion/bans`)
      .set('Authorization', suite.adminAuth)
      .send({ user_id: customer.id, reason: 'abuse' })
      .expect(201);
    await eventually(async () => !suite.api.inRoom(`discussion:${discussion.id}`, customer.id));
    expect(suite.api.inRoom(`channel:${channel.id}`, customer.id)).to.equal(true);
    expect(await request(socket, 'join', `discussion:${discussion.id}`)).to.deep.equal({ ok: false, errorCode: 'CHANNEL_DISCUSSION_BANNED' });
  });

  it('a soft-deleted channel (PATCH .../status) empties both of its rooms; other channels keep theirs', async () => {
    const channel = await createChannel();
    const other = await createChannel();
    const discussion = await discussionOf(channel.id);
    const rooms = [`channel:${channel.id}`, `discussion:${discussion.id}`, `channel:${other.id}`];
    const customers = [(await member(rooms)).customer, (await member(rooms)).customer];
    await patch(`${channel.id}/status`, { status: 'soft_deleted' });
    await eventually(async () => !suite.api.realtime.io.of('/').adapter.rooms.has(`channel:${channel.id}`) && !suite.api.realtime.io.of('/').adapter.rooms.has(`discussion:${discussion.id}`));
    for (const customer of customers) expect(suite.api.inRoom(`channel:${other.id}`, customer.id)).to.equal(true);
  });

  it('a recheck arriving while a join is being decided is applied after it: the join cannot slip past a revoke', async () => {
    // The join's decision is taken (access still held), then held until the revoke and its recheck went out.
    const gated = await startWithHeldDecision(suite.infra);
    try {
      const catalog = await createSubscriptionCatalog();
      const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey });
      const member = await entitled(catalog, gated.instance);
      const join = request(member.socket, 'join', `channel:${channel.id}`);
      await gated.decided;
      await revoke(member.subscription.id);
      // Give the recheck time to reach the instance while the join is still held.
      await new Promise((resolve) => setTimeout(resolve, 300));
      gated.release();
      expect(await join).to.deep.equal({ ok: true });
      await eventually(async () => !gated.instance.inRoom(`channel:${channel.id}`, member.customer.id), 3_000);
    } finally {
      gated.release();
      await gated.instance.close();
    }
  });

  it('a channel whose required_feature_key changes (PATCH .../access-policy) drops the members without the new feature from both rooms', async () => {
    const catalog = await createSubscriptionCatalog();
    const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey });
    const discussion = await discussionOf(channel.id);
    const basic = await entitled(catalog);
    for (const room of [`channel:${channel.id}`, `discussion:${discussion.id}`]) {
      expect(await request(basic.socket, 'join', room)).to.deep.equal({ ok: true });
    }
    await patch(`${channel.id}/access-policy`, { required_feature_key: catalog.premiumKey });
    await eventually(async () => !suite.api.inRoom(`channel:${channel.id}`, basic.customer.id) && !suite.api.inRoom(`discussion:${discussion.id}`, basic.customer.id));
  });

  it('a discussion whose required_feature_key changes (PATCH .../discussion) drops the members without it from the discussion room only', async () => {
    const catalog = await createSubscriptionCatalog();
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const { customer } = await member([`channel:${channel.id}`, `discussion:${discussion.id}`]);
    await patch(`${channel.id}/discussion`, { required_feature_key: catalog.premiumKey });
    await eventually(async () => !suite.api.inRoom(`discussion:${discussion.id}`, customer.id));
    expect(suite.api.inRoom(`channel:${channel.id}`, customer.id)).to.equal(true);
  });

  it('a join decided before a soft-delete committed, carried out after the channel recheck listed the room, decides again and is refused', async () => {
    const gated = await startWithHeldDecision(suite.infra);
    try {
      const channel = await createChannel();
      const { customer, socket } = await suite.customerSocket(gated.instance);
      const join = request(socket, 'join', `channel:${channel.id}`);
      await gated.decided;
      await patch(`${channel.id}/status`, { status: 'soft_deleted' });
      // The channel recheck reaches the instance and finds the room empty while the join is held.
      await new Promise((resolve) => setTimeout(resolve, 300));
      gated.release();
      expect(await join).to.deep.equal({ ok: false, errorCode: 'CHANNEL_NOT_FOUND' });
      expect(gated.instance.inRoom(`channel:${channel.id}`, customer.id)).to.equal(false);
    } finally {
      gated.release();
      await gated.instance.close();
    }
  });

  it('an everyone recheck (a catalog change) re-decides every socket', async () => {
    const catalog = await createSubscriptionCatalog();
    const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey });
    const held = await entitled(catalog);
    expect(await request(held.socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    // The feature leaves the plan behind the service's back; what the catalog change publishes is sent here.
    await SubscriptionPlanFeatureModel.update({ enabled: false }, { where: { planId: catalog.basic.plan.id } });
    await suite.admin.app.container.get(EntitlementService).invalidateCatalog();
    await eventually(async () => !suite.api.inRoom(`channel:${channel.id}`, held.customer.id));
  });

  it('the periodic recheck removes a socket whose entitlement simply ended, with nothing announced', async () => {
    const fast = await realtimeInfrastructure('access-periodic', { REALTIME_ACCESS_RECHECK_SECONDS: '1' });
    const periodic = await startCustomerApi(fast);
    try {
      const catalog = await createSubscriptionCatalog();
      const channel = await createChannel({ accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: catalog.basicKey });
      const { customer, socket } = await suite.customerSocket(periodic);
      const endsAt = new Date(Date.now() + 2_500);
      await createSubscription(customer.id, { planId: catalog.basic.plan.id, moduleId: catalog.module.id }, { startsAt: new Date(Date.now() - DAY), endsAt });
      expect(await request(socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
      // Sweeps before the end keep it...
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(periodic.inRoom(`channel:${channel.id}`, customer.id)).to.equal(true);
      // ...the first sweep after it removes it.
      await eventually(async () => !periodic.inRoom(`channel:${channel.id}`, customer.id), 4_000, 50);
      expect(Date.now()).to.be.at.least(endsAt.getTime());
    } finally {
      await periodic.close();
      await closeTestInfrastructure(fast);
    }
  });
});
