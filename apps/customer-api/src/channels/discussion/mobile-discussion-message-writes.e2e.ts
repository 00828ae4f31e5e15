import { expect } from 'chai';
import { Database, DiscussionMessageModel } from '@platform/db';
import {
  banFromDiscussion,
  createChannel,
  createCustomer,
  createDiscussionMessage,
  discussionOf,
  eventually,
  muteInDiscussion,
} from '@platform/testing';
import { daysAgo, gatedChannel, grant } from '../reads/channel-reads.test-helper';
import { DAY, eventSeqOf, messageEvents, refusal, useMobileDiscussionSuite, waitForLockWait } from './mobile-discussion.test-helper';


/**
 * PATCH and DELETE /api/mobile/discussion-messages/{id} (issue 23; CONTRACT section 4: another
 * user's message is 403): own messages only, tombstones, bans, mutes, access now, and the
 * edit/delete race.
 */
describe('Mobile discussion: editing and deleting own messages (customer-api)', () => {
  const suite = useMobileDiscussionSuite({ clock: true, realtime: true });

  const rowOf = async (id: string) => (await DiscussionMessageModel.findByPk(id))?.get({ plain: true });
  /** A fresh open channel's discussion (with `settings`) and one message of `person` in it. */
  const ownMessage = async (settings: Parameters<typeof discussionOf>[1] = {}, channelOptions: Parameters<typeof createChannel>[0] = {}) => {
    const channel = await createChannel(channelOptions);
    const discussion = await discussionOf(channel.id, settings);
    const message = await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'original' });
    return { channel, discussion, id: String(message.id) };
  };

  it('edits an own message: new body, editedAt now, editedByUserId the caller, and message.updated', async () => {
    const { discussion, id } = await ownMessage();
    suite.clock.advance(90);
    const res = await suite.routes.edit(suite.person, id, { body: '  corrected  ' }).expect(200);
    expect(res.body.message).to.equal('Message updated');
    expect(res.body.data).to.deep.include({
      id, body: 'corrected', isDeleted: false, editedAt: suite.clock.now().toISOString(), editedByUserId: suite.person.id, editedByAdminId: null,
      authorType: 'USER', authorUserId: suite.person.id,
    });
    expect(await rowOf(id)).to.deep.include({ body: 'corrected', editedByUserId: suite.person.id, editedAt: suite.clock.now() });
    await eventually(async () => messageEvents(suite.capture, discussion).length >= 1);
    expect(messageEvents(suite.capture, discussion)).to.deep.equal([{ event: 'message.updated', id, seq: 1 }]);
  });

  it('deletes an own message as a tombstone; deleting it again answers the same tombstone without a second event', async () => {
    const { discussion, id } = await ownMessage();
    const res = await suite.routes.remove(suite.person, id).expect(200);
    expect(res.body.message).to.equal('Message deleted');
    expect(res.body.data).to.deep.include({ id, isDeleted: true, body: null, deletedAt: suite.clock.now().toISOString(), deletedByAdminId: null });
    expect(await rowOf(id)).to.deep.include({ isDeleted: true, body: null, deletedByUserId: suite.person.id, deletedByAdminId: null, deletedAt: suite.clock.now() });
    suite.clock.advance(5);
    const again = await suite.routes.remove(suite.person, id).expect(200);
    expect(again.body.data).to.deep.equal(res.body.data);
    expect(refusal(await suite.routes.edit(suite.person, id, { body: 'resurrect' }))).to.equal('422 CHANNEL_MESSAGE_DELETED');
    expect(await rowOf(id)).to.deep.include({ isDeleted: true, body: null });
    await eventually(async () => messageEvents(suite.capture, discussion).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(messageEvents(suite.capture, discussion)).to.deep.equal([{ event: 'message.deleted', id, seq: 1 }]);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(1);
  });

  it('refuses another user\'s or an admin\'s message with 403 CHANNEL_MESSAGE_FORBIDDEN, changing nothing', async () => {
    const { discussion, id } = await ownMessage();
    const adminMessage = String((await createDiscussionMessage(discussion.id, { adminId: 'desk-admin', body: 'from the desk' })).id);
    const stranger = await createCustomer(suite.api.app.container);
    expect(refusal(await suite.routes.edit(stranger, id, { body: 'mine now' }))).to.equal('403 CHANNEL_MESSAGE_FORBIDDEN');
    expect(refusal(await suite.routes.remove(stranger, id))).to.equal('403 CHANNEL_MESSAGE_FORBIDDEN');
    expect(refusal(await suite.routes.edit(suite.person, adminMessage, { body: 'no' }))).to.equal('403 CHANNEL_MESSAGE_FORBIDDEN');
    expect(refusal(await suite.routes.remove(suite.person, adminMessage))).to.equal('403 CHANNEL_MESSAGE_FORBIDDEN');
    expect(await rowOf(id)).to.deep.include({ body: 'original', isDeleted: false, editedAt: null });
    expect(await rowOf(adminMessage)).to.deep.include({ body: 'from the desk', isDeleted: false });
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
  });

  it('is 404 CHANNEL_MESSAGE_NOT_FOUND for an unknown message or one of a channel the caller may not see; 400 for a non-numeric id', async () => {
    for (const id of ['9223372036854775807', '99999999999999999999']) {
      expect(refusal(await suite.routes.edit(suite.person, id, { body: 'x' })), id).to.equal('404 CHANNEL_MESSAGE_NOT_FOUND');
      expect(refusal(await suite.routes.remove(suite.person, id)), id).to.equal('404 CHANNEL_MESSAGE_NOT_FOUND');
    }
    const deleted = await ownMessage({}, { status: 'soft_deleted' });
    const hidden = await gatedChannel({ visibility: 'PRIVATE' });
    const hiddenMessage = String((await createDiscussionMessage((await discussionOf(hidden.channel.id)).id, { userId: suite.person.id })).id);
    for (const id of [deleted.id, hiddenMessage]) {
      expect(refusal(await suite.routes.edit(suite.person, id, { body: 'x' }))).to.equal('404 CHANNEL_MESSAGE_NOT_FOUND');
      expect(refusal(await suite.routes.remove(suite.person, id))).to.equal('404 CHANNEL_MESSAGE_NOT_FOUND');
      expect(await rowOf(id)).to.deep.include({ isDeleted: false, editedAt: null });
    }
    for (const id of ['abc', '0', '01', '1.5', '-1']) {
      expect(refusal(await suite.routes.edit(suite.person, id, { body: 'x' })), id).to.equal('400 VALIDATION_ERROR');
      expect(refusal(await suite.routes.remove(suite.person, id)), id).to.equal('400 VALIDATION_ERROR');
    }
  });

  it('refuses a banned author both edit and delete (403 CHANNEL_DISCUSSION_BANNED), a deleted message included', async () => {
    const { discussion, id } = await ownMessage();
    const tombstone = String((await createDiscussionMessage(discussion.id, { userId: suite.person.id, deleted: true })).id);
    await banFromDiscussion(discussion.id, suite.person.id);
    expect(refusal(await suite.routes.edit(suite.person, id, { body: 'edited' }))).to.equal('403 CHANNEL_DISCUSSION_BANNED');
    expect(refusal(await suite.routes.remove(suite.person, id))).to.equal('403 CHANNEL_DISCUSSION_BANNED');
    expect(refusal(await suite.routes.remove(suite.person, tombstone))).to.equal('403 CHANNEL_DISCUSSION_BANNED');
    expect(await rowOf(id)).to.deep.include({ body: 'original', isDeleted: false });
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
  });

  it('refuses a muted author\'s edit until the mute ends, but lets them delete', async () => {
    const { discussion, id } = await ownMessage();
    const other = String((await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'other' })).id);
    const until = new Date(suite.clock.now().getTime() + 120_000);
    await muteInDiscussion(discussion.id, suite.person.id, until);
    const muted = await suite.routes.edit(suite.person, id, { body: 'sneaky' });
    expect(refusal(muted)).to.equal('403 CHANNEL_DISCUSSION_MUTED');
    expect(muted.body.message).to.include(until.toISOString());
    await suite.routes.remove(suite.person, other).expect(200);
    suite.clock.advance(120);
    expect((await suite.routes.edit(suite.person, id, { body: 'allowed again' }).expect(200)).body.data.body).to.equal('allowed again');
  });

  it('refuses an edit in an archived channel (422) or a disabled discussion (403), where deleting still works', async () => {
    const archived = await ownMessage({}, { status: 'archived' });
    const closed = await ownMessage({ isEnabled: false });
    expect(refusal(await suite.routes.edit(suite.person, archived.id, { body: 'x' }))).to.equal('422 CHANNEL_NOT_ACTIVE');
    expect(refusal(await suite.routes.edit(suite.person, closed.id, { body: 'x' }))).to.equal('403 CHANNEL_DISCUSSION_DISABLED');
    for (const { id } of [archived, closed]) {
      expect(await rowOf(id)).to.deep.include({ body: 'original', editedAt: null });
      expect((await suite.routes.remove(suite.person, id).expect(200)).body.data.isDeleted).to.equal(true);
    }
  });

  it('needs discussion access now: an author whose entitlement ended can neither edit nor delete (403)', async () => {
    const { channel, catalog } = await gatedChannel();
    const discussion = await discussionOf(channel.id);
    await grant(suite.api, suite.person.id, catalog, daysAgo(30), daysAgo(1));
    const id = String((await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'while entitled' })).id);
    expect(refusal(await suite.routes.edit(suite.person, id, { body: 'x' }))).to.equal('403 CHANNEL_DISCUSSION_ACCESS_DENIED');
    expect(refusal(await suite.routes.remove(suite.person, id))).to.equal('403 CHANNEL_DISCUSSION_ACCESS_DENIED');
    await grant(suite.api, suite.person.id, catalog, daysAgo(1), new Date(Date.now() + 29 * DAY));
    await suite.routes.edit(suite.person, id, { body: 'renewed' }).expect(200);
  });

  it('refuses a bad body with 422 naming it, changing nothing', async () => {
    const { discussion, id } = await ownMessage();
    for (const body of [{}, { body: '' }, { body: ' ' }, { body: 'a'.repeat(4001) }, { body: 'x\u0001' }, { body: 5 }, { body: 'ok', extra: 1 }]) {
      const res = await suite.routes.edit(suite.person, id, body);
      expect(refusal(res), JSON.stringify(body).slice(0, 40)).to.equal('422 UNPROCESSABLE');
      expect(res.body.errors).to.be.an('array').that.is.not.empty;
    }
    expect(refusal(await suite.routes.edit(suite.person, id))).to.equal('422 UNPROCESSABLE');
    expect(await rowOf(id)).to.deep.include({ body: 'original', editedAt: null });
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
  });

  it('orders a racing edit and delete: the delete always wins in the end, never a tombstone with a body', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const ids: string[] = [];
    const edits: number[] = [];
    for (let round = 0; round < 8; round++) {
      const id = String((await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: `round ${round}` })).id);
      ids.push(id);
      const [edit, remove] = await Promise.all([suite.routes.edit(suite.person, id, { body: `edited ${round}` }), suite.routes.remove(suite.person, id)]);
      expect(remove.status).to.equal(200);
      expect([200, 422], refusal(edit)).to.include(edit.status);
      if (edit.status === 422) expect(edit.body.errorCode).to.equal('CHANNEL_MESSAGE_DELETED');
      edits.push(edit.status);
      expect(await rowOf(id)).to.deep.include({ isDeleted: true, body: null });
    }
    const expected = ids.flatMap((id, round) => [
      ...(edits[round] === 200 ? [{ event: 'message.updated', id }] : []),
      { event: 'message.deleted', id },
    ]);
    await eventually(async () => messageEvents(suite.capture, discussion).length >= expected.length);
    const events = messageEvents(suite.capture, discussion).sort((a, b) => a.seq - b.seq);
    expect(events.map(({ event, id }) => ({ event, id }))).to.deep.equal(expected);
    expect(events.map((event) => event.seq)).to.deep.equal(expected.map((_, index) => index + 1));
  });

  it('makes a delete queued behind an edit\'s lock answer the edited message\'s tombstone (the lock order: discussion, then message)', async () => {
    const { discussion, id } = await ownMessage();
    const db = suite.api.app.container.get(Database);
    const tx = await db.sequelize.transaction();
    let pending: Promise<{ status: number; body: { data?: { isDeleted: boolean; body: string | null } } }> | undefined;
    try {
      await db.sequelize.query('SELECT id FROM channel_discussions WHERE id = :id FOR UPDATE', { replacements: { id: discussion.id }, transaction: tx });
      await db.sequelize.query("UPDATE discussion_messages SET body = 'moderated', edited_at = now(), edited_by_admin_id = 'mod' WHERE id = :id", {
        replacements: { id },
        transaction: tx,
      });
      pending = suite.routes.remove(suite.person, id).then((res) => res);
      await waitForLockWait(suite.api, `%channel_discussions%"id" = ${discussion.id}%FOR UPDATE%`);
      await tx.commit();
    } catch (error) {
      await tx.rollback();
      throw error;
    }
    const res = await pending;
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.include({ isDeleted: true, body: null });
    expect(await rowOf(id)).to.deep.include({ isDeleted: true, body: null, editedByAdminId: 'mod', deletedByUserId: suite.person.id });
  });

  it("decides access again under the lock: a delete queued behind a committing change of the channel's feature key is refused", async () => {
    const { channel, catalog } = await gatedChannel();
    await grant(suite.api, suite.person.id, catalog, daysAgo(1), new Date(Date.now() + 29 * DAY));
    const discussion = await discussionOf(channel.id);
    const message = await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'original' });
    const db = suite.api.app.container.get(Database);
    const tx = await db.sequelize.transaction();
    let pending: Promise<{ status: number; body: { errorCode?: string } }> | undefined;
    try {
      // An admin's transaction: holds the discussion row and gates the channel on a feature the author lacks.
      await db.sequelize.query('SELECT id FROM channel_discussions WHERE id = :id FOR UPDATE', { replacements: { id: discussion.id }, transaction: tx });
      await db.sequelize.query(`UPDATE channel_access_policies SET required_feature_key = 'race-feature' WHERE channel_id = :id`, {
        replacements: { id: channel.id },
        transaction: tx,
      });
      // The delete is decided on the old key (held), then waits for the discussion row.
      pending = suite.routes.remove(suite.person, String(message.id)).then((res) => res);
      await waitForLockWait(suite.api, `%channel_discussions%"id" = ${discussion.id}%FOR UPDATE%`);
      await tx.commit();
    } catch (error) {
      await tx.rollback();
      throw error;
    }
    expect(refusal(await pending)).to.equal('403 CHANNEL_DISCUSSION_ACCESS_DENIED');
    expect(await rowOf(String(message.id))).to.deep.include({ isDeleted: false, body: 'original' });
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(0);
  });

  it('stamps updatedAt from the app clock, as editedAt and deletedAt', async () => {
    const { id } = await ownMessage();
    const at = new Date(Date.now() - 3_600_000);
    suite.clock.at(at);
    const edited = await suite.routes.edit(suite.person, id, { body: 'an hour ago' }).expect(200);
    expect([edited.body.data.editedAt, edited.body.data.updatedAt]).to.deep.equal([at.toISOString(), at.toISOString()]);
    suite.clock.advance(60);
    const deleted = await suite.routes.remove(suite.person, id).expect(200);
    const later = new Date(at.getTime() + 60_000).toISOString();
    expect([deleted.body.data.deletedAt, deleted.body.data.updatedAt]).to.deep.equal([later, later]);
    expect(await rowOf(id)).to.deep.include({ updatedAt: new Date(later), deletedAt: new Date(later) });
  });
});
