import { expect } from 'chai';
import { EntitlementService } from '@platform/domain';
import {
  adminToken,
  banFromDiscussion,
  createChannel,
  createCustomer,
  createDiscussionMessage,
  createSubscription,
  discussionOf,
  invalidTokenCases,
  refusedTokenCode,
} from '@platform/testing';
import { daysAgo, gatedChannel, grant, joined } from '../reads/channel-reads.test-helper';
import { Caller, DAY, useMobileDiscussionSuite } from './mobile-discussion.test-helper';

const FULL_KEYS = [
  'id', 'discussionId', 'authorType', 'authorUserId', 'authorAdminId', 'body', 'isDeleted', 'deletedAt', 'deletedByAdminId',
  'editedAt', 'editedByUserId', 'editedByAdminId', 'createdAt', 'updatedAt',
];
const COMPACT_KEYS = ['id', 'authorType', 'authorUserId', 'authorAdminId', 'body', 'isDeleted', 'createdAt'];

/**
 * GET /api/mobile/channels/{id}/discussion and .../discussion/messages (community-content-uploads.md
 * "Discussion and messages", "Channels, mobile" rules 2 and 4; issue 23): who reads, what, in which order.
 */
describe('Mobile discussion: reads and access (customer-api)', () => {
  const suite = useMobileDiscussionSuite();

  /** Both read routes' answers for `caller`: 200, or "status errorCode". */
  const outcomes = async (caller: Caller, channelId: number | string) => {
    const answers = [await suite.routes.discussion(caller, channelId), await suite.routes.messages(caller, channelId)];
    return answers.map((res) => (res.status === 200 ? 200 : `${res.status} ${res.body.errorCode}`));
  };
  const ids = (res: { body: { data: { items: Array<{ id: string }> } } }) => res.body.data.items.map((item) => item.id);

  it('answers the Discussion fields, exactly, to a member of an open channel', async () => {
    const channel = await createChannel();
    const discussion = await (await discussionOf(channel.id, { slowModeEnabled: true, slowModeIntervalSeconds: 45 })).update({ title: 'Ask the desk' });
    const res = await suite.routes.discussion(suite.person, channel.id).expect(200);
    expect(res.body.data).to.have.all.keys(
      'id', 'channelId', 'title', 'isEnabled', 'requiredFeatureKey', 'slowModeEnabled', 'slowModeIntervalSeconds', 'createdByAdminId', 'createdAt', 'updatedAt',
    );
    expect(res.body.data).to.deep.include({
      id: discussion.id, channelId: channel.id, title: 'Ask the desk', isEnabled: true, requiredFeatureKey: null,
      slowModeEnabled: true, slowModeIntervalSeconds: 45, createdByAdminId: 'test-admin',
    });
  });

  it('answers a disabled discussion and an archived channel\'s discussion: reading stays open', async () => {
    const closed = await createChannel();
    await discussionOf(closed.id, { isEnabled: false });
    await createDiscussionMessage((await discussionOf(closed.id)).id, { userId: suite.person.id });
    expect((await suite.routes.discussion(suite.person, closed.id).expect(200)).body.data.isEnabled).to.equal(false);
    expect((await suite.routes.messages(suite.person, closed.id).expect(200)).body.data.count).to.equal(1);
    const archived = await createChannel({ status: 'archived' });
    expect(await outcomes(suite.person, archived.id)).to.deep.equal([200, 200]);
  });

  it('is 404 CHANNEL_NOT_FOUND for an unknown, a soft-deleted, or an unseeable PRIVATE channel; 400 for an id that is not a positive integer', async () => {
    const deleted = await createChannel({ status: 'soft_deleted' });
    const hidden = await gatedChannel({ visibility: 'PRIVATE' });
    for (const id of [2_000_000_000, deleted.id, hidden.channel.id]) {
      expect(await outcomes(suite.person, id), String(id)).to.deep.equal(['404 CHANNEL_NOT_FOUND', '404 CHANNEL_NOT_FOUND']);
    }
    for (const id of ['abc', '0', '01', '1.5']) {
      expect(await outcomes(suite.person, id), id).to.deep.equal(['400 VALIDATION_ERROR', '400 VALIDATION_ERROR']);
    }
  });

  it('gated channel: the holder reads; a non-holder, a joined non-holder and a member in the push grace window get 403', async () => {
    const { channel, catalog } = await gatedChannel();
    const [holder, joinedStranger, graceMember] = [suite.person, await createCustomer(suite.api.app.container), await createCustomer(suite.api.app.container)];
    await grant(suite.api, holder.id, catalog, daysAgo(1), new Date(Date.now() + 29 * DAY));
    await joined(channel.id, joinedStranger.id);
    await grant(suite.api, graceMember.id, catalog, daysAgo(30), daysAgo(1));
    await joined(channel.id, graceMember.id);
    const denied = ['403 CHANNEL_DISCUSSION_ACCESS_DENIED', '403 CHANNEL_DISCUSSION_ACCESS_DENIED'];
    expect(await outcomes(holder, channel.id)).to.deep.equal([200, 200]);
    expect(await outcomes(await createCustomer(suite.api.app.container), channel.id)).to.deep.equal(denied);
    expect(await outcomes(joinedStranger, channel.id)).to.deep.equal(denied);
    expect(await outcomes(graceMember, channel.id)).to.deep.equal(denied);
  });

  it('enforces the discussion\'s requiredFeatureKey on top of channel access', async () => {
    const open = await createChannel();
    const { channel: gated, catalog } = await gatedChannel();
    await discussionOf(open.id, { requiredFeatureKey: catalog.basicKey });
    await discussionOf(gated.id, { requiredFeatureKey: catalog.premiumKey });
    // A premium plan holds its parent basic tier's features too: the channel's key and the discussion's.
    const [basic, premium] = [suite.person, await createCustomer(suite.api.app.container)];
    await grant(suite.api, basic.id, catalog, daysAgo(1), new Date(Date.now() + 29 * DAY));
    await createSubscription(premium.id, { planId: catalog.premium.plan.id, moduleId: catalog.module.id }, { startsAt: daysAgo(1), endsAt: new Date(Date.now() + 29 * DAY) });
    await suite.api.app.container.get(EntitlementService).invalidate(premium.id);
    const denied = ['403 CHANNEL_DISCUSSION_ACCESS_DENIED', '403 CHANNEL_DISCUSSION_ACCESS_DENIED'];
    expect(await outcomes(await createCustomer(suite.api.app.container), open.id)).to.deep.equal(denied);
    expect(await outcomes(basic, open.id)).to.deep.equal([200, 200]);
    expect(await outcomes(basic, gated.id)).to.deep.equal(denied);
    expect(await outcomes(premium, gated.id)).to.deep.equal([200, 200]);
  });

  it('lists messages newest first with tombstones (body null), pages by before_id and ends with an empty cursor', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const other = await discussionOf((await createChannel()).id);
    const made = [
      await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'one' }),
      await createDiscussionMessage(discussion.id, { adminId: 'desk-admin', body: 'two' }),
      await createDiscussionMessage(other.id, { userId: suite.person.id, body: 'elsewhere' }),
      await createDiscussionMessage(discussion.id, { userId: suite.person.id, deleted: true }),
      await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'four' }),
      await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'five' }),
    ].map((message) => String(message.id));
    const [one, two, , three, four, five] = made;
    const first = await suite.routes.messages(suite.person, channel.id, { limit: '2' }).expect(200);
    expect(first.body.data).to.deep.include({ cursor: { next_after_id: five, next_before_id: four }, limit: 2, has_more: true, count: 2 });
    expect(ids(first)).to.deep.equal([five, four]);
    const second = await suite.routes.messages(suite.person, channel.id, { limit: '2', before_id: four }).expect(200);
    expect(ids(second)).to.deep.equal([three, two]);
    expect(second.body.data.cursor).to.deep.equal({ next_after_id: three, next_before_id: two });
    const last = await suite.routes.messages(suite.person, channel.id, { limit: '2', before_id: two }).expect(200);
    expect(last.body.data).to.deep.include({ cursor: {}, has_more: false, count: 1 });
    expect(ids(last)).to.deep.equal([one]);

    const all = (await suite.routes.messages(suite.person, channel.id).expect(200)).body.data;
    expect(all).to.deep.include({ limit: 20, has_more: false, count: 5, cursor: {} });
    for (const item of all.items) expect(item).to.have.all.keys(...FULL_KEYS);
    const byId = Object.fromEntries(all.items.map((item: { id: string }) => [item.id, item]));
    expect(byId[three]).to.deep.include({ isDeleted: true, body: null, authorType: 'USER', authorUserId: suite.person.id });
    expect(byId[two]).to.deep.include({ authorType: 'ADMIN', authorAdminId: 'desk-admin', authorUserId: null, body: 'two' });
    expect(byId[five]).to.deep.include({ discussionId: discussion.id, body: 'five', isDeleted: false, editedAt: null });
  });

  it('pages by after_id ascending from after_id=0, tombstones included, with the post lists\' cursor (rule 2)', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const other = await discussionOf((await createChannel()).id);
    const made = [
      await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'one' }),
      await createDiscussionMessage(other.id, { userId: suite.person.id, body: 'elsewhere' }),
      await createDiscussionMessage(discussion.id, { userId: suite.person.id, deleted: true }),
      await createDiscussionMessage(discussion.id, { adminId: 'desk-admin', body: 'three' }),
    ].map((message) => String(message.id));
    const [one, , two, three] = made;
    const first = await suite.routes.messages(suite.person, channel.id, { after_id: '0', limit: '2' }).expect(200);
    expect(ids(first)).to.deep.equal([one, two]);
    expect(first.body.data).to.deep.include({ cursor: { next_after_id: two, next_before_id: one }, limit: 2, has_more: true, count: 2 });
    expect(first.body.data.items[1]).to.deep.include({ id: two, isDeleted: true, body: null });
    const next = await suite.routes.messages(suite.person, channel.id, { after_id: first.body.data.cursor.next_after_id, limit: '2' }).expect(200);
    expect(ids(next)).to.deep.equal([three]);
    expect(next.body.data).to.deep.include({ cursor: {}, has_more: false, count: 1 });
    for (const pastNewest of [three, '9000000000000']) {
      const empty = await suite.routes.messages(suite.person, channel.id, { after_id: pastNewest }).expect(200);
      expect(empty.body.data, pastNewest).to.deep.equal({ items: [], cursor: {}, limit: 20, has_more: false, count: 0 });
    }
  });

  it('answers exactly the compact fields with view=compact, the full ones by default and with view=full', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const message = await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: 'short' });
    await createDiscussionMessage(discussion.id, { userId: suite.person.id, deleted: true });
    const compact = (await suite.routes.messages(suite.person, channel.id, { view: 'compact' }).expect(200)).body.data.items;
    for (const item of compact) expect(item).to.have.all.keys(...COMPACT_KEYS);
    expect(compact[1]).to.deep.equal({
      id: String(message.id), authorType: 'USER', authorUserId: suite.person.id, authorAdminId: null, body: 'short', isDeleted: false,
      createdAt: message.createdAt.toISOString(),
    });
    expect(compact[0]).to.include({ isDeleted: true, body: null });
    const full = (await suite.routes.messages(suite.person, channel.id, { view: 'full' }).expect(200)).body.data.items;
    expect(full[1]).to.have.all.keys(...FULL_KEYS);
  });

  it('pages through more than a page: default limit 20, limit 100 accepted', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    for (let n = 0; n < 21; n++) await createDiscussionMessage(discussion.id, { userId: suite.person.id, body: `m${n}` });
    expect((await suite.routes.messages(suite.person, channel.id).expect(200)).body.data).to.deep.include({ limit: 20, count: 20, has_more: true });
    expect((await suite.routes.messages(suite.person, channel.id, { limit: '100' }).expect(200)).body.data).to.deep.include({ limit: 100, count: 21, has_more: false });
    expect((await suite.routes.messages(suite.person, channel.id, { before_id: '0' }).expect(200)).body.data).to.deep.include({ count: 0, has_more: false });
  });

  it('refuses a malformed after_id or before_id, both at once, a limit outside 1-100 and an unknown view with 422 naming the parameter', async () => {
    const channel = await createChannel();
    const cases: Array<[Record<string, string | string[]>, string]> = [
      [{ after_id: 'abc' }, 'after_id'],
      [{ after_id: '-1' }, 'after_id'],
      [{ after_id: '1.5' }, 'after_id'],
      [{ before_id: 'abc' }, 'before_id'],
      [{ before_id: '-1' }, 'before_id'],
      [{ before_id: '1.5' }, 'before_id'],
      [{ before_id: '' }, 'before_id'],
      [{ before_id: '9223372036854775808' }, 'before_id'],
      [{ limit: '101' }, 'limit'],
      [{ limit: '0' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ view: 'tiny' }, 'view'],
      [{ view: 'FULL' }, 'view'],
      [{ view: ['full', 'compact'] }, 'view'],
    ];
    for (const [query, field] of cases) {
      const res = await suite.routes.messages(suite.person, channel.id, query);
      expect([res.status, res.body.errorCode], JSON.stringify(query)).to.deep.equal([422, 'UNPROCESSABLE']);
      expect(res.body.errors.map((problem: { field: string }) => problem.field), JSON.stringify(query)).to.include(field);
    }
    const both = await suite.routes.messages(suite.person, channel.id, { after_id: '1', before_id: '5' }).expect(422);
    expect(both.body).to.deep.include({ errorCode: 'UNPROCESSABLE', message: 'Give after_id or before_id, not both' });
  });

  it('needs a customer token on all five routes: none or an invalid one is 401, an admin token 403 FORBIDDEN', async () => {
    const channel = await createChannel();
    const message = await createDiscussionMessage((await discussionOf(channel.id)).id, { userId: suite.person.id });
    const calls = (caller: Caller) => [
      suite.routes.discussion(caller, channel.id),
      suite.routes.messages(caller, channel.id),
      suite.routes.post(caller, channel.id, { body: 'hello' }),
      suite.routes.edit(caller, String(message.id), { body: 'hello' }),
      suite.routes.remove(caller, String(message.id)),
    ];
    for (const [label, header] of invalidTokenCases('customer', suite.person.id)) {
      for (const [index, res] of (await Promise.all(calls(header))).entries()) {
        expect([res.status, res.body.errorCode], `${label}, route ${index}`).to.deep.equal([401, refusedTokenCode(label)]);
      }
    }
    for (const [index, res] of (await Promise.all(calls(`Bearer ${adminToken(suite.api.app.container, ['*'])}`))).entries()) {
      expect([res.status, res.body.errorCode], `route ${index}`).to.deep.equal([403, 'FORBIDDEN']);
    }
    const unchanged = (await suite.routes.messages(suite.person, channel.id).expect(200)).body.data.items;
    expect(unchanged.map((item: { id: string; isDeleted: boolean }) => [item.id, item.isDeleted])).to.deep.equal([[String(message.id), false]]);
  });

  it('shuts a banned user out of the discussion: both reads are 403 CHANNEL_DISCUSSION_BANNED, others still read', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    await banFromDiscussion(discussion.id, suite.person.id);
    expect(await outcomes(suite.person, channel.id)).to.deep.equal(['403 CHANNEL_DISCUSSION_BANNED', '403 CHANNEL_DISCUSSION_BANNED']);
    expect(await outcomes(await createCustomer(suite.api.app.container), channel.id)).to.deep.equal([200, 200]);
  });
});
