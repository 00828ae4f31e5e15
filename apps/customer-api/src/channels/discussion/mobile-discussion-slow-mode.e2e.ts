import { expect } from 'chai';
import { DiscussionMessageModel } from '@platform/db';
import {
  buildTestApp,
  captureRealtime,
  createChannel,
  createCustomer,
  discussionOf,
  eventually,
  RealtimeCapture,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { controllableClock, discussionRoutes, eventSeqOf, messageEvents } from './mobile-discussion.test-helper';

/**
 * Slow mode (community-content-uploads.md "Channels, mobile" rule 5; issue 23): one user-authored
 * message per slowModeIntervalSeconds per (discussion, user), refused with 429 RATE_LIMIT_EXCEEDED
 * and Retry-After, on the app's clock; under concurrency exactly one of a burst gets through.
 */
describe('Mobile discussion: slow mode (customer-api)', () => {
  let api: TestApp;
  let routes: ReturnType<typeof discussionRoutes>;
  let clock: ReturnType<typeof controllableClock>;
  let capture: RealtimeCapture;
  let person: TestCustomer;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    clock = controllableClock(api);
    routes = discussionRoutes(api);
    capture = await captureRealtime();
  });

  after(async () => {
    await capture.close();
  });

  beforeEach(async () => {
    clock.reset();
    person = await createCustomer(api.app.container);
  });

  const slowChannel = async (intervalSeconds = 30) => {
    const channel = await createChannel();
    const discussion = await discussionOf(channel.id, { slowModeEnabled: true, slowModeIntervalSeconds: intervalSeconds });
    return { channel, discussion };
  };
  const count = (discussionId: number) => DiscussionMessageModel.count({ where: { discussionId } });

  it('refuses a second message inside the interval with 429 and Retry-After (seconds left, rounded up), and takes it at the interval', async () => {
    const { channel, discussion } = await slowChannel(30);
    await routes.post(person, channel.id, { body: 'first' }).expect(201);
    clock.advance(10.2);
    const early = await routes.post(person, channel.id, { body: 'too soon' });
    expect([early.status, early.body.errorCode]).to.deep.equal([429, 'RATE_LIMIT_EXCEEDED']);
    expect(early.headers['retry-after']).to.equal('20');
    clock.advance(18.8);
    const late = await routes.post(person, channel.id, { body: 'still too soon' });
    expect([late.status, late.headers['retry-after']]).to.deep.equal([429, '1']);
    expect(Number(late.headers['retry-after'])).to.be.within(1, 30);
    expect(await count(discussion.id)).to.equal(1);
    expect(await eventSeqOf(api, discussion.id)).to.equal(1);
    // 30 s after the first message (the refusals moved nothing): accepted, and the interval starts again.
    clock.advance(1);
    await routes.post(person, channel.id, { body: 'second' }).expect(201);
    clock.advance(29);
    expect((await routes.post(person, channel.id, { body: 'third' })).status).to.equal(429);
    clock.advance(1);
    await routes.post(person, channel.id, { body: 'third' }).expect(201);
    expect(await count(discussion.id)).to.equal(3);
    await eventually(async () => messageEvents(capture, discussion).length >= 3);
    expect(messageEvents(capture, discussion).map((event) => [event.event, event.seq])).to.deep.equal([
      ['message.created', 1],
      ['message.created', 2],
      ['message.created', 3],
    ]);
  });

  it('counts per user and per discussion', async () => {
    const { channel } = await slowChannel(30);
    const { channel: other } = await slowChannel(30);
    await routes.post(person, channel.id, { body: 'mine' }).expect(201);
    await routes.post(await createCustomer(api.app.container), channel.id, { body: 'someone else' }).expect(201);
    await routes.post(person, other.id, { body: 'another discussion' }).expect(201);
    expect((await routes.post(person, channel.id, { body: 'again' })).status).to.equal(429);
  });

  it('does not limit without slow mode, and counts from the last message when an admin turns it on', async () => {
    const channel = await createChannel();
    for (const body of ['one', 'two', 'three']) await routes.post(person, channel.id, { body }).expect(201);
    clock.advance(5);
    await discussionOf(channel.id, { slowModeEnabled: true, slowModeIntervalSeconds: 30 });
    const res = await routes.post(person, channel.id, { body: 'four' });
    expect([res.status, res.headers['retry-after']]).to.deep.equal([429, '25']);
  });

  it('lets exactly one of 10 concurrent posts of one user through, the other nine 429 with nothing written or sent', async () => {
    const { channel, discussion } = await slowChannel(60);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => routes.post(person, channel.id, { body: `burst ${n}` })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).to.deep.equal([201, ...Array(9).fill(429)]);
    for (const res of answers.filter((answer) => answer.status === 429)) {
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    }
    expect(await count(discussion.id)).to.equal(1);
    expect(await eventSeqOf(api, discussion.id)).to.equal(1);
    const created = answers.find((res) => res.status === 201);
    await eventually(async () => messageEvents(capture, discussion).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(messageEvents(capture, discussion)).to.deep.equal([{ event: 'message.created', id: created?.body.data.id, seq: 1 }]);
  });

  it('lets concurrent posts of different users through, numbered one by one', async () => {
    const { channel, discussion } = await slowChannel(60);
    const people = await Promise.all(Array.from({ length: 5 }, () => createCustomer(api.app.container)));
    const answers = await Promise.all(people.map((someone, n) => routes.post(someone, channel.id, { body: `hello ${n}` })));
    expect(answers.map((res) => res.status)).to.deep.equal(Array(5).fill(201));
    await eventually(async () => messageEvents(capture, discussion).length >= 5);
    const events = messageEvents(capture, discussion);
    expect(events.map((event) => event.seq).sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5]);
    // seq follows commit order, which the discussion lock makes the id order.
    expect([...events].sort((a, b) => a.seq - b.seq).map((event) => event.id)).to.deep.equal(events.map((event) => event.id).sort((a, b) => Number(a) - Number(b)));
  });
});
