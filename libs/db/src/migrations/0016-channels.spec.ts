import { expect } from 'chai';
import { QueryTypes, Transaction } from 'sequelize';
import { TEST_ENV, testContainer } from '@platform/testing';
import { Database } from '../database';
import { dropDatabase, ensureDatabase } from '../ensure-database';
import {
  ChannelAccessPolicyModel,
  ChannelDiscussionModel,
  ChannelModel,
  ChannelPostAttachmentModel,
  ChannelPostModel,
  NotificationEventModel,
} from '../models';
import { MIGRATIONS } from './index';
import channels from './0016-channels';
import { refused } from './constraint-refusal.test-helper';

/** Channels, access policies, posts, attachments, discussions and channel-member events: what the database refuses. */
describe('0016-channels constraints', () => {
  before(() => testContainer('channels-schema-spec'));
  const db = async () => (await testContainer('channels-schema-spec')).get(Database);
  const admin = 'admin-1';
  const channel = (overrides: Record<string, unknown> = {}) =>
    ChannelModel.create({ kind: 'BROADCAST', accessPolicy: 'OPEN', visibility: 'PUBLIC', title: 'Signals', createdByAdminId: admin, ...overrides });
  const post = (channelId: number, overrides: Record<string, unknown> = {}) =>
    ChannelPostModel.create({ channelId, type: 'TEXT', bodyText: 'Hello', publishedAt: new Date(), createdByAdminId: admin, ...overrides });
  const attachment = (postId: string, displayOrder: number, overrides: Record<string, unknown> = {}) =>
    ChannelPostAttachmentModel.create({ postId, storageKey: `uploads/image/${displayOrder}.png`, fileName: 'a.png', mimeType: 'image/png', sizeBytes: 10, displayOrder, ...overrides });
  /** Writes an IMAGE post claiming `count` attachments and `rows` attachment rows in one transaction. */
  const imagePost = async (channelId: number, count: number, rows: number) =>
    (await db()).sequelize.transaction(async (transaction) => {
      const created = await ChannelPostModel.create(
        { channelId, type: 'IMAGE', attachmentCount: count, publishedAt: new Date(), createdByAdminId: admin },
        { transaction },
      );
      for (let order = 0; order < rows; order++) {
        await ChannelPostAttachmentModel.create(
          { postId: created.id, storageKey: `uploads/image/${order}.png`, fileName: 'a.png', mimeType: 'image/png', sizeBytes: 10, displayOrder: order },
          { transaction },
        );
      }
      return created;
    });

  it('carries exactly the metadata of its status', async () => {
    const at = new Date();
    await channel();
    await channel({ status: 'archived', archivedAt: at, archivedByAdminId: admin });
    await channel({ status: 'soft_deleted', deletedAt: at, deletedByAdminId: admin, purgeAfter: at });
    await channel({ status: 'soft_deleted', deletedAt: at, deletedByAdminId: admin });
    for (const extra of [{ archivedAt: at }, { archivedByAdminId: admin }, { deletedAt: at }, { deletedByAdminId: admin }, { purgeAfter: at }]) {
      await refused(() => channel(extra), /channels_status_metadata/);
    }
    const archived = { status: 'archived', archivedAt: at, archivedByAdminId: admin };
    await refused(() => channel({ status: 'archived', archivedAt: at }), /channels_status_metadata/);
    await refused(() => channel({ status: 'archived', archivedByAdminId: admin }), /channels_status_metadata/);
    for (const extra of [{ deletedAt: at }, { deletedByAdminId: admin }, { purgeAfter: at }]) {
      await refused(() => channel({ ...archived, ...extra }), /channels_status_metadata/);
    }
    const deleted = { status: 'soft_deleted', deletedAt: at, deletedByAdminId: admin };
    await refused(() => channel({ status: 'soft_deleted', deletedAt: at }), /channels_status_metadata/);
    await refused(() => channel({ status: 'soft_deleted', deletedByAdminId: admin, purgeAfter: at }), /channels_status_metadata/);
    for (const extra of [{ archivedAt: at }, { archivedByAdminId: admin }]) {
      await refused(() => channel({ ...deleted, ...extra }), /channels_status_metadata/);
    }
  });

  it('takes only the spec’s kinds, policies, visibilities and statuses, and a trimmed title', async () => {
    await refused(() => channel({ kind: 'CHAT' }), /channels_kind_check/);
    await refused(() => channel({ accessPolicy: 'GATED' }), /channels_access_policy_check/);
    await refused(() => channel({ visibility: 'HIDDEN' }), /channels_visibility_check/);
    await refused(() => channel({ status: 'deleted' }), /channels_status_check/);
    await refused(() => channel({ title: ' Signals' }), /channels_title_check/);
    await refused(() => channel({ title: '' }), /channels_title_check/);
    await refused(() => channel({ title: 'x'.repeat(201) }), /channels_title_check/);
    await channel({ kind: 'PREMIUM_VIEW_ONLY', accessPolicy: 'EXTERNAL_GATED', visibility: 'PRIVATE', title: 'x'.repeat(200) });
  });

  it('takes an admin id (a token sub) of 1 to 255 characters, like idempotency_keys.admin_id', async () => {
    const long = 'a'.repeat(255);
    const c = await channel({ createdByAdminId: long, status: 'archived', archivedAt: new Date(), archivedByAdminId: long });
    await post(c.id, { createdByAdminId: long, isDeleted: true, deletedAt: new Date(), deletedByAdminId: long });
    await refused(() => channel({ createdByAdminId: `${long}a` }), /channels_created_by_admin_id_check/);
    await refused(() => channel({ createdByAdminId: '' }), /channels_created_by_admin_id_check/);
  });

  it('names the feature key of a gated channel’s policy, whose access policy is the channel’s', async () => {
    const [open, gated] = [await channel(), await channel({ accessPolicy: 'EXTERNAL_GATED' })];
    const policy = (channelId: number, overrides: Record<string, unknown> = {}) =>
      ChannelAccessPolicyModel.create({ channelId, accessPolicy: 'OPEN', updatedByAdminId: admin, ...overrides });
    await refused(() => policy(gated.id, { accessPolicy: 'EXTERNAL_GATED' }), /channel_access_policies_gate_named/);
    await refused(() => policy(gated.id), /channel_access_policies_channel_fkey/);
    await refused(() => policy(open.id, { accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: 'signals' }), /channel_access_policies_channel_fkey/);
    await refused(() => policy(open.id, { requiredFeatureKey: 'bad key' }), /channel_access_policies_required_feature_key_check/);
    await refused(() => policy(open.id, { firstSubscribeHistoryPolicy: 'SOME_PAST' }), /channel_access_policies_first_subscribe_history_policy_check/);
    await refused(() => policy(open.id, { resubscribeBackfillDays: 3651 }), /channel_access_policies_resubscribe_backfill_days_check/);
    await policy(gated.id, { accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: 'signals' });
    await policy(open.id);
    await refused(() => policy(open.id), /channel_access_policies_pkey/);
    await refused(
      () => ChannelAccessPolicyModel.update({ requiredFeatureKey: null }, { where: { channelId: gated.id } }),
      /channel_access_policies_gate_named/,
    );
  });

  it('shapes a post by its type', async () => {
    const c = await channel();
    const chart = { series: [1, 2] };
    await post(c.id);
    await post(c.id, { type: 'LINK', linkUrl: 'https://example.com/a', bodyText: null });
    await post(c.id, { type: 'CHART', chartPayloadJson: chart });
    await refused(() => post(c.id, { bodyText: null }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { linkUrl: 'https://example.com' }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { chartPayloadJson: chart }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { type: 'LINK' }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { type: 'LINK', linkUrl: 'https://example.com', chartPayloadJson: chart }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { type: 'LINK', linkUrl: 'https://example.com', attachmentCount: 1 }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { type: 'LINK', linkUrl: 'ftp://example.com' }), /channel_posts_link_url_check/);
    await refused(() => post(c.id, { type: 'CHART' }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { type: 'CHART', chartPayloadJson: [1, 2] }), /channel_posts_chart_payload_json_check/);
    await refused(() => post(c.id, { type: 'CHART', chartPayloadJson: chart, linkUrl: 'https://example.com' }), /channel_posts_type_shape/);
    await refused(() => post(c.id, { type: 'CHART', chartPayloadJson: chart, attachmentCount: 1 }), /channel_posts_type_shape/);
    for (const type of ['IMAGE', 'FILE']) {
      await refused(() => post(c.id, { type }), /channel_posts_type_shape/);
      await refused(() => post(c.id, { type, attachmentCount: 1, linkUrl: 'https://example.com' }), /channel_posts_type_shape/);
      await refused(() => post(c.id, { type, attachmentCount: 1, chartPayloadJson: chart }), /channel_posts_type_shape/);
    }
    await refused(() => post(c.id, { type: 'VIDEO' }), /channel_posts_type_check/);
    await refused(() => post(c.id, { bodyText: '   ' }), /channel_posts_body_text_check/);
    await refused(() => post(c.id, { type: 'IMAGE', attachmentCount: 21 }), /channel_posts_attachment_count_check/);
  });

  it('keeps attachment_count equal to the attachment rows at commit', async () => {
    const c = await channel();
    const two = await imagePost(c.id, 2, 2);
    await refused(() => imagePost(c.id, 2, 1), /has 1 attachment rows but attachment_count 2/);
    await refused(() => imagePost(c.id, 1, 2), /has 2 attachment rows but attachment_count 1/);
    await refused(() => post(c.id, { type: 'FILE', bodyText: null, attachmentCount: 1 }), /has 0 attachment rows but attachment_count 1/);
    const first = await ChannelPostAttachmentModel.findOne({ where: { postId: two.id, displayOrder: 0 }, rejectOnEmpty: true });
    await refused(() => first.destroy(), /has 1 attachment rows but attachment_count 2/);
    await refused(() => attachment(two.id, 2), /has 3 attachment rows but attachment_count 2/);
    await (await db()).sequelize.transaction(async (transaction) => {
      await first.destroy({ transaction });
      await two.update({ attachmentCount: 1 }, { transaction });
    });
    expect(await ChannelPostAttachmentModel.count({ where: { postId: two.id } })).to.equal(1);
    expect(await ChannelPostModel.count({ where: { channelId: c.id, type: 'IMAGE' } })).to.equal(1);
  });

  it('orders attachments 0..19, once per post, with every file field present', async () => {
    const c = await channel();
    const p = await imagePost(c.id, 1, 1);
    const second = { postId: p.id, storageKey: 'uploads/image/b.png', fileName: 'b.png', mimeType: 'image/png', sizeBytes: 1, displayOrder: 1 };
    /** The post's count raised to 2 and a second row written by `work`, in one transaction. */
    const inTransaction = (work: (transaction: Transaction) => Promise<unknown>) => async () =>
      (await db()).sequelize.transaction(async (transaction) => {
        await ChannelPostModel.update({ attachmentCount: 2 }, { where: { id: p.id }, transaction });
        await work(transaction);
      });
    await refused(inTransaction((transaction) => ChannelPostAttachmentModel.create({ ...second, displayOrder: 0 }, { transaction })), /channel_post_attachments_order_key/);
    for (const [overrides, constraint] of [
      [{ displayOrder: 20 }, /channel_post_attachments_display_order_check/],
      [{ displayOrder: -1 }, /channel_post_attachments_display_order_check/],
      [{ storageKey: 'private/x.png' }, /channel_post_attachments_storage_key_check/],
      [{ fileName: '' }, /channel_post_attachments_file_name_check/],
      [{ sizeBytes: -1 }, /channel_post_attachments_size_bytes_check/],
    ] as const) {
      await refused(inTransaction((transaction) => ChannelPostAttachmentModel.create({ ...second, ...overrides }, { transaction })), constraint);
    }
    await refused(
      inTransaction((transaction) =>
        (async () => (await db()).sequelize.query(
          `INSERT INTO channel_post_attachments (post_id, storage_key, file_name, size_bytes, display_order) VALUES (:id, 'uploads/image/c.png', 'c.png', 1, 1)`,
          { replacements: { id: p.id }, transaction },
        ))(),
      ),
      /null value in column "mime_type"/,
    );
    await inTransaction((transaction) => ChannelPostAttachmentModel.create({ ...second, displayOrder: 19 }, { transaction }))();
    expect(await ChannelPostAttachmentModel.count({ where: { postId: p.id } })).to.equal(2);
  });

  it('pins with pinned_at, never a deleted post; a tombstone has its deleted_at', async () => {
    const c = await channel();
    const at = new Date();
    await post(c.id, { isPinned: true, pinnedAt: at });
    await post(c.id, { isDeleted: true, deletedAt: at, deletedByAdminId: admin });
    await post(c.id, { isDeleted: true, deletedAt: at });
    await refused(() => post(c.id, { isPinned: true }), /channel_posts_pin/);
    await refused(() => post(c.id, { pinnedAt: at }), /channel_posts_pin/);
    await refused(() => post(c.id, { isPinned: true, pinnedAt: at, isDeleted: true, deletedAt: at }), /channel_posts_pin/);
    await refused(() => post(c.id, { isDeleted: true }), /channel_posts_tombstone/);
    await refused(() => post(c.id, { deletedAt: at }), /channel_posts_tombstone/);
    await refused(() => post(c.id, { deletedByAdminId: admin }), /channel_posts_tombstone/);
    const pinned = await post(c.id, { isPinned: true, pinnedAt: at });
    await refused(() => pinned.update({ isDeleted: true, deletedAt: at, deletedByAdminId: admin }), /channel_posts_pin/);
  });

  it('holds one discussion per channel', async () => {
    const c = await channel();
    const discussion = (overrides: Record<string, unknown> = {}) =>
      ChannelDiscussionModel.create({ channelId: c.id, title: c.title, createdByAdminId: admin, ...overrides });
    await refused(() => discussion({ slowModeEnabled: true }), /channel_discussions_slow_mode/);
    await refused(() => discussion({ title: ' ' }), /channel_discussions_title_check/);
    await refused(() => discussion({ channelId: 2_000_000_000 }), /channel_discussions_channel_id_fkey/);
    const created = await discussion();
    expect([created.isEnabled, created.slowModeEnabled, created.requiredFeatureKey]).to.deep.equal([true, false, null]);
    await refused(() => discussion(), /channel_discussions_channel_id_key/);
  });

  it('addresses channel_members events to a channel, and only those', async () => {
    const c = await channel();
    const event = (overrides: Record<string, unknown>) =>
      NotificationEventModel.create({ event: 'CHANNEL_POST_PUBLISHED', payload: {}, dedupeKey: `channel-spec:${Math.random()}`, ...overrides });
    await event({ audience: 'channel_members', channelId: c.id });
    await refused(() => event({ audience: 'channel_members' }), /notification_events_audience_channel/);
    await refused(() => event({ audience: 'admins', channelId: c.id }), /notification_events_audience_channel/);
    await refused(() => event({ audience: 'channels' }), /notification_events_audience_check/);
  });

  it('deletes a channel with its posts, attachments, policy and discussion', async () => {
    const c = await channel();
    await ChannelAccessPolicyModel.create({ channelId: c.id, accessPolicy: 'OPEN', updatedByAdminId: admin });
    await ChannelDiscussionModel.create({ channelId: c.id, title: c.title, createdByAdminId: admin });
    const image = await imagePost(c.id, 2, 2);
    await post(c.id);
    await c.destroy();
    expect([
      await ChannelPostModel.count({ where: { channelId: c.id } }),
      await ChannelPostAttachmentModel.count({ where: { postId: image.id } }),
      await ChannelAccessPolicyModel.count({ where: { channelId: c.id } }),
      await ChannelDiscussionModel.count({ where: { channelId: c.id } }),
    ]).to.deep.equal([0, 0, 0, 0]);
  });

  it('goes down and up again', async function () {
    this.timeout(60_000);
    const url = new URL(TEST_ENV['DATABASE_URL']);
    url.pathname = `${url.pathname}_m16`;
    await ensureDatabase(url.toString());
    const scratch = new Database({ url: url.toString(), pool: { max: 1, min: 0, idleMs: 1_000, acquireMs: 10_000 }, statementTimeoutMs: 0 }, []);
    const context = { sequelize: scratch.sequelize, queryInterface: scratch.sequelize.getQueryInterface() };
    const one = async (sql: string) => (await scratch.sequelize.query<{ n: string }>(sql, { type: QueryTypes.SELECT }))[0]?.n;
    const state = async () => [
      await one(`SELECT count(*) AS n FROM pg_tables WHERE tablename LIKE 'channel%'`),
      await one(`SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'notification_events' AND column_name = 'channel_id'`),
      await one(`SELECT count(*) AS n FROM pg_proc WHERE proname = 'channel_post_attachments_match'`),
    ];
    try {
      for (const migration of MIGRATIONS.slice(0, MIGRATIONS.indexOf(channels) + 1)) await migration.up(context);
      expect(await state()).to.deep.equal(['5', '1', '1']);
      await scratch.sequelize.query(`INSERT INTO channels (kind, access_policy, visibility, title, created_by_admin_id) VALUES ('BROADCAST', 'OPEN', 'PUBLIC', 'x', 'a')`);
      await scratch.sequelize.query(
        `INSERT INTO notification_events (event, audience, channel_id, payload, dedupe_key) VALUES ('CHANNEL_POST_PUBLISHED', 'channel_members', 1, '{}', 'k')`,
      );
      await channels.down(context);
      expect(await state()).to.deep.equal(['0', '0', '0']);
      await channels.up(context);
      expect(await state()).to.deep.equal(['5', '1', '1']);
    } finally {
      await scratch.close();
      await dropDatabase(url.toString());
    }
  });
});
