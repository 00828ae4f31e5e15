import { expect } from 'chai';
import { ChannelMembershipModel } from '@platform/db';
import { Clock } from '@platform/domain';
import {
  adminToken,
  buildTestApp,
  createChannel,
  createCustomer,
  invalidTokenCases,
  refusedTokenCode,
  TestApp,
} from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { accessOf, membershipRoutes } from './channel-membership.test-helper';

/** Join and leave racing each other, and who may call the three routes at all (JWT, customers only). */
describe('Mobile channels: membership races and tokens (customer-api)', () => {
  let api: TestApp;
  let routes: ReturnType<typeof membershipRoutes>;
  /** How far the app's clock is off: a request whose clock was read before another's, yet writes after it. */
  let skewMs = 0;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, { now: () => new Date(Date.now() + skewMs) });
    routes = membershipRoutes(api);
  });
  afterEach(() => {
    skewMs = 0;
  });

  const customer = () => createCustomer(api.app.container);

  it('leaves one consistent row when joins and leaves of one caller race (never a refused write, the answers agree with it)', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 16 }, (_, n) => (n % 2 === 0 ? routes.join(person, channel.id) : routes.leave(person, channel.id)));
      const answers = await Promise.all(calls);
      for (const res of answers) {
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const { isJoined, joinedAt, leftAt } = res.body.data;
        // A leave that ran before any join committed answers "never joined": no dates at all.
        const neverJoined = joinedAt === null && leftAt === null && !isJoined;
        expect(neverJoined || isJoined === (leftAt === null), JSON.stringify(res.body.data)).to.equal(true);
        if (leftAt !== null && joinedAt !== null) expect(Date.parse(leftAt)).to.be.at.least(Date.parse(joinedAt));
      }
      const rows = await ChannelMembershipModel.findAll({ where: { channelId: channel.id, userId: person.id } });
      expect(rows).to.have.length(1);
      const [row] = rows;
      expect(row.isJoined).to.equal(row.leftAt === null);
      if (row.leftAt) expect(row.leftAt.getTime()).to.be.at.least(row.joinedAt.getTime());
      expect((await accessOf(api, channel.id, person.id)).getsPush).to.equal(row.isJoined);
    }
  });

  it('keeps joined_at ≤ left_at ≤ the next joined_at when a later write carries an earlier clock', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    const joined = (await routes.join(person, channel.id).expect(200)).body.data;
    skewMs = -60_000;
    const left = (await routes.leave(person, channel.id).expect(200)).body.data;
    expect(left).to.include({ isJoined: false, joinedAt: joined.joinedAt, leftAt: joined.joinedAt });
    skewMs = -120_000;
    const again = (await routes.join(person, channel.id).expect(200)).body.data;
    expect(again).to.include({ isJoined: true, joinedAt: left.leftAt, leftAt: null });
  });

  it('a join after a leave is joined, a leave after a join is left (the last write decides)', async () => {
    const [channel, person] = [await createChannel(), await customer()];
    await routes.join(person, channel.id).expect(200);
    await routes.leave(person, channel.id).expect(200);
    expect((await accessOf(api, channel.id, person.id)).isJoined).to.equal(false);
    await routes.join(person, channel.id).expect(200);
    expect((await accessOf(api, channel.id, person.id)).isJoined).to.equal(true);
  });

  const ROUTES = [
    ['join', (auth: string | undefined, id: number) => routes.join(auth, id)],
    ['leave', (auth: string | undefined, id: number) => routes.leave(auth, id)],
    ['read-state', (auth: string | undefined, id: number) => routes.readState(auth, id, { last_seen_post_id: '0' })],
  ] as const;

  for (const [name, call] of ROUTES) {
    it(`POST .../${name} answers 401 to every refused token and 403 FORBIDDEN to an admin token, changing nothing`, async () => {
      const [channel, person] = [await createChannel(), await customer()];
      for (const [label, header] of invalidTokenCases('customer', person.id)) {
        const res = await call(header, channel.id);
        expect(res.status, label).to.equal(401);
        expect(res.body.errorCode, label).to.equal(refusedTokenCode(label));
      }
      const admin = await call(`Bearer ${adminToken(api.app.container, ['*'])}`, channel.id);
      expect([admin.status, admin.body.errorCode]).to.deep.equal([403, 'FORBIDDEN']);
      expect(await ChannelMembershipModel.count({ where: { channelId: channel.id } })).to.equal(0);
    });
  }
});
