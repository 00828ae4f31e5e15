import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { DiscussionMessageModel, DiscussionModerationActionModel } from '@platform/db';
import {
  adminToken,
  buildTestApp,
  captureRealtime,
  createChannel,
  createCustomer,
  createDiscussionMessage,
  discussionOf,
  eventually,
  RealtimeCapture,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = '01900000-0000-7000-8000-0000000d15c0';
const HEART = '\u2764\ufe0f'; // two code points, one "character" to class-validator's MaxLength
/** The full view's edit and delete fields of a message never edited nor deleted. */
const UNTOUCHED = { isDeleted: false, deletedAt: null, deletedByAdminId: null, editedAt: null, editedByUserId: null, editedByAdminId: null };

/**
 * The admin message routes of a channel discussion (issue 23 "Admin discussion and moderation"):
 * the list (after_id or before_id, include_deleted), writing as ADMIN, and editing or deleting any
 * message, with their message.* deltas (CONTRACT section 9) and moderation log entries. A refused
 * write changes nothing and sends nothing.
 */
describe('Admin discussion messages (admin-api)', () => {
  let api: TestApp;
  let admin: string;
  let capture: RealtimeCapture;
  let userId: string;

  const base = (channelId: number) => `/api/admin/channels/${channelId}/discussion/messages`;
  const list = (channelId: number, query = '') => api.http.get(`${base(channelId)}${query}`).set('Authorization', admin);
  const post = (channelId: number, body: unknown) => api.http.post(base(channelId)).set('Authorization', admin).send(body as object);
  const edit = (id: string, body: unknown) => api.http.patch(`/api/admin/discussion-messages/${id}`).set('Authorization', admin).send(body as object);
  const remove = (id: string, body?: unknown) => {
    const request = api.http.delete(`/api/admin/discussion-messages/${id}`).set('Authorization', admin);
    return body === undefined ? request : request.send(body as object);
  };
  const events = (discussionId: number) =>
    capture.inRoom(`discussion:${discussionId}`).map(({ event, payload }) => ({ event, ...(payload as { id: number; seq: number }) }));
  const settled = async (discussionId: number, count: number) => {
    await eventually(async () => events(discussionId).length >= count);
    return events(discussionId);
  };
  /** Lets any stray event arrive, then answers the room's events (for "sent nothing"). */
  const quietly = async (discussionId: number) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return events(discussionId);
  };
  const actionsOf = (discussionId: number) =>
    DiscussionModerationActionModel.findAll({ where: { discussionId }, order: [['id', 'ASC']], raw: true });
  const rowOf = async (id: string) => (await DiscussionMessageModel.findByPk(id, { raw: true })) as unknown as Record<string, unknown>;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'], ADMIN_ID)}`;
    capture = await captureRealtime();
    userId = (await createCustomer(api.app.container)).id;
  });

  after(async () => {
    await capture.close();
  });

  describe('GET .../discussion/messages', () => {
    it('lists newest first with full views, pages by before_id, and leaves tombstones out unless include_deleted=true', async () => {
      const channel = await createChannel();
      const other = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const m1 = await createDiscussionMessage(discussionId, { userId, body: 'first' });
      const m2 = await createDiscussionMessage(discussionId, { adminId: 'another-admin', body: 'second' });
      const m3 = await createDiscussionMessage(discussionId, { userId, deleted: true });
      await createDiscussionMessage((await discussionOf(other.id)).id, { userId, body: 'elsewhere' });
      const m4 = await createDiscussionMessage(discussionId, { userId, body: 'fourth' });
      const m5 = await createDiscussionMessage(discussionId, { userId, body: 'fifth' });

      const first = await list(channel.id, '?limit=2').expect(200);
      expect(first.body.data.items.map((m: { id: string }) => m.id)).to.deep.equal([m5.id, m4.id].map(String));
      expect(first.body.data).to.deep.include({ cursor: { next_after_id: String(m5.id), next_before_id: String(m4.id) }, limit: 2, has_more: true, count: 2 });
      const second = await list(channel.id, `?limit=2&before_id=${m4.id}`).expect(200);
      expect(second.body.data).to.deep.include({ cursor: {}, limit: 2, has_more: false, count: 2 });
      expect(second.body.data.items.map((m: { id: string }) => m.id)).to.deep.equal([m2.id, m1.id].map(String));
      expect(second.body.data.items[0]).to.deep.equal({
        id: String(m2.id),
        discussionId,
        authorType: 'ADMIN',
        authorUserId: null,
        authorAdminId: 'another-admin',
        body: 'second',
        ...UNTOUCHED,
        createdAt: m2.createdAt.toISOString(),
        updatedAt: m2.updatedAt.toISOString(),
      });

      const withDeleted = await list(channel.id, `?include_deleted=true&before_id=${m4.id}`).expect(200);
      expect(withDeleted.body.data.items.map((m: { id: string }) => m.id)).to.deep.equal([m3.id, m2.id, m1.id].map(String));
      expect(withDeleted.body.data.items[0]).to.deep.include({ isDeleted: true, body: null, authorUserId: userId });
      const explicitFalse = await list(channel.id, '?include_deleted=false').expect(200);
      expect(explicitFalse.body.data.items.map((m: { id: string }) => m.id)).to.deep.equal([m5.id, m4.id, m2.id, m1.id].map(String));
    });

    it('pages by after_id ascending from after_id=0, tombstones only with include_deleted=true', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const m1 = await createDiscussionMessage(discussionId, { userId, body: 'first' });
      const m2 = await createDiscussionMessage(discussionId, { userId, deleted: true });
      const m3 = await createDiscussionMessage(discussionId, { adminId: 'another-admin', body: 'third' });
      const m4 = await createDiscussionMessage(discussionId, { userId, body: 'fourth' });
      const [one, two, three, four] = [m1, m2, m3, m4].map((m) => String(m.id));
      const ids = (res: { body: { data: { items: Array<{ id: string }> } } }) => res.body.data.items.map((m) => m.id);

      const live = await list(channel.id, '?after_id=0&limit=2').expect(200);
      expect(ids(live)).to.deep.equal([one, three]);
      expect(live.body.data).to.deep.include({ cursor: { next_after_id: three, next_before_id: one }, limit: 2, has_more: true, count: 2 });
      const withDeleted = await list(channel.id, '?after_id=0&limit=2&include_deleted=true').expect(200);
      expect(ids(withDeleted)).to.deep.equal([one, two]);
      expect(withDeleted.body.data).to.deep.include({ cursor: { next_after_id: two, next_before_id: one }, has_more: true });
      expect(withDeleted.body.data.items[1]).to.deep.include({ isDeleted: true, body: null, authorUserId: userId });
      const rest = await list(channel.id, `?after_id=${two}&limit=2&include_deleted=true`).expect(200);
      expect(ids(rest)).to.deep.equal([three, four]);
      expect(rest.body.data).to.deep.include({ cursor: {}, has_more: false, count: 2 });
      const pastNewest = await list(channel.id, `?after_id=${four}&include_deleted=true`).expect(200);
      expect(pastNewest.body.data).to.deep.equal({ items: [], cursor: {}, limit: 20, has_more: false, count: 0 });
    });

    it('lists the discussion of a soft-deleted channel too', async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      const message = await createDiscussionMessage((await discussionOf(channel.id)).id, { userId });
      const res = await list(channel.id).expect(200);
      expect(res.body.data.items.map((m: { id: string }) => m.id)).to.deep.equal([String(message.id)]);
    });

    for (const [name, query] of [
      ['include_deleted other than true or false', '?include_deleted=yes'],
      ['both after_id and before_id', '?after_id=1&before_id=5'],
      ['a malformed after_id', '?after_id=-1'],
      ['a malformed before_id', '?before_id=abc'],
      ['a limit above 100', '?limit=101'],
      ['a limit of 0', '?limit=0'],
    ]) {
      it(`refuses ${name} with 422 UNPROCESSABLE`, async () => {
        const channel = await createChannel();
        const res = await list(channel.id, query).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(res.body.errors).to.be.an('array').that.is.not.empty;
      });
    }

    it('answers 404 CHANNEL_NOT_FOUND for an unknown channel', async () => {
      expect((await list(999999999).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    });
  });

  describe('POST .../discussion/messages', () => {
    it('writes an ADMIN message by the token’s sub, trimmed, and sends message.created after commit', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const res = await post(channel.id, { body: '  Welcome!\n\tRead the rules.  ' }).expect(201);
      expect(res.body.message).to.equal('Message posted successfully');
      const row = await DiscussionMessageModel.findByPk(res.body.data.id);
      expect(res.body.data).to.deep.equal({
        id: String(row?.id),
        discussionId,
        authorType: 'ADMIN',
        authorUserId: null,
        authorAdminId: ADMIN_ID,
        body: 'Welcome!\n\tRead the rules.',
        ...UNTOUCHED,
        createdAt: row?.createdAt.toISOString(),
        updatedAt: row?.updatedAt.toISOString(),
      });
      expect(row).to.deep.include({ discussionId, authorType: 'ADMIN', authorAdminId: ADMIN_ID, body: 'Welcome!\n\tRead the rules.' });
      expect(await settled(discussionId, 1)).to.deep.equal([
        { event: 'message.created', channelId: channel.id, discussionId, id: String(res.body.data.id), seq: 1 },
      ]);
      expect(capture.inRoom(`discussion:${discussionId}`)[0].rooms).to.deep.equal([`discussion:${discussionId}`]);
    });

    it('counts the 4,000 characters as code points, as the CHECK does', async () => {
      const channel = await createChannel();
      await post(channel.id, { body: 'x'.repeat(4000) }).expect(201);
      await post(channel.id, { body: '\u{1F600}'.repeat(4000) }).expect(201);
      await post(channel.id, { body: HEART.repeat(2000) }).expect(201);
      for (const body of ['x'.repeat(4001), '\u{1F600}'.repeat(4001), HEART.repeat(2001)]) {
        const res = await post(channel.id, { body }).expect(422);
        expect(res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).to.deep.equal([['body', 'maxLength']]);
      }
    });

    it('lets an admin write while the discussion is disabled or in slow mode', async () => {
      const channel = await createChannel();
      await discussionOf(channel.id, { isEnabled: false, slowModeEnabled: true, slowModeIntervalSeconds: 3600 });
      await post(channel.id, { body: 'one' }).expect(201);
      await post(channel.id, { body: 'two' }).expect(201);
      expect(await DiscussionMessageModel.count({ where: { discussionId: (await discussionOf(channel.id)).id } })).to.equal(2);
    });

    const BAD: Array<[string, unknown]> = [
      ['no body field', {}],
      ['a null body', { body: null }],
      ['a number', { body: 42 }],
      ['an empty body', { body: '' }],
      ['only whitespace', { body: ' \n\t ' }],
      ['only zero-width characters', { body: '\u200b\u2060' }],
      ['a bell character', { body: 'ding\u0007' }],
      ['a carriage return', { body: 'one\r\ntwo' }],
      ['a NUL', { body: 'a\u0000b' }],
      ['a C1 control character', { body: 'a\u0085b' }],
      ['an unpaired surrogate', { body: 'a\ud800b' }],
      ['an unknown key', { body: 'fine', author_type: 'USER' }],
    ];
    for (const [name, body] of BAD) {
      it(`refuses ${name} with 422 UNPROCESSABLE: nothing written, nothing sent`, async () => {
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const res = await post(channel.id, body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(res.body.errors).to.be.an('array').that.is.not.empty;
        expect(await DiscussionMessageModel.count({ where: { discussionId } })).to.equal(0);
        expect(await quietly(discussionId)).to.deep.equal([]);
      });
    }

    for (const status of ['archived', 'soft_deleted'] as const) {
      it(`refuses a ${status} channel with 422 CHANNEL_NOT_ACTIVE: nothing written, nothing sent`, async () => {
        const channel = await createChannel({ status });
        const { id: discussionId } = await discussionOf(channel.id);
        const res = await post(channel.id, { body: 'hello' }).expect(422);
        expect(res.body.errorCode).to.equal('CHANNEL_NOT_ACTIVE');
        expect(await DiscussionMessageModel.count({ where: { discussionId } })).to.equal(0);
        expect(await quietly(discussionId)).to.deep.equal([]);
      });
    }

    it('answers 404 CHANNEL_NOT_FOUND for an unknown channel', async () => {
      expect((await post(999999999, { body: 'hello' }).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    });

    it('numbers racing messages of one discussion 1..n without gaps', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      await Promise.all(Array.from({ length: 8 }, (_, n) => post(channel.id, { body: `race ${n}` }).expect(201)));
      const seqs = (await settled(discussionId, 8)).map((event) => event.seq).sort((a, b) => a - b);
      expect(seqs).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    describe('with an Idempotency-Key', () => {
      const keyed = (channelId: number, body: unknown, key: string) => post(channelId, body).set('Idempotency-Key', key);

      it('answers a retry with the same key and body with the first message: one row, one message.created', async () => {
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const key = randomUUID();
        const first = await keyed(channel.id, { body: 'Market opens late today' }, key).expect(201);
        const again = await keyed(channel.id, { body: ' Market opens late today ' }, key).expect(201);
        expect(again.body.data).to.deep.equal(first.body.data);
        expect(await DiscussionMessageModel.count({ where: { discussionId } })).to.equal(1);
        await settled(discussionId, 1);
        expect((await quietly(discussionId)).map(({ event, id, seq }) => ({ event, id, seq }))).to.deep.equal([
          { event: 'message.created', id: first.body.data.id, seq: 1 },
        ]);
      });

      it('refuses another body with 409 CHANNEL_IDEMPOTENCY_MISMATCH and a malformed key with 400, writing nothing', async () => {
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const key = randomUUID();
        await keyed(channel.id, { body: 'first' }, key).expect(201);
        expect((await keyed(channel.id, { body: 'second' }, key).expect(409)).body.errorCode).to.equal('CHANNEL_IDEMPOTENCY_MISMATCH');
        expect((await keyed(channel.id, { body: 'second' }, 'x'.repeat(256)).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
        expect(await DiscussionMessageModel.count({ where: { discussionId } })).to.equal(1);
      });

      it('frees the key of a refused post, and posts once when the same request races ten times', async () => {
        const archived = await createChannel({ status: 'archived' });
        await discussionOf(archived.id);
        const key = randomUUID();
        await keyed(archived.id, { body: 'hello' }, key).expect(422);
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const answers = await Promise.all(Array.from({ length: 10 }, () => keyed(channel.id, { body: 'hello' }, key)));
        const rows = await DiscussionMessageModel.findAll({ where: { discussionId }, raw: true });
        expect(rows).to.have.length(1);
        for (const res of answers) {
          if (res.status === 201) expect(res.body.data.id).to.equal(String(rows[0].id));
          else expect([res.status, res.body.errorCode]).to.deep.equal([409, 'CONFLICT']);
        }
      });
    });
  });

  describe('PATCH /api/admin/discussion-messages/:id', () => {
    it('edits a user’s message: editedAt, editedByAdminId, editedByUserId cleared; logs message_edit with the reason; sends message.updated', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const message = await createDiscussionMessage(discussionId, { userId, body: 'buy now!!!' });
      // The user edited it before: the admin becomes the last (and only named) editor.
      await message.update({ editedAt: new Date(), editedByUserId: userId });
      const res = await edit(String(message.id), { body: ' [removed link] ', reason: 'spam link' }).expect(200);
      expect(res.body.message).to.equal('Message updated successfully');
      expect(res.body.data).to.deep.include({ id: String(message.id), body: '[removed link]', editedByAdminId: ADMIN_ID, editedByUserId: null, authorUserId: userId });
      const row = await rowOf(String(message.id));
      expect(row).to.deep.include({ body: '[removed link]', editedByAdminId: ADMIN_ID, editedByUserId: null, isDeleted: false });
      expect(res.body.data.editedAt).to.equal((row.editedAt as Date).toISOString());
      const actions = await actionsOf(discussionId);
      expect(actions.map((a) => [a.action, a.adminId, a.userId, String(a.messageId), a.reason, a.mutedUntil])).to.deep.equal([
        ['message_edit', ADMIN_ID, userId, String(message.id), 'spam link', null],
      ]);
      expect(await settled(discussionId, 1)).to.deep.equal([
        { event: 'message.updated', channelId: channel.id, discussionId, id: String(message.id), seq: 1 },
      ]);
    });

    it('edits an admin’s message (another admin’s too) and logs it with no user; an archived channel’s messages can be corrected', async () => {
      const channel = await createChannel({ status: 'archived' });
      const { id: discussionId } = await discussionOf(channel.id);
      const message = await createDiscussionMessage(discussionId, { adminId: 'another-admin', body: 'typo' });
      const res = await edit(String(message.id), { body: 'fixed', reason: 'typo' }).expect(200);
      expect(res.body.data).to.deep.include({ body: 'fixed', authorAdminId: 'another-admin', editedByAdminId: ADMIN_ID });
      expect((await actionsOf(discussionId)).map((a) => [a.action, a.adminId, a.userId, String(a.messageId), a.reason])).to.deep.equal([
        ['message_edit', ADMIN_ID, null, String(message.id), 'typo'],
      ]);
      expect((await settled(discussionId, 1)).map((e) => e.event)).to.deep.equal(['message.updated']);
    });

    it('refuses a deleted message with 422 CHANNEL_MESSAGE_DELETED: nothing changed, logged or sent', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const message = await createDiscussionMessage(discussionId, { userId, deleted: true });
      const before = await rowOf(String(message.id));
      const res = await edit(String(message.id), { body: 'resurrect' }).expect(422);
      expect(res.body.errorCode).to.equal('CHANNEL_MESSAGE_DELETED');
      expect(await rowOf(String(message.id))).to.deep.equal(before);
      expect(await actionsOf(discussionId)).to.deep.equal([]);
      expect(await quietly(discussionId)).to.deep.equal([]);
    });

    it('refuses a message of a soft-deleted channel with 422 CHANNEL_SOFT_DELETED, changing nothing', async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      const message = await createDiscussionMessage((await discussionOf(channel.id)).id, { userId, body: 'kept' });
      const res = await edit(String(message.id), { body: 'changed' }).expect(422);
      expect(res.body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect((await rowOf(String(message.id))).body).to.equal('kept');
    });

    for (const [name, body] of [
      ['no body field', { reason: 'why' }],
      ['an empty body', { body: '   ' }],
      ['a control character', { body: 'x\u001b[31m' }],
      ['a body over 4,000 characters', { body: 'y'.repeat(4001) }],
      ['an empty reason', { body: 'fine', reason: ' ' }],
      ['a reason over 500 characters', { body: 'fine', reason: 'r'.repeat(501) }],
      ['an unknown key', { body: 'fine', edited_by_user_id: null }],
    ] as Array<[string, unknown]>) {
      it(`refuses ${name} with 422 UNPROCESSABLE, changing nothing`, async () => {
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const message = await createDiscussionMessage(discussionId, { userId, body: 'original' });
        const before = await rowOf(String(message.id));
        const res = await edit(String(message.id), body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(await rowOf(String(message.id))).to.deep.equal(before);
        expect(await actionsOf(discussionId)).to.deep.equal([]);
      });
    }

    it('answers 404 CHANNEL_MESSAGE_NOT_FOUND for an unknown message, also one beyond bigint', async () => {
      for (const id of ['999999999999', '99999999999999999999']) {
        expect((await edit(id, { body: 'x' }).expect(404)).body.errorCode, id).to.equal('CHANNEL_MESSAGE_NOT_FOUND');
      }
    });
  });

  describe('DELETE /api/admin/discussion-messages/:id', () => {
    it('makes a user’s message a tombstone, logs message_delete with the reason, sends message.deleted; deleting again changes nothing', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const message = await createDiscussionMessage(discussionId, { userId, body: 'insult' });
      const res = await remove(String(message.id), { reason: 'abuse' }).expect(200);
      expect(res.body.message).to.equal('Message deleted successfully');
      expect(res.body.data).to.deep.include({ id: String(message.id), isDeleted: true, body: null, deletedByAdminId: ADMIN_ID, authorUserId: userId });
      const row = await rowOf(String(message.id));
      expect(row).to.deep.include({ isDeleted: true, body: null, deletedByAdminId: ADMIN_ID, deletedByUserId: null });
      expect(res.body.data.deletedAt).to.equal((row.deletedAt as Date).toISOString());

      const again = await remove(String(message.id)).expect(200);
      expect(again.body.data).to.deep.equal(res.body.data);
      expect(await rowOf(String(message.id))).to.deep.equal(row);
      const actions = await actionsOf(discussionId);
      expect(actions.map((a) => [a.action, a.adminId, a.userId, String(a.messageId), a.reason])).to.deep.equal([
        ['message_delete', ADMIN_ID, userId, String(message.id), 'abuse'],
      ]);
      expect(await settled(discussionId, 1)).to.deep.equal([
        { event: 'message.deleted', channelId: channel.id, discussionId, id: String(message.id), seq: 1 },
      ]);
      expect(await quietly(discussionId)).to.have.length(1);
    });

    it('deletes without a body (no reason), and logs deleting an admin’s message (its own or another’s) with no user', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const byUser = await createDiscussionMessage(discussionId, { userId });
      const byAdmin = await createDiscussionMessage(discussionId, { adminId: ADMIN_ID });
      const byOtherAdmin = await createDiscussionMessage(discussionId, { adminId: 'another-admin' });
      await remove(String(byUser.id)).expect(200);
      await remove(String(byAdmin.id)).expect(200);
      await remove(String(byOtherAdmin.id), { reason: 'outdated' }).expect(200);
      expect((await actionsOf(discussionId)).map((a) => [a.action, a.adminId, a.userId, String(a.messageId), a.reason])).to.deep.equal([
        ['message_delete', ADMIN_ID, userId, String(byUser.id), null],
        ['message_delete', ADMIN_ID, null, String(byAdmin.id), null],
        ['message_delete', ADMIN_ID, null, String(byOtherAdmin.id), 'outdated'],
      ]);
      expect((await settled(discussionId, 3)).map((e) => [e.event, e.seq])).to.deep.equal([
        ['message.deleted', 1],
        ['message.deleted', 2],
        ['message.deleted', 3],
      ]);
    });

    for (const [name, body] of [
      ['an empty reason', { reason: '' }],
      ['an unknown key', { hard: true }],
      ['a reason that is not a string', { reason: 7 }],
    ] as Array<[string, unknown]>) {
      it(`refuses ${name} with 422 UNPROCESSABLE, deleting nothing`, async () => {
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const message = await createDiscussionMessage(discussionId, { userId, body: 'stays' });
        const res = await remove(String(message.id), body).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect((await rowOf(String(message.id))).isDeleted).to.equal(false);
        expect(await actionsOf(discussionId)).to.deep.equal([]);
      });
    }

    it('refuses a message of a soft-deleted channel with 422 CHANNEL_SOFT_DELETED, deleting nothing', async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      const message = await createDiscussionMessage((await discussionOf(channel.id)).id, { userId });
      expect((await remove(String(message.id)).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect((await rowOf(String(message.id))).isDeleted).to.equal(false);
    });

    it('answers 404 CHANNEL_MESSAGE_NOT_FOUND for an unknown message', async () => {
      expect((await remove('999999999999').expect(404)).body.errorCode).to.equal('CHANNEL_MESSAGE_NOT_FOUND');
    });
  });

  it('reads the message only once it holds the discussion row: an edit queued behind a delete finds the tombstone (422), never a 500', async () => {
    const channel = await createChannel();
    const { id: discussionId } = await discussionOf(channel.id);
    const message = await createDiscussionMessage(discussionId, { userId, body: 'contested' });
    const sequelize = DiscussionMessageModel.sequelize;
    if (!sequelize) throw new Error('no connection');
    // A delete in flight: it holds the discussion row (as DiscussionRepository's writers do), and tombstones the
    // message after the edit has arrived. An edit that read the message before taking the row would have written
    // it meanwhile, and the two would deadlock.
    const tx = await sequelize.transaction();
    await sequelize.query('SELECT id FROM channel_discussions WHERE id = :id FOR UPDATE', { replacements: { id: discussionId }, transaction: tx });
    const pending = edit(String(message.id), { body: 'edited' }).then((res) => res);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sequelize.query(
        `UPDATE discussion_messages SET is_deleted = true, body = NULL, deleted_at = now(), deleted_by_admin_id = 'other-admin' WHERE id = :id`,
        { replacements: { id: message.id }, transaction: tx },
      );
      await tx.commit();
    } catch (error) {
      await tx.rollback();
      throw error;
    }
    const res = await pending;
    expect([res.status, res.body.errorCode]).to.deep.equal([422, 'CHANNEL_MESSAGE_DELETED']);
    expect(await rowOf(String(message.id))).to.deep.include({ isDeleted: true, body: null, editedAt: null });
    expect(await actionsOf(discussionId)).to.deep.equal([]);
  });

  it('orders a racing edit and delete of one message on its locks: the edit lands before the delete or is refused after it', async () => {
    const channel = await createChannel();
    const { id: discussionId } = await discussionOf(channel.id);
    const messages = await Promise.all(Array.from({ length: 6 }, () => createDiscussionMessage(discussionId, { userId, body: 'contested' })));
    const outcomes = await Promise.all(
      messages.map(async (message) => {
        const [edited, deleted] = await Promise.all([edit(String(message.id), { body: 'edited' }), remove(String(message.id))]);
        return { id: String(message.id), edit: edited.status, remove: deleted.status };
      }),
    );
    let expectedEvents = 0;
    for (const outcome of outcomes) {
      expect(outcome.remove).to.equal(200);
      expect(outcome.edit).to.be.oneOf([200, 422]);
      expect(await rowOf(outcome.id)).to.deep.include({ isDeleted: true, body: null });
      const logged = (await actionsOf(discussionId)).filter((a) => String(a.messageId) === outcome.id).map((a) => a.action);
      expect(logged).to.deep.equal(outcome.edit === 200 ? ['message_edit', 'message_delete'] : ['message_delete']);
      expectedEvents += outcome.edit === 200 ? 2 : 1;
    }
    const sent = await settled(discussionId, expectedEvents);
    expect(sent.map((e) => e.seq).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: expectedEvents }, (_, n) => n + 1));
    for (const outcome of outcomes) {
      const mine = sent.filter((e) => String(e.id) === outcome.id).sort((a, b) => a.seq - b.seq).map((e) => e.event);
      expect(mine).to.deep.equal(outcome.edit === 200 ? ['message.updated', 'message.deleted'] : ['message.deleted']);
    }
  });
});
