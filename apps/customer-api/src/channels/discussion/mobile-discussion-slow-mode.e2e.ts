import { expect } from 'chai';
import { DiscussionMessageModel } from '@platform/db';
import { createChannel, createCustomer, discussionOf, eventually } from '@platform/testing';
import { eventSeqOf, messageEvents, useMobileDiscussionSuite } from './mobile-discussion.test-helper';

/**
 * Slow mode (community-content-uploads.md "Channels, mobile" rule 5; issue 23): one user-authored
 * message per slowModeIntervalSeconds per (discussion, user), refused with 429 RATE_LIMIT_EXCEEDED
 * and Retry-After, on the app's clock; under concurrency exactly one of a burst gets through.
 */
describe('Mobile discussion: slow mode (customer-api)', () => {
  const suite = useMobileDiscussionSuite({ clock: true, realtime: true });

  const slowChannel = async (intervalSeconds = 30) => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id, { slowModeEnabled: true, slowModeIntervalSeconds: intervalSeconds });
    return { channel, discussion };
  };
  const count = (discussionId: number) => DiscussionMessageModel.count({ where: { discussionId } });

  it('refuses a second message inside the interval with 429 and Retry-After (seconds left, rounded up), and takes it at the interval', async () => {
    const { channel, discussion } = await slowChannel(30);
    await suite.routes.post(suite.person, channel.id, { body: 'first' }).expect(201);
    suite.clock.advance(10.2);
    const early = await suite.routes.post(suite.person, channel.id, { body: 'too soon' });
    expect([early.status, early.body.errorCode]).to.deep.equal([429, 'RATE_LIMIT_EXCEEDED']);
    expect(early.headers['retry-after']).to.equal('20');
    suite.clock.advance(18.8);
    const late = await suite.routes.post(suite.person, channel.id, { body: 'still too soon' });
    expect([late.status, late.headers['retry-after']]).to.deep.equal([429, '1']);
    expect(Number(late.headers['retry-after'])).to.be.within(1, 30);
    expect(await count(discussion.id)).to.equal(1);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(1);
    // 30 s after the first message (the refusals moved nothing): accepted, and the interval starts again.
    suite.clock.advance(1);
    await suite.routes.post(suite.person, channel.id, { body: 'second' }).expect(201);
    suite.clock.advance(29);
    expect((await suite.routes.post(suite.person, channel.id, { body: 'third' })).status).to.equal(429);
    suite.clock.advance(1);
    await suite.routes.post(suite.person, channel.id, { body: 'third' }).expect(201);
    expect(await count(discussion.id)).to.equal(3);
    await eventually(async () => messageEvents(suite.capture, discussion).length >= 3);
    expect(messageEvents(suite.capture, discussion).map((event) => [event.event, event.seq])).to.deep.equal([
      ['message.created', 1],
      ['message.created', 2],
      ['message.created', 3],
    ]);
  });

  it('counts per user and per discussion', async () => {
    const { channel } = await slowChannel(30);
    const { channel: other } = await slowChannel(30);
    await suite.routes.post(suite.person, channel.id, { body: 'mine' }).expect(201);
    await suite.routes.post(await createCustomer(suite.api.app.container), channel.id, { body: 'someone else' }).expect(201);
    await suite.routes.post(suite.person, other.id, { body: 'another discussion' }).expect(201);
    expect((await suite.routes.post(suite.person, channel.id, { body: 'again' })).status).to.equal(429);
  });

  it('does not limit without slow mode, and counts from the last message when an admin turns it on', async () => {
    const channel = await createChannel();
    for (const body of ['one', 'two', 'three']) await suite.routes.post(suite.person, channel.id, { body }).expect(201);
    suite.clock.advance(5);
    await discussionOf(channel.id, { slowModeEnabled: true, slowModeIntervalSeconds: 30 });
    const res = await suite.routes.post(suite.person, channel.id, { body: 'four' });
    expect([res.status, res.headers['retry-after']]).to.deep.equal([429, '25']);
  });

  it('never moves the mark back without slow mode: a post stamped earlier (another clock) keeps the latest time', async () => {
    const channel = await createChannel();
    const latest = suite.clock.now();
    await suite.routes.post(suite.person, channel.id, { body: 'on a fast clock' }).expect(201);
    suite.clock.at(new Date(latest.getTime() - 60_000));
    await suite.routes.post(suite.person, channel.id, { body: 'on a slow clock' }).expect(201);
    await discussionOf(channel.id, { slowModeEnabled: true, slowModeIntervalSeconds: 30 });
    suite.clock.at(new Date(latest.getTime() + 10_000));
    const res = await suite.routes.post(suite.person, channel.id, { body: 'counted from the latest' });
    expect([res.status, res.headers['retry-after']]).to.deep.equal([429, '20']);
  });

  it('lets exactly one of 10 concurrent posts of one user through, the other nine 429 with nothing written or sent', async () => {
    const { channel, discussion } = await slowChannel(60);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => suite.routes.post(suite.person, channel.id, { body: `burst ${n}` })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).to.deep.equal([201, ...Array(9).fill(429)]);
    for (const res of answers.filter((answer) => answer.status === 429)) {
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    }
    expect(await count(discussion.id)).to.equal(1);
    expect(await eventSeqOf(suite.api, discussion.id)).to.equal(1);
    const created = answers.find((res) => res.status === 201);
    await eventually(async () => messageEvents(suite.capture, discussion).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(messageEvents(suite.capture, discussion)).to.deep.equal([{ event: 'message.created', id: created?.body.data.id, seq: 1 }]);
  });

  it('lets concurrent posts of different users through, numbered one by one', async () => {
    const { channel, discussion } = await slowChannel(60);
    const people = await Promise.all(Array.from({ length: 5 }, () => createCustomer(suite.api.app.container)));
    const answers = await Promise.all(people.map((someone, n) => suite.routes.post(someone, channel.id, { body: `hello ${n}` })));
    expect(answers.map((res) => res.status)).to.deep.equal(Array(5).fill(201));
    await eventually(async () => messageEvents(suite.capture, discussion).length >= 5);
    const events = messageEvents(suite.capture, discussion);
    expect(events.map((event) => event.seq).sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5]);
    // seq follows commit order, which the discussion lock makes the id order.
    expect([...events].sort((a, b) => a.seq - b.seq).map((event) => event.id)).to.deep.equal(events.map((event) => event.id).sort((a, b) => Number(a) - Number(b)));
  });
});
