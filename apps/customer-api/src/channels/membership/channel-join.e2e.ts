import { expect } from 'chai';
import { ChannelMembershipModel } from '@platform/db';
import { buildTestApp, createChannel, createChannelMembership, createCustomer, TestApp } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { accessOf, gatedChannel, membershipRoutes } from './channel-membership.test-helper';

/** community-content-uploads.md "Membership and access", rule 1: POST /api/mobile/channels/{id}/join. */
describe('Mobile channels: join (customer-api)', () => {
  let api: TestApp;
  let routes: ReturnType<typeof membershipRoutes>;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    routes = membershipRoutes(api);
  });

  const customer = () => createCustomer(api.app.container);
  const rowOf = (channelId: number, userId: string) => ChannelMembershipModel.findOne({ where: { channelId, userId } });

  it('joins an open broadcast channel: 200 with the joined membership, stored, and the access function sees it', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const before = Date.now();
    const res = await routes.join(person, channel.id).expect(200);
    expect(res.body.message).to.equal('Joined the channel');
    expect(res.body.data).to.have.all.keys('channelId', 'isJoined', 'joinedAt', 'leftAt');
    expect(res.body.data).to.include({ channelId: channel.id, isJoined: true, leftAt: null });
    expect(Date.parse(res.body.data.joinedAt)).to.be.within(before - 1000, Date.now() + 1000);
    const row = await rowOf(channel.id, person.id);
    expect([row?.isJoined, row?.joinedAt.toISOString(), row?.leftAt]).to.deep.equal([true, res.body.data.joinedAt, null]);
    expect(await accessOf(api, channel.id, person.id)).to.include({ isJoined: true, getsPush: true, isLocked: false });
  });

  it('answers the joined state unchanged when joined again (same joinedAt, one row)', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const first = await routes.join(person, channel.id).expect(200);
    const again = await routes.join(person, channel.id, {}).expect(200);
    expect(again.body.data).to.deep.equal(first.body.data);
    expect(await ChannelMembershipModel.count({ where: { channelId: channel.id, userId: person.id } })).to.equal(1);
  });

  it('joins again after leaving: a new membership from now, leftAt cleared', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const leftAt = new Date(Date.now() - 60_000);
    await createChannelMembership(channel.id, person.id, { joinedAt: new Date(Date.now() - 3_600_000), leftAt });
    const res = await routes.join(person, channel.id).expect(200);
    expect(res.body.data).to.include({ isJoined: true, leftAt: null });
    expect(Date.parse(res.body.data.joinedAt)).to.be.greaterThan(leftAt.getTime());
  });

  it('joins a gated channel with a current entitlement, and an archived channel (it stays readable)', async () => {
    const person = await customer();
    const gated = await gatedChannel(api, { visibility: 'PRIVATE' });
    await gated.entitle(person.id, -1, 29);
    expect((await routes.join(person, gated.channel.id).expect(200)).body.data.isJoined).to.equal(true);
    const archived = await createChannel({ status: 'archived' });
    expect((await routes.join(person, archived.id).expect(200)).body.data.isJoined).to.equal(true);
  });

  it('refuses a gated PUBLIC channel without a current entitlement with 403 CHANNEL_ACCESS_DENIED (never, or ended)', async () => {
    const [never, ended] = [await customer(), await customer()];
    const gated = await gatedChannel(api);
    await gated.entitle(ended.id, -30, -1);
    for (const person of [never, ended]) {
      expect((await routes.join(person, gated.channel.id).expect(403)).body.errorCode).to.equal('CHANNEL_ACCESS_DENIED');
      expect(await rowOf(gated.channel.id, person.id)).to.equal(null);
    }
  });

  it('refuses a joined member whose entitlement ended (locked) with 403, leaving the row as it was', async () => {
    const person = await customer();
    const gated = await gatedChannel(api, { visibility: 'PRIVATE' });
    await gated.entitle(person.id, -30, -1);
    const joinedAt = new Date(Date.now() - 20 * 86_400_000);
    await createChannelMembership(gated.channel.id, person.id, { joinedAt });
    expect((await routes.join(person, gated.channel.id).expect(403)).body.errorCode).to.equal('CHANNEL_ACCESS_DENIED');
    expect((await rowOf(gated.channel.id, person.id))?.joinedAt.toISOString()).to.equal(joinedAt.toISOString());
  });

  it('answers 404 CHANNEL_NOT_FOUND for a PRIVATE gated channel the caller may not read, whatever its kind (no leak)', async () => {
    const person = await customer();
    for (const kind of ['BROADCAST', 'PREMIUM_VIEW_ONLY'] as const) {
      const { channel } = await gatedChannel(api, { visibility: 'PRIVATE', kind });
      expect((await routes.join(person, channel.id).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    }
  });

  it('refuses a PREMIUM_VIEW_ONLY channel the caller can see with 422 UNPROCESSABLE, readable or not', async () => {
    const person = await customer();
    const open = await createChannel({ kind: 'PREMIUM_VIEW_ONLY' });
    const gated = await gatedChannel(api, { kind: 'PREMIUM_VIEW_ONLY' });
    for (const channelId of [open.id, gated.channel.id]) {
      expect((await routes.join(person, channelId).expect(422)).body.errorCode).to.equal('UNPROCESSABLE');
      expect(await rowOf(channelId, person.id)).to.equal(null);
    }
  });

  it('answers 404 for a soft-deleted or unknown channel, 400 for an id that is no positive integer', async () => {
    const person = await customer();
    const deleted = await createChannel({ status: 'soft_deleted' });
    expect((await routes.join(person, deleted.id).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    expect((await routes.join(person, 2_000_000_000).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    expect((await routes.join(person, 99_999_999_999).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    for (const id of ['0', '007']) {
      expect((await routes.join(person, id).expect(400)).body.errors, id).to.deep.equal([{ field: 'id', code: 'isInt', message: 'id must be a positive integer' }]);
    }
  });

  it('takes no body: a key is 422 naming it, and nothing is joined', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const res = await routes.join(person, channel.id, { notify: true }).expect(422);
    expect(res.body.errors).to.deep.equal([{ field: 'notify', code: 'whitelistValidation', message: 'notify is not a field this route takes' }]);
    expect(await rowOf(channel.id, person.id)).to.equal(null);
  });

  it('keeps one joined row when the same caller joins ten times at once, every answer the same', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const answers = await Promise.all(Array.from({ length: 10 }, () => routes.join(person, channel.id)));
    expect(answers.map((res) => res.status)).to.deep.equal(Array(10).fill(200));
    expect(new Set(answers.map((res) => JSON.stringify(res.body.data))).size).to.equal(1);
    const rows = await ChannelMembershipModel.findAll({ where: { channelId: channel.id, userId: person.id } });
    expect(rows.map((row) => [row.isJoined, row.joinedAt.toISOString()])).to.deep.equal([[true, answers[0].body.data.joinedAt]]);
  });
});
