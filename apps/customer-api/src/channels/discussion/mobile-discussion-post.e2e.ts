import { expect } from 'chai';
import { Database, DiscussionBanModel, DiscussionMessageModel, Transaction } from '@platform/db';
import {
  banFromDiscussion,
  createChannel,
  createCustomer,
  discussionOf,
  eventually,
  muteInDiscussion,
} from '@platform/testing';
import { daysAgo, gatedChannel, grant, joined } from '../reads/channel-reads.test-helper';
import { DAY, eventSeqOf, messageEvents, refusal, useMobileDiscussionSuite, waitForLockWait } from './mobile-discussion.test-helper';


/**
 * POST /api/mobile/channels/{id}/discussion/messages (community-content-uploads.md "Channels,
 * mobile" rules 4-5; issue 23): what a member may post, and every refusal writing nothing.
 */
describe('Mobile discussion: posting a message (customer-api)', () => {
  const suite = useMobileDiscussionSuite({ clock: true, realtime: true });

  const stored = (discussionId: number) => DiscussionMessageModel.findAll({ where: { discussionId }, order: [['id', 'ASC']] });

  /**
   * The caller's post, sent while `hold`'s transaction holds the discussion row: the post is decided
   * on what it sees (the transaction's writes are not visible yet), waits for the row, and the
   * transaction commits; answers the post's response.
   */
  const postQueuedBehind = async (channelId: number, hold: (db: Database, tx: Transaction) => Promise<void>) => {
    const db = suite.api.app.container.get(Database);
    const tx = await db.sequelize.transaction();
    let pending: Promise<{ status: number; body: { errorCode?: string } }>;
    try {
      await hold(db, tx);
      pending = suite.routes.post(suite.person, channelId, { body: 'just in time?' }).then((res) => res);
      await waitForLockWait(suite.api, `%channel_discussions%"channel_id" = ${channelId} LIMIT%`);
      await tx.commit();
    } catch (error) {
      await tx.rollback();
      throw error;
    }
    return pending;
  };

  it('creates a USER message: 201 with the full view, the body trimmed, and message.created with seq rising by one', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const res = await suite.routes.post(suite.person, channel.id, { body: '  Is the breakout real?\n\tAsking for a friend.  ' }).expect(201);
    expect(res.body.message).to.equal('Message posted');
    expect(res.body.data).to.have.all.keys(
      'id', 'discussionId', 'authorType', 'authorUserId', 'authorAdminId', 'body', 'isDeleted', 'deletedAt', 'deletedByAdminId',
      'editedAt', 'editedByUserId', 'editedByAdminId', 'createdAt', 'updatedAt',
    );
    expect(res.body.data).to.deep.include({
      discussionId: discussion.id, authorType: 'USER', authorUserId: suite.person.id, authorAdminId: null,
      body: 'Is the breakout real?\n\tAsking for a friend.', isDeleted: false, deletedAt: null, editedAt: null, editedByUserId: null,
      createdAt: suite.clock.now().toISOString(),
    });
    const second = await suite.routes.post(suite.person, channel.id, { body: 'Second' }).expect(201);
    const rows = await stored(discussion.id);
    expect(rows.map((row) => [String(row.id), row.authorType, row.authorUserId, row.body])).to.deep.equal([
      [res.body.data.id, 'USER', suite.person.id, 'Is the breakout real?\n\tAsking for a friend.'],
      [second.body.data.id, 'USER', suite.person.id, 'Second'],
    ]);
    await eventually(async () => messageEvents(suite.capture, discussion).length >= 2);
    expect(messageEvents(suite.capture, discussion)).to.deep.equal([
      { event: 'message.created', id: res.body.data.id, seq: 1 },
      { event: 'message.created', id: second.body.data.id, seq: 2 },
    ]);
  });

  it('counts the 4,000 characters as code points and refuses every other bad body with 422 naming it, writing nothing', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const astral = '😀'.repeat(4000); // 8,000 UTF-16 units, 4,000 characters for char_length
    expect((await suite.routes.post(suite.person, channel.id, { body: astral }).expect(201)).body.data.body).to.equal(astral);
    const cases: Array<[unknown, string]> = [
      [{ body: 'a'.repeat(4001) }, 'body'],
      [{ body: '😀'.repeat(4001) }, 'body'],
      [{ body: '☺\uFE0F'.repeat(2001) }, 'body'], // 4,002 code points that validator's isLength counts as 2,001
      [{ body: '' }, 'body'],
      [{ body: '   \n\t ' }, 'body'],
      [{ body: '\u200B\u200B' }, 'body'],
      [{ body: 'line\rbreak' }, 'body'],
      [{ body: 'bell\u0007' }, 'body'],
      [{ body: 'next\u0085line' }, 'body'],
      [{ body: 'nul\u0000' }, 'body'],
      [{ body: 42 }, 'body'],
      [{ body: null }, 'body'],
      [{ body: ['hi'] }, 'body'],
      [{}, 'body'],
      [{ body: 'hi', author_type: 'ADMIN' }, 'author_type'],
      [{ body: 'hi', discussion_id: 1 }, 'discussion_id'],
    ];
    for (const [body, field] of cases) {
      const res = await suite.routes.post(suite.person, channel.id, body);
      expect(refusal(res), JSON.stringify(body).slice(0, 60)).to.equal('422 UNPROCESSABLE');
      expect(res.body.errors.map((problem: { field: string }) => problem.field), JSON.stringify(body).slice(0, 60)).to.include(field);
    }
    expect(refusal(await suite.routes.post(suite.person, channel.id))).to.equal('422 UNPROCESSABLE');
    expect((await suite.routes.post(suite.person, channel.id, { body: `${'a'.repeat(3999)}\n` }).expect(201)).body.data.body).to.have.length(3999);
    expect((await stored(discussion.id)).length).to.equal(2);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(2);
  });

  it('refuses a banned user (403), an archived channel (422), a disabled discussion (403), and keeps every refusal silent', async () => {
    const [banned, archived, closed] = [await createChannel(), await createChannel({ status: 'archived' }), await createChannel()];
    const bannedIn = await discussionOf(banned.id);
    await banFromDiscussion(bannedIn.id, suite.person.id, 'spam');
    const closedIn = await discussionOf(closed.id, { isEnabled: false });
    expect(refusal(await suite.routes.post(suite.person, banned.id, { body: 'let me in' }))).to.equal('403 CHANNEL_DISCUSSION_BANNED');
    expect(refusal(await suite.routes.post(suite.person, archived.id, { body: 'hello' }))).to.equal('422 CHANNEL_NOT_ACTIVE');
    expect(refusal(await suite.routes.post(suite.person, closed.id, { body: 'hello' }))).to.equal('403 CHANNEL_DISCUSSION_DISABLED');
    // Another user of the banned one's discussion still posts: bans are per user.
    await suite.routes.post(await createCustomer(suite.api.app.container), banned.id, { body: 'fine' }).expect(201);
    const archivedIn = await discussionOf(archived.id);
    for (const discussion of [closedIn, archivedIn]) {
      expect((await stored(discussion.id)).length).to.equal(0);
      expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
    }
    expect((await stored(bannedIn.id)).map((row) => row.authorUserId)).to.not.include(suite.person.id);
    await eventually(async () => messageEvents(suite.capture, bannedIn).length >= 1);
    expect(messageEvents(suite.capture, bannedIn).map((event) => event.seq)).to.deep.equal([1]);
    expect([...messageEvents(suite.capture, closedIn), ...messageEvents(suite.capture, archivedIn)]).to.deep.equal([]);
  });

  it('refuses a muted user with 403 naming the mute\'s end, until the clock passes it', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const until = new Date(suite.clock.now().getTime() + 60_000);
    await muteInDiscussion(discussion.id, suite.person.id, until);
    const res = await suite.routes.post(suite.person, channel.id, { body: 'quiet?' });
    expect(refusal(res)).to.equal('403 CHANNEL_DISCUSSION_MUTED');
    expect(res.body.message).to.include(until.toISOString());
    suite.clock.advance(59);
    expect(refusal(await suite.routes.post(suite.person, channel.id, { body: 'still?' }))).to.equal('403 CHANNEL_DISCUSSION_MUTED');
    expect((await stored(discussion.id)).length).to.equal(0);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
    suite.clock.advance(1);
    await suite.routes.post(suite.person, channel.id, { body: 'back' }).expect(201);
  });

  it('is 404 CHANNEL_NOT_FOUND for an unknown, soft-deleted or unseeable channel and 403 without discussion access, writing nothing', async () => {
    const deleted = await createChannel({ status: 'soft_deleted' });
    const hidden = await gatedChannel({ visibility: 'PRIVATE' });
    const { channel: gated, catalog } = await gatedChannel();
    for (const id of [2_000_000_000, deleted.id, hidden.channel.id]) {
      expect(refusal(await suite.routes.post(suite.person, id, { body: 'hi' })), String(id)).to.equal('404 CHANNEL_NOT_FOUND');
    }
    expect(refusal(await suite.routes.post(suite.person, 'abc', { body: 'hi' }))).to.equal('400 VALIDATION_ERROR');
    const graceMember = await createCustomer(suite.api.app.container);
    await grant(suite.api, graceMember.id, catalog, daysAgo(30), daysAgo(1));
    await joined(gated.id, graceMember.id);
    await joined(gated.id, suite.person.id);
    for (const caller of [suite.person, graceMember]) {
      expect(refusal(await suite.routes.post(caller, gated.id, { body: 'hi' }))).to.equal('403 CHANNEL_DISCUSSION_ACCESS_DENIED');
    }
    const holder = await createCustomer(suite.api.app.container);
    await grant(suite.api, holder.id, catalog, daysAgo(1), new Date(Date.now() + 29 * DAY));
    await suite.routes.post(holder, gated.id, { body: 'entitled' }).expect(201);
    const gatedIn = await discussionOf(gated.id, { requiredFeatureKey: catalog.premiumKey });
    expect(refusal(await suite.routes.post(holder, gated.id, { body: 'premium only now' }))).to.equal('403 CHANNEL_DISCUSSION_ACCESS_DENIED');
    expect((await stored(gatedIn.id)).map((row) => row.body)).to.deep.equal(['entitled']);
    for (const id of [deleted.id, hidden.channel.id]) expect(await eventSeqOf(suite.api, (await discussionOf(id)).id)).to.equal(0);
  });

  it('checks the ban under the discussion lock: a post queued behind a committing ban is refused and writes nothing', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    // A moderator's transaction: holds the discussion row (the lock order's first row) and bans the user.
    const answer = await postQueuedBehind(channel.id, async (db, tx) => {
      await db.sequelize.query('SELECT id FROM channel_discussions WHERE id = :id FOR UPDATE', { replacements: { id: discussion.id }, transaction: tx });
      await DiscussionBanModel.create({ discussionId: discussion.id, userId: suite.person.id, bannedByAdminId: 'race-admin' }, { transaction: tx });
    });
    expect(refusal(answer)).to.equal('403 CHANNEL_DISCUSSION_BANNED');
    expect((await stored(discussion.id)).length).to.equal(0);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
  });

  it('decides access again under the lock: a post queued behind a committing requiredFeatureKey change is refused and writes nothing', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    // An admin's transaction: holds the discussion row and gates it on a feature nobody holds.
    const answer = await postQueuedBehind(channel.id, async (db, tx) => {
      await db.sequelize.query(`UPDATE channel_discussions SET required_feature_key = 'race-feature' WHERE id = :id`, {
        replacements: { id: discussion.id },
        transaction: tx,
      });
    });
    expect(refusal(answer)).to.equal('403 CHANNEL_DISCUSSION_ACCESS_DENIED');
    expect((await stored(discussion.id)).length).to.equal(0);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
  });
});
