import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { v7 as uuidv7 } from 'uuid';
import { TEST_ENV, testContainer } from '@platform/testing';
import { Database } from '../database';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import {
  ChannelDiscussionModel,
  ChannelModel,
  DiscussionBanModel,
  DiscussionMessageModel,
  DiscussionModerationActionModel,
  DiscussionMuteModel,
  UserModel,
} from '../models';
import { MIGRATIONS } from './index';
import channelDiscussions from './0018-channel-discussions';
import { refused } from './constraint-refusal.test-helper';

/**
 * Discussion messages, bans, mutes, moderation actions and slow-mode marks (issue 23): what the
 * database refuses, and what goes with a channel or a user.
 */
describe('0018-channel-discussions constraints', () => {
  before(() => testContainer('channel-discussions-schema-spec'));
  const admin = 'admin-1';
  const at = new Date();
  const db = async () => (await testContainer('channel-discussions-schema-spec')).get(Database);
  /** Bypasses the models' own notNull checks, so the database is what refuses. */
  const sql = async <T extends object>(text: string, replacements: Record<string, unknown> = {}) =>
    (await db()).sequelize.query<T>(text, { replacements, type: QueryTypes.SELECT });
  const user = () => UserModel.create({ id: uuidv7(), email: `discussant.${uuidv7()}@example.com`, passwordHash: 'x', fullName: 'Discussant' });
  /** A channel with its discussion, as migration 0016 and the channel use cases create them. */
  const discussion = async () => {
    const channel = await ChannelModel.create({ kind: 'BROADCAST', accessPolicy: 'OPEN', visibility: 'PUBLIC', title: 'Signals', createdByAdminId: admin });
    return ChannelDiscussionModel.create({ channelId: channel.id, title: channel.title, createdByAdminId: admin });
  };
  const message = (discussionId: number, userId: string, overrides: Record<string, unknown> = {}) =>
    DiscussionMessageModel.create({ discussionId, authorType: 'USER', authorUserId: userId, body: 'Hello', ...overrides });
  const ban = (discussionId: number, userId: string, overrides: Record<string, unknown> = {}) =>
    DiscussionBanModel.create({ discussionId, userId, bannedByAdminId: admin, ...overrides });
  const mute = (discussionId: number, userId: string, overrides: Record<string, unknown> = {}) =>
    DiscussionMuteModel.create({ discussionId, userId, mutedUntil: new Date(at.getTime() + 3_600_000), mutedByAdminId: admin, ...overrides });
  const action = (discussionId: number, overrides: Record<string, unknown> = {}) =>
    DiscussionModerationActionModel.create({ discussionId, action: 'ban', adminId: admin, ...overrides });
  /** discussion_slow_mode_marks has no model: the post use case moves it with one conditional upsert. */
  const mark = (discussionId: number, userId: string) =>
    sql(`INSERT INTO discussion_slow_mode_marks (discussion_id, user_id, last_message_at) VALUES (:discussionId, :userId, now())`, { discussionId, userId });

  it('is written by exactly one author: a user as USER, or an admin as ADMIN', async () => {
    const [d, u] = [await discussion(), await user()];
    await message(d.id, u.id);
    await message(d.id, u.id, { authorType: 'ADMIN', authorUserId: null, authorAdminId: admin });
    for (const overrides of [
      { authorUserId: null },
      { authorAdminId: admin },
      { authorUserId: null, authorAdminId: admin },
      { authorType: 'ADMIN' },
      { authorType: 'ADMIN', authorUserId: null },
      { authorType: 'ADMIN', authorAdminId: admin },
    ]) {
      await refused(() => message(d.id, u.id, overrides), /discussion_messages_author"/);
    }
    // Either CHECK may speak first (PostgreSQL tries them by name): an unknown type matches neither author shape.
    await refused(() => message(d.id, u.id, { authorType: 'SYSTEM' }), /check constraint "discussion_messages_author(_type_check)?"/);
    await refused(() => sql(`INSERT INTO discussion_messages (discussion_id, author_user_id, body) VALUES (${d.id}, '${u.id}', 'x')`), /null value in column "author_type"/);
  });

  it('takes an admin id (a token sub) of 1 to 255 characters wherever it names one', async () => {
    const [d, u] = [await discussion(), await user()];
    const long = 'a'.repeat(255);
    const byAdmin = { authorType: 'ADMIN', authorUserId: null };
    await message(d.id, u.id, { ...byAdmin, authorAdminId: long, editedAt: at, editedByAdminId: long });
    await message(d.id, u.id, { body: null, isDeleted: true, deletedAt: at, deletedByAdminId: long });
    for (const bad of ['', `${long}a`]) {
      await refused(() => message(d.id, u.id, { ...byAdmin, authorAdminId: bad }), /discussion_messages_author_admin_id_check/);
      await refused(() => message(d.id, u.id, { editedAt: at, editedByAdminId: bad }), /discussion_messages_edited_by_admin_id_check/);
      await refused(() => message(d.id, u.id, { body: null, isDeleted: true, deletedAt: at, deletedByAdminId: bad }), /discussion_messages_deleted_by_admin_id_check/);
      await refused(async () => ban(d.id, (await user()).id, { bannedByAdminId: bad }), /discussion_bans_banned_by_admin_id_check/);
      await refused(async () => mute(d.id, (await user()).id, { mutedByAdminId: bad }), /discussion_mutes_muted_by_admin_id_check/);
      await refused(() => action(d.id, { adminId: bad }), /discussion_moderation_actions_admin_id_check/);
    }
    await ban(d.id, (await user()).id, { bannedByAdminId: long });
    await mute(d.id, (await user()).id, { mutedByAdminId: long });
    await action(d.id, { adminId: long });
  });

  it('keeps a body of 1 to 4,000 characters (code points: 4,000 emoji fit, 4,001 do not)', async () => {
    const [d, u] = [await discussion(), await user()];
    const emoji = '\u{1F680}';
    const longest = await message(d.id, u.id, { body: emoji.repeat(4000) });
    const [stored] = await sql<{ body: string; chars: number; bytes: number }>(
      `SELECT body, char_length(body) AS chars, octet_length(body) AS bytes FROM discussion_messages WHERE id = :id`,
      { id: longest.id },
    );
    expect([stored.body === emoji.repeat(4000), stored.chars, stored.bytes]).to.deep.equal([true, 4000, 16000]);
    await message(d.id, u.id, { body: 'x'.repeat(4000) });
    await message(d.id, u.id, { body: 'x' });
    await refused(() => message(d.id, u.id, { body: emoji.repeat(4001) }), /discussion_messages_body_check/);
    await refused(() => message(d.id, u.id, { body: 'x'.repeat(4001) }), /discussion_messages_body_check/);
    await refused(() => message(d.id, u.id, { body: '' }), /discussion_messages_body_check/);
  });

  it('keeps a deleted message as a tombstone: no body, its deleted_at, at most one deleter', async () => {
    const [d, u] = [await discussion(), await user()];
    const tombstone = { body: null, isDeleted: true, deletedAt: at };
    await message(d.id, u.id, tombstone);
    await message(d.id, u.id, { ...tombstone, deletedByAdminId: admin });
    await message(d.id, u.id, { ...tombstone, deletedByUserId: u.id });
    for (const overrides of [
      { body: null },
      { isDeleted: true },
      { isDeleted: true, deletedAt: at },
      { isDeleted: true, body: null },
      { deletedAt: at },
      { body: null, deletedAt: at },
      { deletedByAdminId: admin },
      { deletedByUserId: u.id },
      { ...tombstone, deletedByAdminId: admin, deletedByUserId: u.id },
    ]) {
      await refused(() => message(d.id, u.id, overrides), /discussion_messages_tombstone/);
    }
    const live = await message(d.id, u.id);
    await refused(() => live.update({ isDeleted: true, deletedAt: at, deletedByUserId: u.id }), /discussion_messages_tombstone/);
    await live.update({ body: null, isDeleted: true, deletedAt: at, deletedByUserId: u.id });
    await refused(() => live.update({ body: 'Back again' }), /discussion_messages_tombstone/);
    expect((await DiscussionMessageModel.findByPk(live.id, { rejectOnEmpty: true })).body).to.equal(null);
  });

  it('names at most one editor of an edited message, and none of an unedited one', async () => {
    const [d, u] = [await discussion(), await user()];
    await message(d.id, u.id, { editedAt: at, editedByUserId: u.id });
    await message(d.id, u.id, { editedAt: at, editedByAdminId: admin });
    // The editor's user row may be gone (ON DELETE SET NULL): the edit stays an edit.
    await message(d.id, u.id, { editedAt: at });
    for (const overrides of [{ editedByUserId: u.id }, { editedByAdminId: admin }, { editedAt: at, editedByUserId: u.id, editedByAdminId: admin }]) {
      await refused(() => message(d.id, u.id, overrides), /discussion_messages_edited/);
    }
  });

  it('bans and mutes a user once per discussion, a mute until a time, with a reason of 1 to 500 characters', async () => {
    const [d, u] = [await discussion(), await user()];
    await ban(d.id, u.id, { reason: 'r'.repeat(500) });
    await refused(() => ban(d.id, u.id), /discussion_bans_pkey/);
    await mute(d.id, u.id, { reason: '\u{1F507}'.repeat(500) });
    await refused(() => mute(d.id, u.id), /discussion_mutes_pkey/);
    for (const reason of ['', 'r'.repeat(501)]) {
      await refused(async () => ban(d.id, (await user()).id, { reason }), /discussion_bans_reason_check/);
      await refused(async () => mute(d.id, (await user()).id, { reason }), /discussion_mutes_reason_check/);
      await refused(() => action(d.id, { reason }), /discussion_moderation_actions_reason_check/);
    }
    const other = await user();
    await refused(
      () => sql(`INSERT INTO discussion_mutes (discussion_id, user_id, muted_by_admin_id) VALUES (${d.id}, '${other.id}', 'a')`),
      /null value in column "muted_until"/,
    );
    await refused(() => sql(`INSERT INTO discussion_bans (discussion_id, user_id) VALUES (${d.id}, '${other.id}')`), /null value in column "banned_by_admin_id"/);
    expect(await DiscussionBanModel.count({ where: { discussionId: d.id } })).to.equal(1);
    expect(await DiscussionMuteModel.count({ where: { discussionId: d.id } })).to.equal(1);
  });

  it('records only the seven moderation actions, with muted_until exactly on a mute', async () => {
    const [d, u] = [await discussion(), await user()];
    const target = await message(d.id, u.id);
    for (const name of ['ban', 'unban', 'unmute']) await action(d.id, { action: name, userId: u.id });
    for (const name of ['message_edit', 'message_delete']) await action(d.id, { action: name, messageId: target.id, reason: 'Off topic' });
    await action(d.id, { action: 'mute', userId: u.id, mutedUntil: at });
    await refused(() => action(d.id, { action: 'mute', userId: u.id }), /discussion_moderation_actions_mute_until/);
    for (const name of ['ban', 'unban', 'unmute', 'message_edit', 'message_delete']) {
      await refused(() => action(d.id, { action: name, userId: u.id, mutedUntil: at }), /discussion_moderation_actions_mute_until/);
    }
    await refused(() => action(d.id, { action: 'kick' }), /discussion_moderation_actions_action_check/);
    await refused(() => sql(`INSERT INTO discussion_moderation_actions (discussion_id, action) VALUES (${d.id}, 'ban')`), /null value in column "admin_id"/);
    await action(d.id, { action: 'settings_update', changes: { title: { from: 'a', to: 'b' } } });
    expect(await DiscussionModerationActionModel.count({ where: { discussionId: d.id } })).to.equal(7);
  });

  it('holds the changed fields exactly on a settings_update, as a non-empty JSON object', async () => {
    const [d, u] = [await discussion(), await user()];
    const changes = { is_enabled: { from: true, to: false }, required_feature_key: { from: null, to: 'signals' } };
    const row = await action(d.id, { action: 'settings_update', changes });
    expect((await DiscussionModerationActionModel.findByPk(row.id))?.changes).to.deep.equal(changes);
    await refused(() => action(d.id, { action: 'settings_update' }), /discussion_moderation_actions_changes/);
    for (const bad of [{}, [], 'title', 1]) {
      await refused(
        () => sql(`INSERT INTO discussion_moderation_actions (discussion_id, action, admin_id, changes) VALUES (:id, 'settings_update', 'a', CAST(:changes AS jsonb))`, { id: d.id, changes: JSON.stringify(bad) }),
        /discussion_moderation_actions_changes/,
      );
    }
    for (const name of ['ban', 'unban', 'unmute', 'message_edit', 'message_delete']) {
      await refused(() => action(d.id, { action: name, userId: u.id, changes }), /discussion_moderation_actions_changes/);
    }
    await refused(() => action(d.id, { action: 'mute', userId: u.id, mutedUntil: at, changes }), /discussion_moderation_actions_changes/);
  });

  it('holds one slow-mode mark per (discussion, user), always with its time', async () => {
    const [d, u] = [await discussion(), await user()];
    await mark(d.id, u.id);
    await refused(() => mark(d.id, u.id), /discussion_slow_mode_marks_pkey/);
    await refused(
      () => sql(`INSERT INTO discussion_slow_mode_marks (discussion_id, user_id) VALUES (${d.id}, '${u.id}')`),
      /null value in column "last_message_at"/,
    );
  });

  it('numbers a discussion\'s deltas from 0, never below', async () => {
    const d = await discussion();
    const seq = async () => (await sql<{ eventSeq: string }>(`SELECT event_seq AS "eventSeq" FROM channel_discussions WHERE id = :id`, { id: d.id }))[0].eventSeq;
    expect(await seq()).to.equal('0');
    await refused(() => sql(`UPDATE channel_discussions SET event_seq = -1 WHERE id = ${d.id}`), /channel_discussions_event_seq_check/);
    await refused(() => sql(`UPDATE channel_discussions SET event_seq = NULL WHERE id = ${d.id}`), /null value in column "event_seq"/);
    expect(await seq()).to.equal('0');
  });

  it('names an existing discussion, user and message', async () => {
    const [d, u] = [await discussion(), await user()];
    const nowhere = 2_000_000_000;
    await refused(() => message(nowhere, u.id), /discussion_messages_discussion_id_fkey/);
    await refused(() => message(d.id, uuidv7()), /discussion_messages_author_user_id_fkey/);
    await refused(() => message(d.id, u.id, { editedAt: at, editedByUserId: uuidv7() }), /discussion_messages_edited_by_user_id_fkey/);
    await refused(() => message(d.id, u.id, { body: null, isDeleted: true, deletedAt: at, deletedByUserId: uuidv7() }), /discussion_messages_deleted_by_user_id_fkey/);
    await refused(() => ban(nowhere, u.id), /discussion_bans_discussion_id_fkey/);
    await refused(() => ban(d.id, uuidv7()), /discussion_bans_user_id_fkey/);
    await refused(() => mute(nowhere, u.id), /discussion_mutes_discussion_id_fkey/);
    await refused(() => mute(d.id, uuidv7()), /discussion_mutes_user_id_fkey/);
    await refused(() => action(nowhere), /discussion_moderation_actions_discussion_id_fkey/);
    await refused(() => action(d.id, { userId: uuidv7() }), /discussion_moderation_actions_user_id_fkey/);
    await refused(() => action(d.id, { action: 'message_delete', messageId: '9000000000000000000' }), /discussion_moderation_actions_message_id_fkey/);
    await refused(() => mark(nowhere, u.id), /discussion_slow_mode_marks_discussion_id_fkey/);
    await refused(() => mark(d.id, uuidv7()), /discussion_slow_mode_marks_user_id_fkey/);
  });

  /** One of each row in `d`: a message by `u`, a ban, a mute, an action about both, a slow-mode mark. */
  const populate = async (discussionId: number, userId: string) => {
    const written = await message(discussionId, userId);
    await ban(discussionId, userId);
    await mute(discussionId, userId);
    await action(discussionId, { action: 'message_delete', userId, messageId: written.id });
    await mark(discussionId, userId);
    return written;
  };
  /** Row counts of the five tables for these discussions, in table order. */
  const counts = async (discussionIds: number[]) =>
    Promise.all(
      ['discussion_messages', 'discussion_bans', 'discussion_mutes', 'discussion_moderation_actions', 'discussion_slow_mode_marks'].map(
        async (table) => (await sql<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE discussion_id IN (:discussionIds)`, { discussionIds }))[0].n,
      ),
    );

  it('goes with its channel: messages, bans, mutes, actions and marks', async () => {
    const [gone, kept, u, v] = [await discussion(), await discussion(), await user(), await user()];
    for (const d of [gone, kept]) for (const writer of [u, v]) await populate(d.id, writer.id);
    await ChannelModel.destroy({ where: { id: gone.channelId } });
    expect(await counts([gone.id])).to.deep.equal(['0', '0', '0', '0', '0']);
    expect(await counts([kept.id])).to.deep.equal(['2', '2', '2', '2', '2']);
  });

  it('goes with its user, except the moderation record and other people\'s messages, which forget the user', async () => {
    const [room, leaver, stayer] = [await discussion(), await user(), await user()];
    const leaversOwn = await populate(room.id, leaver.id);
    const stayersOwn = await populate(room.id, stayer.id);
    // The leaver edited one of the stayer's messages and deleted another (the schema allows it; the use cases keep users to their own).
    const edited = await message(room.id, stayer.id, { editedAt: at, editedByUserId: leaver.id });
    const deleted = await message(room.id, stayer.id, { body: null, isDeleted: true, deletedAt: at, deletedByUserId: leaver.id });
    const aboutLeaver = await action(room.id, { action: 'mute', userId: leaver.id, mutedUntil: at, reason: 'Spam' });
    await leaver.destroy();
    expect(await counts([room.id])).to.deep.equal(['3', '1', '1', '3', '1']);
    expect(await DiscussionMessageModel.findByPk(leaversOwn.id)).to.equal(null);
    expect(await DiscussionMessageModel.findByPk(stayersOwn.id)).to.not.equal(null);
    const editedNow = await DiscussionMessageModel.findByPk(edited.id, { rejectOnEmpty: true });
    expect([editedNow.editedAt?.getTime(), editedNow.editedByUserId]).to.deep.equal([at.getTime(), null]);
    const deletedNow = await DiscussionMessageModel.findByPk(deleted.id, { rejectOnEmpty: true });
    expect([deletedNow.isDeleted, deletedNow.body, deletedNow.deletedAt?.getTime(), deletedNow.deletedByUserId]).to.deep.equal([true, null, at.getTime(), null]);
    const record = await DiscussionModerationActionModel.findAll({ where: { discussionId: room.id }, order: [['id', 'ASC']] });
    expect(record.map((row) => [row.action, row.userId, row.messageId])).to.deep.equal([
      ['message_delete', null, null],
      ['message_delete', stayer.id, stayersOwn.id],
      ['mute', null, null],
    ]);
    expect(record[2].id).to.equal(aboutLeaver.id);
    expect([record[2].adminId, record[2].reason, record[2].mutedUntil?.getTime()]).to.deep.equal([admin, 'Spam', at.getTime()]);
    const bans = await DiscussionBanModel.findAll({ where: { discussionId: room.id } });
    expect(bans.map((row) => row.userId)).to.deep.equal([stayer.id]);
  });

  it('serves newest-first pages from the (discussion_id, id DESC) index', async () => {
    const [d, u] = [await discussion(), await user()];
    for (let n = 0; n < 3; n++) await message(d.id, u.id);
    // The page query of the message list: with sequential scans off, the planner must find an index that answers it in order.
    const plan = await (await db()).sequelize.transaction(async (transaction) => {
      await (await db()).sequelize.query('SET LOCAL enable_seqscan = off', { transaction });
      const rows = await (await db()).sequelize.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM discussion_messages WHERE discussion_id = :id AND id < 9000000000 ORDER BY id DESC LIMIT 20`,
        { replacements: { id: d.id }, type: QueryTypes.SELECT, transaction },
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).to.match(/Index (Only )?Scan using discussion_messages_page_idx/);
    expect(plan).to.not.match(/Sort/);
    const [index] = await sql<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'discussion_messages_page_idx'`);
    expect(index?.indexdef).to.equal('CREATE INDEX discussion_messages_page_idx ON public.discussion_messages USING btree (discussion_id, id DESC)');
    const [actions] = await sql<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'discussion_moderation_actions_discussion_idx'`);
    expect(actions?.indexdef).to.equal(
      'CREATE INDEX discussion_moderation_actions_discussion_idx ON public.discussion_moderation_actions USING btree (discussion_id, id DESC)',
    );
  });

  it('goes down and up again', async function () {
    this.timeout(60_000);
    const url = new URL(TEST_ENV['DATABASE_URL']);
    url.pathname = `${url.pathname}_m18`;
    await ensureDatabase(url.toString());
    const scratch = new Database({ url: url.toString(), pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 }, []);
    const context = { sequelize: scratch.sequelize, queryInterface: scratch.sequelize.getQueryInterface() };
    const one = async (text: string) => (await scratch.sequelize.query<{ n: string }>(text, { type: QueryTypes.SELECT }))[0]?.n;
    const state = async () => [
      await one(`SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE 'discussion\\_%'`),
      await one(`SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'channel_discussions' AND column_name = 'event_seq'`),
      await one(`SELECT count(*) AS n FROM pg_indexes WHERE indexname IN ('discussion_messages_page_idx', 'discussion_moderation_actions_discussion_idx')`),
      await one(`SELECT count(*) AS n FROM channel_discussions`),
    ];
    try {
      for (const migration of MIGRATIONS.slice(0, MIGRATIONS.indexOf(channelDiscussions) + 1)) await migration.up(context);
      const [{ id: userId }] = await scratch.sequelize.query<{ id: string }>(
        `INSERT INTO users (id, email, password_hash, full_name) VALUES (gen_random_uuid(), 'm18@example.com', 'x', 'M') RETURNING id`,
        { type: QueryTypes.SELECT },
      );
      await scratch.sequelize.query(
        `INSERT INTO channels (kind, access_policy, visibility, title, created_by_admin_id) VALUES ('BROADCAST', 'OPEN', 'PUBLIC', 'x', 'a');
         INSERT INTO channel_discussions (channel_id, title, created_by_admin_id, event_seq) VALUES (1, 'x', 'a', 3);
         INSERT INTO discussion_messages (discussion_id, author_type, author_user_id, body) VALUES (1, 'USER', :userId, 'hi');
         INSERT INTO discussion_bans (discussion_id, user_id, banned_by_admin_id) VALUES (1, :userId, 'a');
         INSERT INTO discussion_mutes (discussion_id, user_id, muted_until, muted_by_admin_id) VALUES (1, :userId, now(), 'a');
         INSERT INTO discussion_moderation_actions (discussion_id, action, admin_id, user_id, message_id) VALUES (1, 'message_delete', 'a', :userId, 1);
         INSERT INTO discussion_slow_mode_marks (discussion_id, user_id, last_message_at) VALUES (1, :userId, now());`,
        { replacements: { userId } },
      );
      expect(await state()).to.deep.equal(['5', '1', '2', '1']);
      await channelDiscussions.down(context);
      expect(await state()).to.deep.equal(['0', '0', '0', '1']);
      await channelDiscussions.up(context);
      expect(await state()).to.deep.equal(['5', '1', '2', '1']);
    } finally {
      await scratch.close();
      await dropDatabase(url.toString());
    }
  });
});
