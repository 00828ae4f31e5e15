import { randomBytes } from 'node:crypto';
import type { Job } from 'bull';
import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import type { ContainerInstance } from 'typedi';
import {
  AdminModel,
  Database,
  NotificationDeliveryModel,
  NotificationEventModel,
  NotificationModel,
  ProductAccessModel,
  PushDeviceModel,
  UserModel,
} from '@platform/db';
import {
  DispatchPendingNotificationsUseCase,
  DispatchSweepReport,
  FcmPushProvider,
  GrantProductAccessUseCase,
  NotificationDeliveryIncomplete,
  NotificationOutbox,
  notificationDeliveryJobId,
  OutboxEvent,
  PushMessage,
  PushProvider,
  PushProviders,
  PushTokensResult,
  RegisterPushDeviceUseCase,
} from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  createCustomer,
  eventually,
  isolatedInfrastructure,
  TEST_ENV,
  TestApp,
  TestCustomer,
} from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';
import { notificationDeliverProcessor, notificationDispatchPendingProcessor } from './notification-delivery.processor';
import { SinkMessage, SmtpSink, startSmtpSink } from './notification-smtp-sink.test-helper';

/** Records pushes instead of sending them; tokens in `invalid` are reported as unregistered. */
class RecordingPushProvider implements PushProvider {
  readonly name = 'recording';
  readonly calls: Array<{ tokens?: string[]; topic?: string; message: PushMessage }> = [];
  readonly invalid = new Set<string>();

  async sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult> {
    this.calls.push({ tokens: [...tokens], message });
    const invalidTokens = tokens.filter((token) => this.invalid.has(token));
    return { delivered: tokens.length - invalidTokens.length, invalidTokens, failedTokens: [], unansweredTokens: [], errors: [] };
  }

  async sendToTopic(topic: string, message: PushMessage): Promise<void> {
    this.calls.push({ topic, message });
  }

  forEvent(eventId: string) {
    return this.calls.filter((call) => call.message.data['eventId'] === eventId);
  }
}

const FROM = 'Learning Platform <no-reply@learn.example>';
const unique = (label: string) => `${label}-${randomBytes(4).toString('hex').toUpperCase()}`;
const queuesFor = (name: string) => new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:${name}` });

/**
 * learning-commerce.md, "Events": the notification.deliver job (email through a real SMTP server,
 * push through the provider, in-app rows) and the notification.dispatch_pending sweep.
 */
describe('notification jobs (jobs app)', () => {
  let sink: SmtpSink;
  let infra: Infrastructure;
  let jobs: TestApp;
  let container: ContainerInstance;
  let push: RecordingPushProvider;

  before(async function () {
    this.timeout(20_000);
    sink = await startSmtpSink();
    // SMTP_URL wins over SMTP_HOST/PORT: the host settings point where nothing listens.
    infra = await isolatedInfrastructure(
      'notification-jobs',
      { SMTP_URL: sink.url, SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', SMTP_FROM: FROM },
      { queues: queuesFor('notification-jobs') },
    );
    jobs = await buildTestApp(createJobsApp, infra);
    container = jobs.app.container;
    push = new RecordingPushProvider();
    container.get(PushProviders).use(push);
  });

  after(async () => {
    await sink.close();
    await infra.queues.close();
    await closeTestInfrastructure(infra);
  });

  /** The job's processor, called as the worker calls it. */
  const deliver = (eventId: string, on = container) =>
    notificationDeliverProcessor.process({ data: { eventId } } as Job<{ eventId: string }>, on);

  /** Records an event through the outbox in a transaction, as business writes do. */
  async function record(event: OutboxEvent, on = container): Promise<NotificationEventModel> {
    const db = on.get(Database);
    await db.transaction((tx) => on.get(NotificationOutbox).record(event, tx));
    return NotificationEventModel.findOne({ where: { dedupeKey: event.dedupeKey }, rejectOnEmpty: true });
  }

  const customerEvent = (customer: TestCustomer, orderNumber: string, title = 'Intro to NEPSE'): OutboxEvent => ({
    event: 'ORDER_PLACED_CHECKOUT',
    to: { audience: 'customer', userId: customer.id },
    payload: {
      orderId: 900_001,
      orderNumber,
      total: 123_450,
      items: [{ productId: 1, productType: 'course', title, price: 123_450 }],
    },
    dedupeKey: `ORDER_PLACED:test:${orderNumber}`,
  });

  const refundRequested = (orderNumber: string, userId: string): OutboxEvent => ({
    event: 'ORDER_REFUND_REQUESTED',
    to: { audience: 'admins' },
    payload: { orderId: 900_002, orderNumber, reason: 'Bought the wrong course', amount: 250_000, userId },
    dedupeKey: `ORDER_REFUND_REQUESTED:test:${orderNumber}`,
  });

  const mailsTo = (address: string, orderNumber?: string): SinkMessage[] =>
    sink.messages.filter((message) => message.to.includes(address) && (!orderNumber || message.subject.includes(orderNumber)));
  const deliveries = (eventId: string) => NotificationDeliveryModel.findAll({ where: { eventId }, order: [['id', 'ASC']] });
  const byChannel = async (eventId: string) =>
    Object.fromEntries((await deliveries(eventId)).map((row) => [row.channel, row])) as Record<string, NotificationDeliveryModel>;

  async function customerWithDevices(tokens: string[]): Promise<TestCustomer> {
    const customer = await createCustomer(container);
    for (const token of tokens) {
      await container.get(RegisterPushDeviceUseCase).execute({ kind: 'customer', id: customer.id }, { token, platform: 'android' });
    }
    return customer;
  }

  it('emails a customer event once, pushes it to every device and writes one in-app notification', async () => {
    const tokens = [unique('token-a'), unique('token-b')];
    const customer = await customerWithDevices(tokens);
    await UserModel.update({ fullName: 'Asha <b>"Rai"</b>' }, { where: { id: customer.id } });
    const orderNumber = unique('ORD');
    const event = await record(customerEvent(customer, orderNumber, '<script>alert("x")</script> & Co'));

    expect(await deliver(event.id)).to.deep.equal({ eventId: event.id, outcome: 'processed', sent: 3, skipped: 0 });

    const [mail, ...more] = mailsTo(customer.email);
    expect(more).to.have.length(0);
    expect(mail.subject).to.equal(`Order ${orderNumber} placed`);
    expect(mail.authUser).to.equal('notify');
    expect(mail.headers['from']).to.include('no-reply@learn.example');
    const rows = await byChannel(event.id);
    expect(mail.messageId).to.equal(`<notification-${rows['email'].id}@learn.example>`);
    expect(mail.text).to.include('Hi Asha <b>"Rai"</b>,').and.include('Rs. 1,234.50').and.include('<script>alert("x")</script> & Co');
    expect(mail.html).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).to.include('Hi Asha &lt;b&gt;&quot;Rai&quot;&lt;/b&gt;,').and.include('Rs. 1,234.50');
    expect(mail.html).not.to.include('<script>').and.not.include('<b>');

    const inbox = await NotificationModel.findAll({ where: { userId: customer.id } });
    expect(inbox).to.have.length(1);
    expect(inbox[0]).to.include({ eventId: event.id, type: 'ORDER_PLACED_CHECKOUT', title: 'Order placed', readAt: null });
    expect(inbox[0].body).to.equal(`Your order ${orderNumber} for Rs. 1,234.50 is placed. Complete the payment to get access.`);
    expect(inbox[0].data).to.deep.equal(event.payload);

    const pushes = push.forEvent(event.id);
    expect(pushes).to.have.length(1);
    expect(pushes[0].tokens).to.have.members(tokens);
    expect(pushes[0].message).to.deep.include({ title: 'Order placed', body: inbox[0].body });
    expect(pushes[0].message.data).to.include({ type: 'ORDER_PLACED_CHECKOUT', eventId: event.id, orderNumber, orderId: '900001' });

    expect(Object.values(rows).map((row) => [row.channel, row.recipient, row.status, row.attempts])).to.have.deep.members([
      ['email', customer.id, 'sent', 1],
      ['push', customer.id, 'sent', 1],
      ['in_app', customer.id, 'sent', 1],
    ]);
    await event.reload();
    expect(event.processedAt).to.be.instanceOf(Date);
  });

  it('sends nothing twice: a second run, and a run after processed_at is lost, find every delivery sent', async () => {
    const customer = await customerWithDevices([unique('token')]);
    const orderNumber = unique('ORD');
    const event = await record(customerEvent(customer, orderNumber));
    await deliver(event.id);
    expect(await deliver(event.id)).to.include({ outcome: 'already_processed', sent: 0 });
    await NotificationEventModel.update({ processedAt: null }, { where: { id: event.id } });
    expect(await deliver(event.id)).to.include({ outcome: 'processed', sent: 0 });

    expect(mailsTo(customer.email, orderNumber)).to.have.length(1);
    expect(push.forEvent(event.id)).to.have.length(1);
    expect(await NotificationModel.count({ where: { eventId: event.id } })).to.equal(1);
    expect((await deliveries(event.id)).map((row) => row.attempts)).to.deep.equal([1, 1, 1]);
  });

  it('skips the push of a customer without devices and still emails and writes the inbox', async () => {
    const customer = await createCustomer(container);
    const event = await record(customerEvent(customer, unique('ORD')));
    expect(await deliver(event.id)).to.include({ outcome: 'processed', sent: 2, skipped: 1 });
    const rows = await byChannel(event.id);
    expect(rows['push']).to.include({ status: 'skipped', lastError: 'no registered device' });
    expect(rows['email'].status).to.equal('sent');
    expect(push.forEvent(event.id)).to.have.length(0);
  });

  it('forgets device tokens the provider reports as unregistered', async () => {
    const [live, gone] = [unique('token-live'), unique('token-gone')];
    const customer = await customerWithDevices([live, gone]);
    push.invalid.add(gone);
    const event = await record(customerEvent(customer, unique('ORD')));
    await deliver(event.id);
    expect((await PushDeviceModel.findAll({ where: { userId: customer.id } })).map((device) => device.token)).to.deep.equal([live]);
    expect((await byChannel(event.id))['push'].status).to.equal('sent');

    push.invalid.add(live);
    const next = await record(customerEvent(customer, unique('ORD')));
    await deliver(next.id);
    expect((await byChannel(next.id))['push']).to.include({ status: 'skipped' });
    expect(await PushDeviceModel.count({ where: { userId: customer.id } })).to.equal(0);
  });

  it('FCM never answering: the push fails after PUSH_SEND_TIMEOUT_MS and is retried like any failure, without holding the job', async () => {
    const customer = await customerWithDevices([unique('token')]);
    const event = await record(customerEvent(customer, unique('ORD')));
    const hang = () => new Promise<never>(() => undefined);
    container.get(PushProviders).use(new FcmPushProvider({ sendEachForMulticast: hang, send: hang }, 100));
    try {
      const started = Date.now();
      const failure = await deliver(event.id).then(() => undefined, (error: unknown) => error);
      expect(Date.now() - started).to.be.lessThan(5_000);
      expect(failure).to.be.instanceOf(NotificationDeliveryIncomplete);
      const rows = await byChannel(event.id);
      expect(rows['push']).to.include({ status: 'failed', attempts: 1, sentAt: null });
      expect(rows['push'].lastError).to.match(/FCM did not answer within 100 ms/);
      expect(rows['email'].status).to.equal('sent');
    } finally {
      container.get(PushProviders).use(push);
    }
    expect(await deliver(event.id)).to.include({ outcome: 'processed', sent: 1 });
    expect((await byChannel(event.id))['push']).to.include({ status: 'sent', attempts: 2 });
    expect(push.forEvent(event.id)).to.have.length(1);
  });

  it('SMTP down: the job throws, the email delivery is failed after one attempt, and the retry sends exactly one email', async function () {
    this.timeout(20_000);
    const customer = await customerWithDevices([unique('token')]);
    const orderNumber = unique('ORD');
    const port = sink.port;
    let up = false;
    await sink.close();
    try {
      const event = await record(customerEvent(customer, orderNumber));
      let failure: unknown;
      await deliver(event.id).catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(NotificationDeliveryIncomplete);

      let rows = await byChannel(event.id);
      expect(rows['email']).to.include({ status: 'failed', attempts: 1, sentAt: null });
      expect(rows['email'].lastError).to.match(/ECONNREFUSED/);
      expect(rows['push'].status).to.equal('sent');
      expect(rows['in_app'].status).to.equal('sent');
      expect((await NotificationEventModel.findByPk(event.id))?.processedAt).to.equal(null);

      const restarted = await startSmtpSink(port);
      restarted.messages = sink.messages;
      sink = restarted;
      up = true;
      expect(await deliver(event.id)).to.include({ outcome: 'processed', sent: 1 });
      rows = await byChannel(event.id);
      expect(rows['email']).to.include({ status: 'sent', attempts: 2, lastError: null });
      expect(mailsTo(customer.email, orderNumber)).to.have.length(1);
      expect(push.forEvent(event.id)).to.have.length(1);
    } finally {
      if (!up) sink = await startSmtpSink(port);
    }
  });

  it('an SMTP server refusing with 451 fails the delivery with its reply; once it accepts, one email goes out', async () => {
    const customer = await createCustomer(container);
    const orderNumber = unique('ORD');
    sink.refuse = { code: 451, message: 'Try again later' };
    try {
      const event = await record(customerEvent(customer, orderNumber));
      await deliver(event.id).then(
        () => expect.fail('the job should throw'),
        (error: unknown) => expect(error).to.be.instanceOf(NotificationDeliveryIncomplete),
      );
      expect((await byChannel(event.id))['email']).to.include({ status: 'failed', attempts: 1 });
      expect((await byChannel(event.id))['email'].lastError).to.include('451');
      sink.refuse = null;
      await deliver(event.id);
      expect(mailsTo(customer.email, orderNumber)).to.have.length(1);
    } finally {
      sink.refuse = null;
    }
  });

  it('a failed delivery never undoes the access write that recorded the event', async function () {
    this.timeout(20_000);
    const customer = await createCustomer(container);
    const { product } = await createCourse();
    sink.refuse = { code: 554, message: 'Transaction failed' };
    try {
      const db = container.get(Database);
      const access = await db.transaction(async (tx) => {
        const { access: granted } = await container
          .get(GrantProductAccessUseCase)
          .execute({ userId: customer.id, productId: product.id, accessType: 'lifetime', adminId: uuidv7() }, tx);
        await container.get(NotificationOutbox).record(
          {
            event: 'COURSE_ACCESS_GRANTED',
            to: { audience: 'customer', userId: customer.id },
            payload: { userId: customer.id, courseId: null, productId: product.id, productAccessId: granted.id, orderId: null },
            dedupeKey: `COURSE_ACCESS_GRANTED:access:${granted.id}`,
          },
          tx,
        );
        return granted;
      });
      const event = await NotificationEventModel.findOne({ where: { dedupeKey: `COURSE_ACCESS_GRANTED:access:${access.id}` }, rejectOnEmpty: true });
      await deliver(event.id).then(
        () => expect.fail('the job should throw'),
        (error: unknown) => expect(error).to.be.instanceOf(NotificationDeliveryIncomplete),
      );
      expect((await byChannel(event.id))['email']).to.include({ status: 'failed', attempts: 1 });
      expect(await ProductAccessModel.findByPk(access.id)).to.include({ userId: customer.id, isRevoked: false });
      expect(await NotificationEventModel.count({ where: { id: event.id } })).to.equal(1);
      expect(await NotificationModel.count({ where: { eventId: event.id, userId: customer.id } })).to.equal(1);
    } finally {
      sink.refuse = null;
    }
  });

  it('sends COURSE_ACCESS_GRANTED by push, in-app and email', async () => {
    const customer = await customerWithDevices([unique('token')]);
    const event = await record({
      event: 'COURSE_ACCESS_GRANTED',
      to: { audience: 'customer', userId: customer.id },
      payload: { userId: customer.id, courseId: 7, productId: 8, productAccessId: 9, orderId: 10 },
      dedupeKey: unique('COURSE_ACCESS_GRANTED:test'),
    });
    await deliver(event.id);
    expect(Object.keys(await byChannel(event.id))).to.have.members(['push', 'in_app', 'email']);
    expect(mailsTo(customer.email).map((mail) => mail.subject)).to.deep.equal(['Your course is ready']);
  });

  describe('admin events', () => {
    async function admin(permissions: string[], isActive = true) {
      const id = uuidv7();
      return AdminModel.create({ id, email: `admin.${id}@learn.example`, passwordHash: 'x', fullName: 'Ops Admin', permissions, isActive });
    }

    it('email the active admins holding Orders_UPDATE or "*", and push once to the admin topic; no inbox rows', async () => {
      const updater = await admin(['Orders_READ', 'Orders_UPDATE']);
      const root = await admin(['*']);
      const reader = await admin(['Orders_READ']);
      const inactive = await admin(['*'], false);
      const customer = await createCustomer(container);
      const orderNumber = unique('ORD');
      const event = await record(refundRequested(orderNumber, customer.id));

      await deliver(event.id);

      expect(mailsTo(updater.email, orderNumber)).to.have.length(1);
      expect(mailsTo(root.email, orderNumber)).to.have.length(1);
      expect(mailsTo(reader.email, orderNumber)).to.have.length(0);
      expect(mailsTo(inactive.email, orderNumber)).to.have.length(0);
      expect(mailsTo(customer.email, orderNumber)).to.have.length(0);
      const [mail] = mailsTo(updater.email, orderNumber);
      expect(mail.subject).to.equal(`Refund requested for order ${orderNumber}`);
      expect(mail.text).to.include('Hi Ops Admin,').and.include('Rs. 2,500.00').and.include('Bought the wrong course');

      expect(push.forEvent(event.id).map((call) => call.topic)).to.deep.equal(['admins']);
      const rows = await deliveries(event.id);
      expect(rows.filter((row) => row.channel === 'push').map((row) => row.recipient)).to.deep.equal(['topic:admins']);
      expect(rows.filter((row) => row.channel === 'email').map((row) => row.recipient)).to.include.members([updater.id, root.id]);
      expect(rows.map((row) => row.recipient)).to.not.include.members([reader.id, inactive.id]);
      expect(rows.every((row) => row.status === 'sent')).to.be.true;
      expect(await NotificationModel.count({ where: { eventId: event.id } })).to.equal(0);
    });

    it('go to NOTIFICATION_ADMIN_EMAILS instead of the admin table when it is set', async function () {
      this.timeout(20_000);
      const configured = await isolatedInfrastructure(
        'notification-jobs-admin-emails',
        { SMTP_URL: sink.url, SMTP_FROM: FROM, NOTIFICATION_ADMIN_EMAILS: 'ops@learn.example, Finance@Learn.example' },
        { queues: infra.queues },
      );
      try {
        const app = await buildTestApp(createJobsApp, configured);
        app.app.container.get(PushProviders).use(push);
        const updater = await admin(['Orders_UPDATE']);
        const orderNumber = unique('ORD');
        const event = await record(refundRequested(orderNumber, (await createCustomer(container)).id), app.app.container);

        await deliver(event.id, app.app.container);

        expect(mailsTo('ops@learn.example', orderNumber)).to.have.length(1);
        expect(mailsTo('finance@learn.example', orderNumber)).to.have.length(1);
        expect(mailsTo(updater.email, orderNumber)).to.have.length(0);
        const emails = (await deliveries(event.id)).filter((row) => row.channel === 'email').map((row) => row.recipient);
        expect(emails).to.have.members(['ops@learn.example', 'finance@learn.example']);
      } finally {
        await closeTestInfrastructure(configured);
      }
    });
  });

  describe('notification.dispatch_pending', () => {
    const sweep = async () =>
      (await notificationDispatchPendingProcessor.process({ data: {} } as Job<Record<string, never>>, container)) as DispatchSweepReport;
    const jobOf = (eventId: string) => infra.queues.queue('notifications').getJob(notificationDeliveryJobId(eventId));

    it('queues an event whose after-commit dispatch did not happen once it is 30 s old, and leaves a fresh one alone', async () => {
      const customer = await createCustomer(container);
      const old = await record(customerEvent(customer, unique('ORD')));
      const fresh = await record(customerEvent(customer, unique('ORD')));
      for (const event of [old, fresh]) await (await jobOf(event.id))?.remove();
      const db = container.get(Database).sequelize;
      await db.query(`UPDATE notification_events SET dispatched_at = NULL, created_at = now() - interval '1 minute' WHERE id = :id`, {
        replacements: { id: old.id },
      });
      await db.query('UPDATE notification_events SET dispatched_at = NULL WHERE id = :id', { replacements: { id: fresh.id } });

      const report = await sweep();

      expect(report.dispatched).to.include(old.id).and.not.include(fresh.id);
      expect(await (await jobOf(old.id))?.getState()).to.equal('waiting');
      expect(await jobOf(fresh.id)).to.equal(null);
      expect((await NotificationEventModel.findByPk(old.id))?.dispatchedAt).to.be.instanceOf(Date);
      expect((await NotificationEventModel.findByPk(fresh.id))?.dispatchedAt).to.equal(null);
    });

    it('queues again a stalled event whose job is gone, and not one whose job is still waiting', async () => {
      const customer = await createCustomer(container);
      const gone = await record(customerEvent(customer, unique('ORD')));
      const waiting = await record(customerEvent(customer, unique('ORD')));
      sink.refuse = { code: 451, message: 'Try again later' };
      await deliver(gone.id).catch(() => undefined);
      sink.refuse = null;
      await (await jobOf(gone.id))?.remove();
      const db = container.get(Database).sequelize;
      for (const event of [gone, waiting]) {
        await db.query(
          `UPDATE notification_events SET created_at = now() - interval '20 minutes', dispatched_at = now() - interval '20 minutes' WHERE id = :id`,
          { replacements: { id: event.id } },
        );
        await db.query(`UPDATE notification_deliveries SET updated_at = now() - interval '20 minutes' WHERE event_id = :id`, {
          replacements: { id: event.id },
        });
      }

      const report = await sweep();

      expect(report.requeued).to.include(gone.id).and.not.include(waiting.id);
      expect(await (await jobOf(gone.id))?.getState()).to.equal('waiting');
      expect(await (await jobOf(waiting.id))?.getState()).to.equal('waiting');
      const restarted = await NotificationEventModel.findByPk(gone.id, { rejectOnEmpty: true });
      expect(Date.now() - (restarted.dispatchedAt as Date).getTime()).to.be.below(60_000);
      // The re-run sends the failed email only.
      await deliver(gone.id);
      expect((await deliveries(gone.id)).map((row) => [row.channel, row.status, row.attempts])).to.have.deep.members([
        ['push', 'skipped', 1],
        ['in_app', 'sent', 1],
        ['email', 'sent', 2],
      ]);
    });
  });
});

/** The same job on the jobs app's bull workers: retries come from bull's backoff. */
describe('notification jobs on the workers (jobs app)', () => {
  let sink: SmtpSink;
  let infra: Infrastructure;
  let jobs: TestApp;
  const push = new RecordingPushProvider();

  before(async function () {
    this.timeout(20_000);
    sink = await startSmtpSink();
    infra = await isolatedInfrastructure('notification-workers', { SMTP_URL: sink.url, SMTP_FROM: FROM }, { queues: queuesFor('notification-workers') });
    jobs = await buildTestApp(createJobsApp, infra);
    jobs.app.container.get(PushProviders).use(push);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await sink.close();
    await closeTestInfrastructure(infra);
  });

  it('schedules notification.dispatch_pending every minute', async () => {
    const schedules = await infra.queues.queue('notifications').getRepeatableJobs();
    const sweep = schedules.filter((schedule) => schedule.name === 'notification.dispatch_pending');
    expect(sweep).to.have.length(1);
    expect(sweep[0].key).to.match(/:60000$/);
  });

  it('delivers an event recorded by a business write, and bull retries a failed email until it is sent once', async function () {
    this.timeout(30_000);
    const customer = await createCustomer(jobs.app.container);
    await jobs.app.container.get(RegisterPushDeviceUseCase).execute({ kind: 'customer', id: customer.id }, { token: unique('token'), platform: 'ios' });
    const orderNumber = unique('ORD');
    sink.refuse = { code: 451, message: 'Greylisted, try again later' };
    const db = jobs.app.container.get(Database);
    await db.transaction((tx) =>
      jobs.app.container.get(NotificationOutbox).record(
        {
          event: 'ORDER_PAYMENT_RECEIVED_CHECKOUT',
          to: { audience: 'customer', userId: customer.id },
          payload: { orderId: 900_003, orderNumber, paymentReference: 'pidx-123' },
          dedupeKey: `ORDER_PAYMENT_RECEIVED:test:${orderNumber}`,
        },
        tx,
      ),
    );
    const event = await NotificationEventModel.findOne({ where: { dedupeKey: `ORDER_PAYMENT_RECEIVED:test:${orderNumber}` }, rejectOnEmpty: true });
    const emailRow = () => NotificationDeliveryModel.findOne({ where: { eventId: event.id, channel: 'email' } });

    await eventually(async () => (await emailRow())?.status === 'failed', 10_000, 50);
    expect(await emailRow()).to.include({ attempts: 1 });
    sink.refuse = null;

    const job = await infra.queues.queue('notifications').getJob(notificationDeliveryJobId(event.id));
    await eventually(async () => (await job?.getState()) === 'completed', 20_000);
    expect(await emailRow()).to.include({ status: 'sent', attempts: 2 });
    const mails = sink.messages.filter((message) => message.to.includes(customer.email));
    expect(mails.map((mail) => mail.subject)).to.deep.equal([`Payment received for order ${orderNumber}`]);
    expect(push.forEvent(event.id)).to.have.length(1);
    expect((await NotificationEventModel.findByPk(event.id))?.processedAt).to.be.instanceOf(Date);
  });

  it('the sweep gives an event whose job used up its attempts a new job, which sends the failed email once', async function () {
    this.timeout(30_000);
    const container = jobs.app.container;
    const customer = await createCustomer(container);
    const orderNumber = unique('ORD');
    const queue = infra.queues.queue('notifications');
    sink.refuse = { code: 451, message: 'Try again later' };
    try {
      // This worker takes nothing while the event's job is swapped for one with a single attempt.
      await queue.pause(true);
      await container.get(Database).transaction((tx) =>
        container.get(NotificationOutbox).record(
          {
            event: 'ORDER_PAYMENT_FAILED',
            to: { audience: 'customer', userId: customer.id },
            payload: { orderId: 900_004, orderNumber, reason: 'Declined by the bank' },
            dedupeKey: `ORDER_PAYMENT_FAILED:test:${orderNumber}`,
          },
          tx,
        ),
      );
      const event = await NotificationEventModel.findOne({ where: { dedupeKey: `ORDER_PAYMENT_FAILED:test:${orderNumber}` }, rejectOnEmpty: true });
      await (await queue.getJob(notificationDeliveryJobId(event.id)))?.remove();
      await queue.add('notification.deliver', { eventId: event.id }, { jobId: notificationDeliveryJobId(event.id), attempts: 1 });
      await queue.resume(true);
      const jobId = notificationDeliveryJobId(event.id);
      await eventually(async () => (await (await queue.getJob(jobId))?.getState()) === 'failed', 10_000, 50);
      sink.refuse = null;
      await container.get(Database).sequelize.query(
        `UPDATE notification_events SET created_at = now() - interval '20 minutes', dispatched_at = now() - interval '20 minutes' WHERE id = :id;
         UPDATE notification_deliveries SET updated_at = now() - interval '20 minutes' WHERE event_id = :id`,
        { replacements: { id: event.id } },
      );

      const report = await container.get(DispatchPendingNotificationsUseCase).execute();

      expect(report.requeued).to.include(event.id);
      await eventually(async () => (await NotificationEventModel.findByPk(event.id))?.processedAt instanceof Date, 15_000);
      expect(sink.messages.filter((message) => message.to.includes(customer.email)).map((mail) => mail.subject)).to.deep.equal([
        `Payment failed for order ${orderNumber}`,
      ]);
      expect(await NotificationDeliveryModel.findOne({ where: { eventId: event.id, channel: 'email' } })).to.include({ status: 'sent', attempts: 2 });
    } finally {
      sink.refuse = null;
      await queue.resume(true);
    }
  });
});
