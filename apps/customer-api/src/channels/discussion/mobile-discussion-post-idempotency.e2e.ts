import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { DiscussionMessageModel } from '@platform/db';
import { createChannel, createCustomer, discussionOf, eventually } from '@platform/testing';
import { eventSeqOf, messageEvents, refusal, useMobileDiscussionSuite } from './mobile-discussion.test-helper';

/**
 * A member's message post with an Idempotency-Key (issue 23's follow-up): a client retrying after a
 * timeout gets the first message back, and the discussion holds one message and one message.created.
 */
describe('Mobile discussion: posting with an Idempotency-Key (customer-api)', () => {
  const suite = useMobileDiscussionSuite({ clock: true, realtime: true });

  const post = (channelId: number, body: unknown, key: string) => suite.routes.post(suite.person, channelId, body).set('Idempotency-Key', key);
  const stored = (discussionId: number) => DiscussionMessageModel.findAll({ where: { discussionId }, order: [['id', 'ASC']], raw: true });

  it('answers a retry with the same key and body with the first message, posting and sending nothing more', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const key = randomUUID();
    const first = await post(channel.id, { body: 'Is the breakout real?' }, key).expect(201);
    // The same text, spaced differently, is the same request once trimmed.
    const again = await post(channel.id, { body: '  Is the breakout real?  ' }, key).expect(201);
    expect(again.body.data).to.deep.equal(first.body.data);
    expect((await stored(discussion.id)).map((row) => String(row.id))).to.deep.equal([first.body.data.id]);
    await eventually(async () => messageEvents(suite.capture, discussion).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(messageEvents(suite.capture, discussion)).to.deep.equal([{ event: 'message.created', id: first.body.data.id, seq: 1 }]);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(1);
  });

  it('refuses the key with another body (409 CHANNEL_IDEMPOTENCY_MISMATCH) or in another channel, writing nothing', async () => {
    const channel = await createChannel();
    const other = await createChannel();
    const discussion = await discussionOf(channel.id);
    const otherDiscussion = await discussionOf(other.id);
    const key = randomUUID();
    await post(channel.id, { body: 'first' }, key).expect(201);
    expect(refusal(await post(channel.id, { body: 'something else' }, key))).to.equal('409 CHANNEL_IDEMPOTENCY_MISMATCH');
    expect(refusal(await post(other.id, { body: 'first' }, key))).to.equal('409 CHANNEL_IDEMPOTENCY_MISMATCH');
    expect(await stored(discussion.id)).to.have.length(1);
    expect(await stored(otherDiscussion.id)).to.have.length(0);
  });

  it('keeps keys per user: another member posting with the same key gets their own message', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const key = randomUUID();
    const mine = await post(channel.id, { body: 'same words' }, key).expect(201);
    const someone = await createCustomer(suite.api.app.container);
    const theirs = await suite.routes.post(someone, channel.id, { body: 'same words' }).set('Idempotency-Key', key).expect(201);
    expect(theirs.body.data.id).to.not.equal(mine.body.data.id);
    expect(theirs.body.data.authorUserId).to.equal(someone.id);
    expect(await stored(discussion.id)).to.have.length(2);
  });

  it('refuses a malformed key with 400 VALIDATION_ERROR naming the header, writing nothing', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    for (const key of ['x'.repeat(256), 'with space', 'tab\there']) {
      const res = await post(channel.id, { body: 'hello' }, key);
      expect(refusal(res)).to.equal('400 VALIDATION_ERROR');
      expect(res.body.errors[0].field).to.equal('Idempotency-Key');
    }
    expect(await stored(discussion.id)).to.have.length(0);
  });

  it('replays past slow mode, and a post refused by slow mode frees its key for the retry that is allowed', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id, { slowModeEnabled: true, slowModeIntervalSeconds: 30 });
    const firstKey = randomUUID();
    const first = await post(channel.id, { body: 'first' }, firstKey).expect(201);
    suite.clock.advance(5);
    expect((await post(channel.id, { body: 'first' }, firstKey).expect(201)).body.data.id).to.equal(first.body.data.id);
    const secondKey = randomUUID();
    expect(refusal(await post(channel.id, { body: 'second' }, secondKey))).to.equal('429 RATE_LIMIT_EXCEEDED');
    suite.clock.advance(25);
    const second = await post(channel.id, { body: 'second' }, secondKey).expect(201);
    expect((await stored(discussion.id)).map((row) => String(row.id))).to.deep.equal([first.body.data.id, second.body.data.id]);
  });

  it('posts once when the same request is sent ten times at once: every answer is that message or 409 CONFLICT', async () => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(channel.id, { body: 'once' }, key)));
    const rows = await stored(discussion.id);
    expect(rows).to.have.length(1);
    for (const res of answers) {
      if (res.status === 201) expect(res.body.data.id).to.equal(String(rows[0].id));
      else expect(refusal(res)).to.equal('409 CONFLICT');
    }
    expect(answers.filter((res) => res.status === 201)).to.not.be.empty;
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(1);
  });
});
