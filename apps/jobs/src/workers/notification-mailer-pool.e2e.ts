import { expect } from 'chai';
import { loadConfig } from '@platform/config';
import { NotificationMailer, OutgoingEmail, SMTP_POOL, SmtpFailure, SmtpSendError } from '@platform/domain';
import { testEnv } from '@platform/testing';
import { SmtpSink, startSmtpSink } from './notification-smtp-sink.test-helper';

const email = (address: string): OutgoingEmail => ({
  to: { address, name: 'Pool Reader' },
  subject: `for ${address}`,
  text: 'hello',
  html: '<p>hello</p>',
  messageId: `<pool-${address}>`,
});

/** How a send ended: `sent`, or the SmtpSendError's failure. */
const outcome = (send: Promise<void>): Promise<'sent' | SmtpFailure> =>
  send.then(
    () => 'sent' as const,
    (error: unknown) => {
      if (error instanceof SmtpSendError) return error.failure;
      throw error;
    },
  );

/**
 * NotificationMailer sends over a pool of SMTP sessions (SMTP_POOL) and still tells, per message,
 * how a failed send ended (smtp-failures.ts), whichever of the pool's connections carried it.
 */
describe(`${NotificationMailer.name} (pooled, against a real SMTP server)`, () => {
  let sink: SmtpSink;
  let mailer: NotificationMailer;

  beforeEach(async () => {
    sink = await startSmtpSink();
    mailer = new NotificationMailer(loadConfig(testEnv({ SMTP_URL: sink.url, SMTP_FROM: 'Pool <pool@learn.example>' })));
  });

  afterEach(async () => {
    mailer.close();
    await sink.close();
  });

  it('sends one message after another over one connection', async () => {
    for (let index = 0; index < 12; index += 1) await mailer.send(email(`seq-${index}@example.com`));

    expect(sink.messages.map((message) => message.to[0])).to.have.length(12);
    expect(sink.connections).to.equal(1);
    expect(sink.messages.every((message) => message.authUser === 'notify')).to.equal(true);
  });

  it('opens at most SMTP_POOL.maxConnections connections for concurrent senders', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, index) => mailer.send(email(`many-${index}@example.com`))));

    expect(sink.messages).to.have.length(20);
    expect(sink.connections).to.be.within(1, SMTP_POOL.maxConnections);
  });

  it('classifies each concurrent send by its own session: 5xx refused, 4xx deferred, a drop after the data unanswered, the others sent', async () => {
    await mailer.send(email('warm-up@example.com')); // the sends below reuse a connection
    sink.refuseTo.set('refused@example.com', { code: 550, message: 'No such user here' });
    sink.refuseTo.set('deferred@example.com', { code: 452, message: 'Mailbox full' });
    sink.dropAfterDataTo.add('dropped@example.com');
    const addresses = ['fine-1@example.com', 'refused@example.com', 'dropped@example.com', 'deferred@example.com', 'fine-2@example.com'];

    const outcomes = await Promise.all(addresses.map((address) => outcome(mailer.send(email(address)))));

    expect(Object.fromEntries(addresses.map((address, index) => [address, outcomes[index]]))).to.deep.equal({
      'fine-1@example.com': 'sent',
      'refused@example.com': 'refused',
      'dropped@example.com': 'unanswered',
      'deferred@example.com': 'deferred',
      'fine-2@example.com': 'sent',
    });
    sink.dropAfterDataTo.clear();
    expect(await outcome(mailer.send(email('after-the-drop@example.com')))).to.equal('sent');
  });

  it('a message dropped after its data on a reused connection is unanswered, and is not sent again', async () => {
    await mailer.send(email('first@example.com'));
    sink.dropAfterDataTo.add('dropped-reused@example.com');
    const received = sink.received;

    expect(await outcome(mailer.send(email('dropped-reused@example.com')))).to.equal('unanswered');
    expect(sink.received - received, 'its data arrived once').to.equal(1);
  });

  it('an outage is unreachable, the pooled connections included; once the server is back the next send goes out', async () => {
    await mailer.send(email('before-outage@example.com'));
    await sink.stop();
    try {
      expect(await outcome(mailer.send(email('during-outage@example.com')))).to.equal('unreachable');
    } finally {
      await sink.start();
    }

    expect(await outcome(mailer.send(email('after-outage@example.com')))).to.equal('sent');
    expect(sink.messages.map((message) => message.to[0])).to.deep.equal(['before-outage@example.com', 'after-outage@example.com']);
  });

  it('once closed, a send is refused as an outage: nothing is handed over', async () => {
    await mailer.send(email('before-close@example.com'));
    mailer.close();

    expect(await outcome(mailer.send(email('after-close@example.com')))).to.equal('unreachable');
    expect(sink.messages).to.have.length(1);
  });
});
