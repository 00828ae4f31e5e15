import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { v7 as uuidv7 } from 'uuid';
import { TEST_ENV, testContainer } from '@platform/testing';
import { Database } from '../database';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import { ChannelMembershipModel, ChannelModel, ChannelReadStateModel, UserModel } from '../models';
import { MIGRATIONS } from './index';
import channelMembers from './0017-channel-members';
import { refused } from './constraint-refusal.test-helper';

/** Channel memberships and read cursors (issue 22): what the database refuses, and what goes with a channel or a user. */
describe('0017-channel-members constraints', () => {
  before(() => testContainer('channel-members-schema-spec'));
  const hour = 3_600_000;
  const channel = () =>
    ChannelModel.create({ kind: 'BROADCAST', accessPolicy: 'OPEN', visibility: 'PUBLIC', title: 'Signals', createdByAdminId: 'admin-1' });
  const user = () => UserModel.create({ id: uuidv7(), email: `member.${uuidv7()}@example.com`, passwordHash: 'x', fullName: 'Member' });
  const membership = (channelId: number, userId: string, overrides: Record<string, unknown> = {}) =>
    ChannelMembershipModel.create({ channelId, userId, isJoined: true, joinedAt: new Date(), leftAt: null, ...overrides });
  /** Bypasses the models' own notNull checks, so the database is what refuses. */
  const sql = async (text: string) => (await testContainer('channel-members-schema-spec')).get(Database).sequelize.query(text);
  const readState = (channelId: number, userId: string, overrides: Record<string, unknown> = {}) =>
    ChannelReadStateModel.create({ channelId, userId, lastSeenPostId: '0', lastSeenAt: new Date(), ...overrides });

  it('has a left_at exactly when the membership is left, never before joined_at', async () => {
    const c = await channel();
    const joinedAt = new Date(Date.now() - hour);
    await membership(c.id, (await user()).id, { joinedAt });
    await membership(c.id, (await user()).id, { isJoined: false, joinedAt, leftAt: new Date() });
    await membership(c.id, (await user()).id, { isJoined: false, joinedAt, leftAt: joinedAt });
    await refused(async () => membership(c.id, (await user()).id, { leftAt: new Date() }), /channel_memberships_left/);
    await refused(async () => membership(c.id, (await user()).id, { isJoined: false }), /channel_memberships_left/);
    await refused(
      async () => membership(c.id, (await user()).id, { isJoined: false, joinedAt, leftAt: new Date(joinedAt.getTime() - 1) }),
      /channel_memberships_left/,
    );
    const u = await user();
    await refused(() => sql(`INSERT INTO channel_memberships (channel_id, user_id, is_joined) VALUES (${c.id}, '${u.id}', true)`), /null value in column "joined_at"/);
  });

  it('holds one membership and one read cursor per (channel, user)', async () => {
    const [c, u] = [await channel(), await user()];
    await membership(c.id, u.id);
    await refused(() => membership(c.id, u.id), /channel_memberships_pkey/);
    await readState(c.id, u.id);
    await refused(() => readState(c.id, u.id), /channel_read_states_pkey/);
  });

  it('keeps the read cursor a post id or 0', async () => {
    const c = await channel();
    await readState(c.id, (await user()).id, { lastSeenPostId: '9223372036854775807' });
    await refused(async () => readState(c.id, (await user()).id, { lastSeenPostId: '-1' }), /channel_read_states_last_seen_post_id_check/);
    const u = await user();
    await refused(() => sql(`INSERT INTO channel_read_states (channel_id, user_id, last_seen_post_id) VALUES (${c.id}, '${u.id}', 1)`), /null value in column "last_seen_at"/);
  });

  it('names an existing channel and user', async () => {
    const [c, u] = [await channel(), await user()];
    await refused(() => membership(2_000_000_000, u.id), /channel_memberships_channel_id_fkey/);
    await refused(() => membership(c.id, uuidv7()), /channel_memberships_user_id_fkey/);
    await refused(() => readState(2_000_000_000, u.id), /channel_read_states_channel_id_fkey/);
    await refused(() => readState(c.id, uuidv7()), /channel_read_states_user_id_fkey/);
  });

  it('goes with its channel and with its user', async () => {
    const [gone, kept, member, other] = [await channel(), await channel(), await user(), await user()];
    for (const [c, u] of [[gone, member], [gone, other], [kept, member], [kept, other]] as const) {
      await membership(c.id, u.id);
      await readState(c.id, u.id);
    }
    await gone.destroy();
    await member.destroy();
    const left = async (model: typeof ChannelMembershipModel | typeof ChannelReadStateModel) =>
      (await (model as typeof ChannelMembershipModel).findAll({ where: { channelId: [gone.id, kept.id] } })).map((row) => `${row.channelId}:${row.userId}`);
    expect(await left(ChannelMembershipModel)).to.deep.equal([`${kept.id}:${other.id}`]);
    expect(await left(ChannelReadStateModel)).to.deep.equal([`${kept.id}:${other.id}`]);
  });

  it('goes down and up again', async function () {
    this.timeout(60_000);
    const url = new URL(TEST_ENV['DATABASE_URL']);
    url.pathname = `${url.pathname}_m17`;
    await ensureDatabase(url.toString());
    const scratch = new Database({ url: url.toString(), pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 }, []);
    const context = { sequelize: scratch.sequelize, queryInterface: scratch.sequelize.getQueryInterface() };
    const one = async (sql: string) => (await scratch.sequelize.query<{ n: string }>(sql, { type: QueryTypes.SELECT }))[0]?.n;
    const state = async () => [
      await one(`SELECT count(*) AS n FROM pg_tables WHERE tablename IN ('channel_memberships', 'channel_read_states')`),
      await one(`SELECT count(*) AS n FROM pg_indexes WHERE indexname IN ('channel_memberships_joined_idx', 'channel_memberships_user_idx')`),
      await one(`SELECT count(*) AS n FROM pg_tables WHERE tablename = 'channels'`),
    ];
    try {
      for (const migration of MIGRATIONS.slice(0, MIGRATIONS.indexOf(channelMembers) + 1)) await migration.up(context);
      expect(await state()).to.deep.equal(['2', '2', '1']);
      await scratch.sequelize.query(`INSERT INTO channels (kind, access_policy, visibility, title, created_by_admin_id) VALUES ('BROADCAST', 'OPEN', 'PUBLIC', 'x', 'a')`);
      const [{ id }] = await scratch.sequelize.query<{ id: string }>(
        `INSERT INTO users (id, email, password_hash, full_name) VALUES (gen_random_uuid(), 'm17@example.com', 'x', 'M') RETURNING id`,
        { type: QueryTypes.SELECT },
      );
      await scratch.sequelize.query(`INSERT INTO channel_memberships (channel_id, user_id, is_joined, joined_at) VALUES (1, :id, true, now())`, { replacements: { id } });
      await scratch.sequelize.query(`INSERT INTO channel_read_states (channel_id, user_id, last_seen_post_id, last_seen_at) VALUES (1, :id, 0, now())`, { replacements: { id } });
      await channelMembers.down(context);
      expect(await state()).to.deep.equal(['0', '0', '1']);
      await channelMembers.up(context);
      expect(await state()).to.deep.equal(['2', '2', '1']);
    } finally {
      await scratch.close();
      await dropDatabase(url.toString());
    }
  });
});
