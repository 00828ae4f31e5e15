import { expect } from 'chai';
import { ContentItemModel, ContentSeriesModel, NotificationDeliveryModel, NotificationEventModel } from '@platform/db';
import { QueueRegistry } from '@platform/queue';
import { adminToken, buildTestApp, createContentItem, createContentSeries, eventually, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

type Channel = 'email' | 'push';
const EVENT: Record<Channel, string> = { email: 'NEWSLETTER_EMAIL', push: 'NEWSLETTER_PUSH' };
const ZERO_COUNTS = { recipients: 0, sent: 0, skipped: 0, failed: 0, pending: 0 };

/**
 * Issue 24 "Admin" and "Delivery"; community-content-uploads.md "Events": send-email and send-push
 * record a published item's send once per channel (an outbox event whose dedupe key is the spec's
 * job id), queue `newsletter:{channel}:{id}` on the notifications queue after commit, and answer
 * the send's status with 202 every time, first or repeat.
 */
describe('Admin newsletter sends: send-email, send-push and deliveries (admin-api)', () => {
  let api: TestApp;
  let auth: string;
  let series: ContentSeriesModel;

  const send = (id: number | string, channel: Channel) =>
    api.http.post(`/api/admin/content-items/${id}/send-${channel}`).set('Authorization', auth);
  const deliveries = (id: number | string) => api.http.get(`/api/admin/content-items/${id}/deliveries`).set('Authorization', auth);
  const eventsOf = (item: { id: number }) => NotificationEventModel.findAll({ where: { contentItemId: item.id }, order: [['id', 'ASC']] });
  const queue = () => api.app.container.get(QueueRegistry).queue('notifications');
  /** Runs a waiting job to completion as a worker would (this app has none): the queue's waiting jobs are taken in order up to it. */
  async function complete(jobId: string): Promise<void> {
    for (let job = await queue().getNextJob(); job; job = await queue().getNextJob()) {
      await job.moveToCompleted('processed', false, true);
      if (String(job.id) === jobId) return;
    }
    throw new Error(`job ${jobId} was not waiting`);
  }

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, ['Content_UPDATE', 'Content_READ'])}`;
    series = await createContentSeries();
  });

  for (const channel of ['email', 'push'] as const) {
    describe(`POST .../send-${channel}`, () => {
      it('records the send of a published item and answers 202 queued with zero counts', async () => {
        const item = await createContentItem(series, { title: 'Banks rally', summary: 'Turnover doubled.' });
        const res = await send(item.id, channel).expect(202);
        const [event] = await eventsOf(item);
        expect(res.body).to.deep.equal({
          message: `Newsletter ${channel} send accepted`,
          data: {
            contentItemId: item.id,
            channel,
            jobId: `newsletter:${channel}:${item.id}`,
            status: 'queued',
            queuedAt: event.createdAt.toISOString(),
            finishedAt: null,
            counts: ZERO_COUNTS,
          },
        });
        expect([event.event, event.audience, event.dedupeKey, event.processedAt]).to.deep.equal([
          EVENT[channel],
          'content_readers',
          `newsletter:${channel}:${item.id}`,
          null,
        ]);
        expect(event.payload).to.deep.equal({ contentItemId: item.id, slug: item.slug, title: 'Banks rally', summary: 'Turnover doubled.' });
      });

      it(`queues the job newsletter:${channel}:{id} on the notifications queue after commit`, async () => {
        const item = await createContentItem(series);
        await send(item.id, channel).expect(202);
        const jobId = `newsletter:${channel}:${item.id}`;
        await eventually(async () => (await queue().getJob(jobId)) !== null);
        const [event] = await eventsOf(item);
        const job = await queue().getJob(jobId);
        expect([job?.name, job?.data]).to.deep.equal(['notification.deliver', { eventId: event.id }]);
        await eventually(async () => (await event.reload()).dispatchedAt !== null);
      });

      it('answers a repeat with the same status and records no second event', async () => {
        const item = await createContentItem(series);
        const first = await send(item.id, channel).expect(202);
        const second = await send(item.id, channel).expect(202);
        expect(second.body).to.deep.equal(first.body);
        expect(await eventsOf(item)).to.have.length(1);
      });

      for (const status of ['draft', 'scheduled', 'archived'] as const) {
        it(`refuses ${status === 'archived' ? 'an' : 'a'} ${status} item: 400 CONTENT_STATUS_INVALID naming the status, and records nothing`, async () => {
          const item = await createContentItem(series, { status });
          const res = await send(item.id, channel).expect(400);
          expect(res.body).to.deep.equal({
            message: `Only a published item can be sent by ${channel}; this item is ${status}`,
            errorCode: 'CONTENT_STATUS_INVALID',
          });
          expect(await eventsOf(item)).to.have.length(0);
          expect(await queue().getJob(`newsletter:${channel}:${item.id}`)).to.equal(null);
        });
      }

      it('answers 404 CONTENT_NOT_FOUND for an unknown item, and 400 VALIDATION_ERROR for an id that is not a positive integer', async () => {
        for (const id of ['2147483000', '99999999999']) {
          expect((await send(id, channel).expect(404)).body.errorCode, id).to.equal('CONTENT_NOT_FOUND');
        }
        for (const id of ['0', 'abc', '-1', '1.5']) {
          expect((await send(id, channel).expect(400)).body.errorCode, id).to.equal('VALIDATION_ERROR');
        }
      });
    });
  }

  it('keeps email and push apart: one event and one job each, every answer naming its own channel', async () => {
    const item = await createContentItem(series);
    const email = await send(item.id, 'email').expect(202);
    const push = await send(item.id, 'push').expect(202);
    expect([email.body.data.channel, email.body.data.jobId]).to.deep.equal(['email', `newsletter:email:${item.id}`]);
    expect([push.body.data.channel, push.body.data.jobId]).to.deep.equal(['push', `newsletter:push:${item.id}`]);
    expect((await eventsOf(item)).map((event) => event.event)).to.deep.equal(['NEWSLETTER_EMAIL', 'NEWSLETTER_PUSH']);
  });

  it('answers sending, then sent, with counts as the deliveries settle, for a repeat and for GET .../deliveries', async () => {
    const item = await createContentItem(series);
    const queued = await send(item.id, 'email').expect(202);
    const [event] = await eventsOf(item);
    // What the delivery job writes (its own tests run it): one row per reader, settled one by one.
    const row = (recipient: string, status: 'pending' | 'sent' | 'skipped' | 'failed') =>
      NotificationDeliveryModel.create({ eventId: event.id, channel: 'email', recipient, status, sentAt: status === 'sent' ? new Date() : null });
    await row('reader-1', 'sent');
    await row('reader-2', 'sent');
    await row('reader-3', 'skipped');
    await row('reader-4', 'failed');
    const last = await row('reader-5', 'pending');
    const sending = { ...queued.body.data, status: 'sending', counts: { recipients: 5, sent: 2, skipped: 1, failed: 1, pending: 1 } };
    expect((await send(item.id, 'email').expect(202)).body.data).to.deep.equal(sending);
    expect((await deliveries(item.id).expect(200)).body.data).to.deep.equal({ email: sending, push: null });

    await last.update({ status: 'sent', sentAt: new Date() });
    const processedAt = new Date();
    await event.update({ processedAt });
    const sent = {
      ...queued.body.data,
      status: 'sent',
      finishedAt: processedAt.toISOString(),
      counts: { recipients: 5, sent: 3, skipped: 1, failed: 1, pending: 0 },
    };
    expect((await send(item.id, 'email').expect(202)).body.data).to.deep.equal(sent);
    expect((await deliveries(item.id).expect(200)).body.data).to.deep.equal({ email: sent, push: null });
    expect(await eventsOf(item)).to.have.length(1);
  });

  it('answers a send with no reader, finished by the job, as sent with zero counts; a repeat re-arms it: queued again, its finished job replaced', async () => {
    const item = await createContentItem(series);
    await send(item.id, 'push').expect(202);
    const [event] = await eventsOf(item);
    const jobId = `newsletter:push:${item.id}`;
    await eventually(async () => (await event.reload()).dispatchedAt !== null);
    // What the job leaves for an item unpublished before it ran: the event processed without a delivery row, the job completed (and kept).
    await event.update({ processedAt: new Date() });
    await complete(jobId);
    expect(await (await queue().getJob(jobId))?.getState()).to.equal('completed');
    const finished = (await deliveries(item.id).expect(200)).body.data.push;
    expect(finished).to.include({ status: 'sent', finishedAt: event.processedAt?.toISOString() });
    expect(finished.counts).to.deep.equal(ZERO_COUNTS);

    const res = await send(item.id, 'push').expect(202);

    expect(res.body.data).to.include({ status: 'queued', finishedAt: null, jobId });
    expect(res.body.data.counts).to.deep.equal(ZERO_COUNTS);
    expect(await eventsOf(item)).to.have.length(1);
    await eventually(async () => (await (await queue().getJob(jobId))?.getState()) === 'waiting');
    expect((await queue().getJob(jobId))?.data).to.deep.equal({ eventId: event.id });
    await eventually(async () => (await event.reload()).dispatchedAt !== null);
    expect(event.processedAt).to.equal(null);
  });

  it('keeps a send final once it has delivery rows: a repeat answers sent and queues nothing', async () => {
    const item = await createContentItem(series);
    await send(item.id, 'email').expect(202);
    const [event] = await eventsOf(item);
    const jobId = `newsletter:email:${item.id}`;
    await eventually(async () => (await event.reload()).dispatchedAt !== null);
    await NotificationDeliveryModel.create({ eventId: event.id, channel: 'email', recipient: 'reader-1', status: 'skipped' });
    await event.update({ processedAt: new Date() });
    await complete(jobId);

    const res = await send(item.id, 'email').expect(202);

    expect(res.body.data).to.include({ status: 'sent', finishedAt: event.processedAt?.toISOString() });
    expect(await (await queue().getJob(jobId))?.getState()).to.equal('completed');
    expect((await event.reload()).processedAt).to.be.instanceOf(Date);
  });

  it('records one event and queues one job for 10 concurrent first sends, every answer the same', async () => {
    const item = await createContentItem(series);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(item.id, 'email')));
    expect(answers.map((res) => res.status)).to.deep.equal(Array(10).fill(202));
    for (const res of answers) expect(res.body).to.deep.equal(answers[0].body);
    expect(answers[0].body.data.status).to.equal('queued');
    const events = await eventsOf(item);
    expect(events).to.have.length(1);
    const jobId = `newsletter:email:${item.id}`;
    await eventually(async () => (await queue().getJob(jobId)) !== null);
    const jobs = (await queue().getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter((job) => String(job.id) === jobId);
    expect(jobs.map((job) => job.data)).to.deep.equal([{ eventId: events[0].id }]);
  });

  it('refuses a send once the item is unpublished, and keeps its delivery history readable', async () => {
    const item = await createContentItem(series);
    const first = await send(item.id, 'email').expect(202);
    await ContentItemModel.update({ status: 'draft', publishedAt: null }, { where: { id: item.id } });
    expect((await send(item.id, 'email').expect(400)).body.errorCode).to.equal('CONTENT_STATUS_INVALID');
    expect((await deliveries(item.id).expect(200)).body.data).to.deep.equal({ email: first.body.data, push: null });
    expect(await eventsOf(item)).to.have.length(1);
  });

  describe('GET .../deliveries', () => {
    it('answers null for each channel an item was never sent on', async () => {
      const item = await createContentItem(series, { status: 'draft' });
      const res = await deliveries(item.id).expect(200);
      expect(res.body).to.deep.equal({ message: 'Success', data: { email: null, push: null } });
    });

    it('answers both channels once both were sent', async () => {
      const item = await createContentItem(series);
      const email = await send(item.id, 'email').expect(202);
      const push = await send(item.id, 'push').expect(202);
      expect((await deliveries(item.id).expect(200)).body.data).to.deep.equal({ email: email.body.data, push: push.body.data });
    });

    it('answers 404 CONTENT_NOT_FOUND for an unknown item', async () => {
      expect((await deliveries(2147483000).expect(404)).body.errorCode).to.equal('CONTENT_NOT_FOUND');
    });
  });
});
