import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ChannelDiscussionModel, DiscussionBanModel, DiscussionModerationActionModel, DiscussionMuteModel } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { adminToken, buildTestApp, createChannel, createCustomer, createDiscussionMessage, discussionOf, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = '01900000-0000-7000-8000-00000000b0a1';
const OTHER_ADMIN_ID = '01900000-0000-7000-8000-00000000b0a2';

/**
 * Bans, mutes and the moderation log of a channel discussion (issue 23 "Admin discussion and
 * moderation"): each moderation write records its log entry in its own transaction; a repeated
 * ban or unban, a refused act, or an act that changed nothing records none. Time is the app's
 * Clock, held here far from the real one and moved by the tests.
 */
describe('Admin discussion moderation: bans, mutes, log (admin-api)', () => {
  let api: TestApp;
  let admin: string;
  let otherAdmin: string;
  const clock = { now: new Date('2031-03-01T10:00:00.000Z') };
  const tick = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
    return clock.now;
  };
  const later = (seconds: number) => new Date(clock.now.getTime() + seconds * 1000);

  const base = (channelId: number) => `/api/admin/channels/${channelId}/discussion`;
  const ban = (channelId: number, body: unknown, token = admin) => api.http.post(`${base(channelId)}/bans`).set('Authorization', token).send(body as object);
  const unban = (channelId: number, userId: string, body?: unknown) => {
    const request = api.http.delete(`${base(channelId)}/bans/${userId}`).set('Authorization', admin);
    return body === undefined ? request : request.send(body as object);
  };
  const mute = (channelId: number, body: unknown, token = admin) => api.http.post(`${base(channelId)}/mutes`).set('Authorization', token).send(body as object);
  const unmute = (channelId: number, userId: string, body?: unknown) => {
    const request = api.http.delete(`${base(channelId)}/mutes/${userId}`).set('Authorization', admin);
    return body === undefined ? request : request.send(body as object);
  };
  const get = (channelId: number, what: string, query = '') => api.http.get(`${base(channelId)}/${what}${query}`).set('Authorization', admin);
  const user = async () => (await createCustomer(api.app.container)).id;
  const actionsOf = (discussionId: number) =>
    DiscussionModerationActionModel.findAll({ where: { discussionId }, order: [['id', 'ASC']], raw: true });
  const moderationRows = async (discussionId: number) => ({
    bans: await DiscussionBanModel.count({ where: { discussionId } }),
    mutes: await DiscussionMuteModel.count({ where: { discussionId } }),
    actions: await DiscussionModerationActionModel.count({ where: { discussionId } }),
  });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    api.app.container.set(Clock, fixedClock(clock));
    const permissions = ['Communications_READ', 'Communications_CREATE', 'Communications_UPDATE'];
    admin = `Bearer ${adminToken(api.app.container, permissions, ADMIN_ID)}`;
    otherAdmin = `Bearer ${adminToken(api.app.container, permissions, OTHER_ADMIN_ID)}`;
  });

  describe('bans', () => {
    it('bans a user (201, one ban entry); banning again answers the same ban with 200 and records nothing', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const userId = await user();
      const first = await ban(channel.id, { user_id: userId, reason: '  repeated spam ' }).expect(201);
      expect(first.body).to.deep.equal({
        message: 'User banned from the discussion',
        data: { discussionId, userId, bannedByAdminId: ADMIN_ID, reason: 'repeated spam', createdAt: clock.now.toISOString() },
      });
      tick(5);
      const again = await ban(channel.id, { user_id: userId.toUpperCase(), reason: 'another reason' }, otherAdmin).expect(200);
      expect(again.body).to.deep.equal({ message: 'User already banned from the discussion', data: first.body.data });
      const actions = await actionsOf(discussionId);
      expect(actions.map((a) => [a.action, a.adminId, a.userId, a.messageId, a.mutedUntil, a.reason])).to.deep.equal([
        ['ban', ADMIN_ID, userId, null, null, 'repeated spam'],
      ]);
      expect(await moderationRows(discussionId)).to.deep.equal({ bans: 1, mutes: 0, actions: 1 });
    });

    it('bans in an archived channel too', async () => {
      const channel = await createChannel({ status: 'archived' });
      await ban(channel.id, { user_id: await user() }).expect(201);
    });

    for (const [name, body, status, code] of [
      ['a user that does not exist', () => ({ user_id: randomUUID() }), 422, 'UNPROCESSABLE'],
      ['a user_id that is not a UUID', () => ({ user_id: 'user-1' }), 422, 'UNPROCESSABLE'],
      ['no user_id', () => ({ reason: 'why' }), 422, 'UNPROCESSABLE'],
      ['an empty reason', (id: string) => ({ user_id: id, reason: '  ' }), 422, 'UNPROCESSABLE'],
      ['a reason over 500 characters', (id: string) => ({ user_id: id, reason: 'r'.repeat(501) }), 422, 'UNPROCESSABLE'],
      ['an unknown key', (id: string) => ({ user_id: id, until: '2040-01-01T00:00:00Z' }), 422, 'UNPROCESSABLE'],
    ] as Array<[string, (id: string) => object, number, string]>) {
      it(`refuses ${name} with ${status} ${code}, writing nothing`, async () => {
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const res = await ban(channel.id, body(await user())).expect(status);
        expect(res.body.errorCode).to.equal(code);
        expect(await moderationRows(discussionId)).to.deep.equal({ bans: 0, mutes: 0, actions: 0 });
      });
    }

    it('names user_id in errors[] when the user does not exist (a body field: 422, CONTRACT section 4)', async () => {
      const channel = await createChannel();
      const res = await ban(channel.id, { user_id: randomUUID() }).expect(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['user_id']);
    });

    it('refuses a soft-deleted channel with 422 CHANNEL_SOFT_DELETED and an unknown one with 404, writing nothing', async () => {
      const channel = await createChannel({ status: 'soft_deleted' });
      const userId = await user();
      expect((await ban(channel.id, { user_id: userId }).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect((await unban(channel.id, userId).expect(422)).body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect(await moderationRows((await discussionOf(channel.id)).id)).to.deep.equal({ bans: 0, mutes: 0, actions: 0 });
      expect((await ban(999999999, { user_id: userId }).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
    });

    it('keeps one ban and one log entry when bans of one user race: one 201, the rest 200', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const userId = await user();
      const results = await Promise.all(Array.from({ length: 6 }, (_, n) => ban(channel.id, { user_id: userId, reason: `race ${n}` })));
      expect(results.map((res) => res.status).sort()).to.deep.equal([200, 200, 200, 200, 200, 201]);
      const created = results.find((res) => res.status === 201);
      for (const res of results) expect(res.body.data).to.deep.equal(created?.body.data);
      expect(await moderationRows(discussionId)).to.deep.equal({ bans: 1, mutes: 0, actions: 1 });
      expect((await actionsOf(discussionId))[0].reason).to.equal(created?.body.data.reason);
    });

    it('waits for a message write holding the discussion row (the lock posts take first), so a post never slips past a ban', async () => {
      const channel = await createChannel();
      const discussion = await discussionOf(channel.id);
      const userId = await user();
      const sequelize = ChannelDiscussionModel.sequelize;
      if (!sequelize) throw new Error('no connection');
      // An in-flight message write holding the discussion row. FOR NO KEY UPDATE (what its event_seq bump takes)
      // rather than the writers' FOR UPDATE: the ban's foreign keys alone (KEY SHARE) would wait for FOR UPDATE,
      // so only the ban's own lock of the row makes it wait here.
      const tx = await sequelize.transaction();
      await sequelize.query('SELECT id FROM channel_discussions WHERE id = :id FOR NO KEY UPDATE', { replacements: { id: discussion.id }, transaction: tx });
      let answered = false;
      const pending = ban(channel.id, { user_id: userId }).then((res) => {
        answered = true;
        return res;
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(answered, 'the ban waited for the discussion row').to.equal(false);
        expect(await DiscussionBanModel.count({ where: { discussionId: discussion.id } })).to.equal(0);
      } finally {
        await tx.commit();
      }
      expect((await pending).status).to.equal(201);
      expect(await DiscussionBanModel.count({ where: { discussionId: discussion.id, userId } })).to.equal(1);
    });

    it('lists bans newest first in cursor pages, of this discussion only', async () => {
      const channel = await createChannel();
      const other = await createChannel();
      const [u1, u2, u3] = [await user(), await user(), await user()];
      await ban(channel.id, { user_id: u1 }).expect(201);
      tick(1);
      await ban(other.id, { user_id: u2 }).expect(201);
      await ban(channel.id, { user_id: u2 }).expect(201);
      tick(1);
      await ban(channel.id, { user_id: u3, reason: 'third' }).expect(201);
      const first = await get(channel.id, 'bans', '?limit=2').expect(200);
      expect(first.body.data.items.map((b: { userId: string }) => b.userId)).to.deep.equal([u3, u2]);
      expect(first.body.data.items[0]).to.deep.equal({
        discussionId: (await discussionOf(channel.id)).id,
        userId: u3,
        bannedByAdminId: ADMIN_ID,
        reason: 'third',
        createdAt: clock.now.toISOString(),
      });
      expect(first.body.data).to.deep.include({ limit: 2, has_more: true, count: 2 });
      const next = first.body.data.cursor.next_cursor;
      expect(next).to.be.a('string');
      const second = await get(channel.id, 'bans', `?limit=2&cursor=${encodeURIComponent(next)}`).expect(200);
      expect(second.body.data).to.deep.include({ cursor: {}, has_more: false, count: 1 });
      expect(second.body.data.items.map((b: { userId: string }) => b.userId)).to.deep.equal([u1]);
      // A cursor is bound to its list.
      expect((await get(channel.id, 'mutes', `?cursor=${encodeURIComponent(next)}`).expect(422)).body.errorCode).to.equal('UNPROCESSABLE');
      expect((await get(channel.id, 'bans', '?cursor=forged').expect(422)).body.errorCode).to.equal('UNPROCESSABLE');
      expect((await get(channel.id, 'bans', '?sort=createdAt').expect(422)).body.errorCode).to.equal('UNPROCESSABLE');
    });

    it('unbans (removed, one unban entry with the reason); unbanning again answers removed false and records nothing', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const userId = await user();
      await ban(channel.id, { user_id: userId }).expect(201);
      const res = await unban(channel.id, userId.toUpperCase(), { reason: 'appeal accepted' }).expect(200);
      expect(res.body).to.deep.equal({ message: 'User unbanned', data: { discussionId, userId, removed: true } });
      expect(await DiscussionBanModel.count({ where: { discussionId } })).to.equal(0);
      const again = await unban(channel.id, userId, { reason: null }).expect(200);
      expect(again.body).to.deep.equal({ message: 'User was not banned', data: { discussionId, userId, removed: false } });
      // A user never banned (or not a user at all) is the same no-op.
      await unban(channel.id, randomUUID()).expect(200);
      expect((await actionsOf(discussionId)).map((a) => [a.action, a.userId, a.reason])).to.deep.equal([
        ['ban', userId, null],
        ['unban', userId, 'appeal accepted'],
      ]);
      expect((await unban(channel.id, userId, { reason: '' }).expect(422)).body.errorCode).to.equal('UNPROCESSABLE');
    });
  });

  describe('mutes', () => {
    it('mutes until a future time (201, a mute entry with its end); muting again replaces the mute whole (200, another entry)', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const userId = await user();
      const setAt = clock.now.toISOString();
      const until = later(3600);
      const first = await mute(channel.id, { user_id: userId, muted_until: until.toISOString(), reason: 'cool down' }).expect(201);
      expect(first.body).to.deep.equal({
        message: 'User muted in the discussion',
        data: { discussionId, userId, mutedUntil: until.toISOString(), mutedByAdminId: ADMIN_ID, reason: 'cool down', createdAt: setAt, updatedAt: setAt },
      });
      tick(60);
      const shorter = later(600);
      const second = await mute(channel.id, { user_id: userId, muted_until: shorter.toISOString().replace('Z', '+00:00') }, otherAdmin).expect(200);
      expect(second.body).to.deep.equal({
        message: 'Mute replaced',
        data: { discussionId, userId, mutedUntil: shorter.toISOString(), mutedByAdminId: OTHER_ADMIN_ID, reason: null, createdAt: setAt, updatedAt: clock.now.toISOString() },
      });
      const row = await DiscussionMuteModel.findOne({ where: { discussionId, userId } });
      expect(row?.mutedUntil.toISOString()).to.equal(shorter.toISOString());
      expect((await actionsOf(discussionId)).map((a) => [a.action, a.adminId, a.userId, (a.mutedUntil as Date).toISOString(), a.reason])).to.deep.equal([
        ['mute', ADMIN_ID, userId, until.toISOString(), 'cool down'],
        ['mute', OTHER_ADMIN_ID, userId, shorter.toISOString(), null],
      ]);
    });

    it('treats a mute past its end as none: muting again is a new mute (201, createdAt now)', async () => {
      const channel = await createChannel();
      const userId = await user();
      await mute(channel.id, { user_id: userId, muted_until: later(30).toISOString() }).expect(201);
      tick(31);
      const res = await mute(channel.id, { user_id: userId, muted_until: later(30).toISOString() }).expect(201);
      expect(res.body.data.createdAt).to.equal(clock.now.toISOString());
    });

    for (const [name, until] of [
      ['now (by the app clock)', () => clock.now.toISOString()],
      ['a past time', () => later(-1).toISOString()],
      ['a real-world "tomorrow" that the app clock has passed', () => new Date(Date.now() + 86_400_000).toISOString()],
      ['text that is not RFC 3339', () => 'tomorrow'],
      ['a date-time without a zone', () => '2031-03-01T12:00:00'],
      ['a number', () => later(60).getTime()],
    ] as Array<[string, () => unknown]>) {
      it(`refuses muted_until as ${name} with 422 naming it, writing nothing`, async () => {
        const channel = await createChannel();
        const { id: discussionId } = await discussionOf(channel.id);
        const res = await mute(channel.id, { user_id: await user(), muted_until: until() }).expect(422);
        expect(res.body.errorCode).to.equal('UNPROCESSABLE');
        expect(res.body.errors.map((e: { field: string }) => e.field)).to.include('muted_until');
        expect(await moderationRows(discussionId)).to.deep.equal({ bans: 0, mutes: 0, actions: 0 });
      });
    }

    it('refuses an unknown user (422 naming user_id), a missing muted_until (422) and a soft-deleted channel (422), writing nothing', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const unknown = await mute(channel.id, { user_id: randomUUID(), muted_until: later(60).toISOString() }).expect(422);
      expect([unknown.body.errorCode, unknown.body.errors.map((e: { field: string }) => e.field)]).to.deep.equal(['UNPROCESSABLE', ['user_id']]);
      expect((await mute(channel.id, { user_id: await user() }).expect(422)).body.errorCode).to.equal('UNPROCESSABLE');
      expect(await moderationRows(discussionId)).to.deep.equal({ bans: 0, mutes: 0, actions: 0 });
      const gone = await createChannel({ status: 'soft_deleted' });
      const res = await mute(gone.id, { user_id: await user(), muted_until: later(60).toISOString() }).expect(422);
      expect(res.body.errorCode).to.equal('CHANNEL_SOFT_DELETED');
      expect(await moderationRows((await discussionOf(gone.id)).id)).to.deep.equal({ bans: 0, mutes: 0, actions: 0 });
    });

    it('keeps one mute when mutes of one user race, with an entry for each: one 201, the rest replace it', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const userId = await user();
      const results = await Promise.all([1, 2, 3, 4].map((hours) => mute(channel.id, { user_id: userId, muted_until: later(hours * 3600).toISOString() })));
      expect(results.map((res) => res.status).sort()).to.deep.equal([200, 200, 200, 201]);
      expect(await moderationRows(discussionId)).to.deep.equal({ bans: 0, mutes: 1, actions: 4 });
      // The mute in force is the one whose entry was recorded last.
      const last = (await actionsOf(discussionId)).at(-1);
      const row = await DiscussionMuteModel.findOne({ where: { discussionId, userId } });
      expect(row?.mutedUntil.toISOString()).to.equal((last?.mutedUntil as Date).toISOString());
    });

    it('lists the mutes in force, the most recently set first; a mute past its end is not listed', async () => {
      const channel = await createChannel();
      const [u1, u2, u3] = [await user(), await user(), await user()];
      await mute(channel.id, { user_id: u1, muted_until: later(600).toISOString() }).expect(201);
      tick(1);
      await mute(channel.id, { user_id: u2, muted_until: later(7200).toISOString() }).expect(201);
      tick(1);
      await mute(channel.id, { user_id: u3, muted_until: later(7200).toISOString() }).expect(201);
      const all = await get(channel.id, 'mutes').expect(200);
      expect(all.body.data.items.map((m: { userId: string }) => m.userId)).to.deep.equal([u3, u2, u1]);
      const page = await get(channel.id, 'mutes', '?limit=1').expect(200);
      expect(page.body.data).to.deep.include({ has_more: true, count: 1 });
      const rest = await get(channel.id, 'mutes', `?limit=5&cursor=${encodeURIComponent(page.body.data.cursor.next_cursor)}`).expect(200);
      expect(rest.body.data.items.map((m: { userId: string }) => m.userId)).to.deep.equal([u2, u1]);
      tick(600);
      const current = await get(channel.id, 'mutes').expect(200);
      expect(current.body.data.items.map((m: { userId: string }) => m.userId)).to.deep.equal([u3, u2]);
    });

    it('unmutes a running mute (removed, an unmute entry); a missing or ended mute answers removed false and records nothing', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const [userId, ended] = [await user(), await user()];
      await mute(channel.id, { user_id: userId, muted_until: later(3600).toISOString() }).expect(201);
      await mute(channel.id, { user_id: ended, muted_until: later(10).toISOString() }).expect(201);
      tick(11);
      const res = await unmute(channel.id, userId, { reason: 'apologised' }).expect(200);
      expect(res.body).to.deep.equal({ message: 'User unmuted', data: { discussionId, userId, removed: true } });
      expect((await unmute(channel.id, userId).expect(200)).body.data.removed).to.equal(false);
      expect((await unmute(channel.id, ended).expect(200)).body).to.deep.equal({ message: 'User was not muted', data: { discussionId, userId: ended, removed: false } });
      expect(await DiscussionMuteModel.count({ where: { discussionId } })).to.equal(0);
      expect((await actionsOf(discussionId)).map((a) => [a.action, a.userId, a.reason])).to.deep.equal([
        ['mute', userId, null],
        ['mute', ended, null],
        ['unmute', userId, 'apologised'],
      ]);
    });
  });

  describe('moderation log', () => {
    it('records who did what to whom, which message, until when, why and when, newest first, in pages by before_id', async () => {
      const channel = await createChannel();
      const { id: discussionId } = await discussionOf(channel.id);
      const [alice, bob] = [await user(), await user()];
      const aliceMessage = await createDiscussionMessage(discussionId, { userId: alice, body: 'spam' });
      const bobMessage = await createDiscussionMessage(discussionId, { userId: bob, body: 'rude' });
      const times: string[] = [];
      const at = () => times.push(tick(1).toISOString());

      at();
      await ban(channel.id, { user_id: alice, reason: 'spam' }).expect(201);
      at();
      const until = later(3600).toISOString();
      await mute(channel.id, { user_id: bob, muted_until: until, reason: 'rude' }, otherAdmin).expect(201);
      at();
      await api.http.patch(`/api/admin/discussion-messages/${bobMessage.id}`).set('Authorization', admin).send({ body: '[edited]', reason: 'tone' }).expect(200);
      at();
      await api.http.delete(`/api/admin/discussion-messages/${aliceMessage.id}`).set('Authorization', otherAdmin).send({ reason: 'spam link' }).expect(200);
      at();
      await unmute(channel.id, bob).expect(200);
      at();
      await unban(channel.id, alice, { reason: 'appeal' }).expect(200);
      // Refused or no-op acts add nothing.
      await ban(channel.id, { user_id: randomUUID() }).expect(422);
      await unban(channel.id, alice).expect(200);
      await api.http.delete(`/api/admin/discussion-messages/${aliceMessage.id}`).set('Authorization', admin).expect(200);

      const ids = (await actionsOf(discussionId)).map((a) => String(a.id));
      expect(ids).to.have.length(6);
      const expected = [
        { action: 'ban', adminId: ADMIN_ID, userId: alice, messageId: null, mutedUntil: null, reason: 'spam' },
        { action: 'mute', adminId: OTHER_ADMIN_ID, userId: bob, messageId: null, mutedUntil: until, reason: 'rude' },
        { action: 'message_edit', adminId: ADMIN_ID, userId: bob, messageId: String(bobMessage.id), mutedUntil: null, reason: 'tone' },
        { action: 'message_delete', adminId: OTHER_ADMIN_ID, userId: alice, messageId: String(aliceMessage.id), mutedUntil: null, reason: 'spam link' },
        { action: 'unmute', adminId: ADMIN_ID, userId: bob, messageId: null, mutedUntil: null, reason: null },
        { action: 'unban', adminId: ADMIN_ID, userId: alice, messageId: null, mutedUntil: null, reason: 'appeal' },
      ].map((entry, n) => ({ id: ids[n], discussionId, ...entry, changes: null, createdAt: times[n] }));

      const first = await get(channel.id, 'moderation-actions', '?limit=4').expect(200);
      expect(first.body.data.items).to.deep.equal([...expected].reverse().slice(0, 4));
      expect(first.body.data).to.deep.include({ limit: 4, has_more: true, count: 4, cursor: { next_after_id: ids[5], next_before_id: ids[2] } });
      const second = await get(channel.id, 'moderation-actions', `?limit=4&before_id=${ids[2]}`).expect(200);
      expect(second.body.data.items).to.deep.equal([expected[1], expected[0]]);
      expect(second.body.data).to.deep.include({ has_more: false, cursor: {} });
    });

    it('lists only its own discussion’s entries, and refuses a bad page with 422 and an unknown channel with 404', async () => {
      const [channel, other] = [await createChannel(), await createChannel()];
      await ban(other.id, { user_id: await user() }).expect(201);
      expect((await get(channel.id, 'moderation-actions').expect(200)).body.data).to.deep.equal({ items: [], cursor: {}, limit: 20, has_more: false, count: 0 });
      for (const query of ['?after_id=1', '?before_id=x', '?limit=101']) {
        expect((await get(channel.id, 'moderation-actions', query).expect(422)).body.errorCode, query).to.equal('UNPROCESSABLE');
      }
      for (const what of ['moderation-actions', 'bans', 'mutes']) {
        expect((await get(999999999, what).expect(404)).body.errorCode, what).to.equal('CHANNEL_NOT_FOUND');
      }
    });
  });
});
