import { Inject, Service } from 'typedi';
import type { Logger } from '@platform/observability';
import { ContentReader, LOGGER, NewsletterItem } from '../../shared';
import { NotificationMailer, SMTP_TIMEOUTS, SmtpFailure, SmtpSendError } from '../email';
import { renderNewsletterEmail } from '../templates';
import { AudienceClosed, AudienceFanOutService, AudiencePage } from './audience-fan-out.service';
import type { DeliveryTally } from './delivery-tally';
import { NotificationDeliveries } from './notification-deliveries.repository';

/** Readers read per audience page (one entitlement query and one unsubscribe lookup per page). */
export const NEWSLETTER_EMAIL_PAGE_SIZE = 500;

/** Replies one SMTP session waits for at most: EHLO, STARTTLS, EHLO again, AUTH (up to 3), MAIL FROM, RCPT TO, DATA and the message's. */
const SMTP_REPLIES_PER_SEND = 10;
/**
 * A send on a pooled connection the server dropped meanwhile moves to a new session once
 * (SMTP_POOL.maxRequeues) if none of its data was sent: before that it may have waited for the
 * replies to MAIL FROM, RCPT TO and DATA (a close before a new session's greeting takes less).
 */
const SMTP_REPLIES_BEFORE_REQUEUE = 3;
/** The pool's pause before it tries a requeued message again (nodemailer smtp-pool: about 200 ms), rounded up. */
const SMTP_REQUEUE_PAUSE_MS = 1_000;
/**
 * How long a claim stays `sending`: one send's bound, NotificationMailer's DNS, connection and
 * greeting limits and then each reply's socket timeout, after a first try on a pooled connection
 * that was dropped. A claim still `sending` past it belongs to a worker that died mid-send, and is
 * skipped by the next run (never sent twice).
 */
export const NEWSLETTER_EMAIL_LEASE_SECONDS = Math.ceil(
  (SMTP_TIMEOUTS.dnsTimeout +
    SMTP_TIMEOUTS.connectionTimeout +
    SMTP_TIMEOUTS.greetingTimeout +
    (SMTP_REPLIES_PER_SEND + SMTP_REPLIES_BEFORE_REQUEUE) * SMTP_TIMEOUTS.socketTimeout +
    SMTP_REQUEUE_PAUSE_MS) /
    1000,
);
/** A run whose sends got this many 4xx replies (or unknown errors) in a row stops; the job's retry goes on after its backoff. */
const MAX_FAILURES_IN_A_ROW = 5;

/** A page of readers, with the item as it was when the page was read (a send follows the item's edits). */
export interface NewsletterEmailPage extends AudiencePage<ContentReader> {
  item: NewsletterItem;
}

/** RFC 8058 one-click unsubscribe: the URL (List-Unsubscribe) and the POST a mail client sends to it. */
const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

const errorText = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

/** One run's state: the item of the page being sent, and the failures since the last message sent. */
interface EmailRun {
  eventId: string;
  item: NewsletterItem | null;
  failuresInARow: number;
}

type SendResult = { failure: null } | { failure: SmtpFailure; error: string };

/**
 * A newsletter item by email (NEWSLETTER_EMAIL; issue 24 "Delivery") to its readers, page by page
 * (AudienceFanOutService): one message per reader, since each carries the reader's own unsubscribe
 * link, with a Message-ID fixed per delivery. Each reader's delivery is claimed right before its
 * send, so a worker that dies leaves one claim whose fate is unknown (skipped by the next run,
 * never sent twice), and settled by how the send ended (SmtpSendError):
 * - accepted: sent;
 * - the SMTP server could not be reached or talked to (an outage): the claim is given back
 *   untried (its attempt not counted) and the run stops; the job's retry, or the dispatch sweep
 *   once the retries are used up, resumes from there, so nobody is given up for an outage;
 * - a 4xx reply: failed, sent again by the retry (up to FAN_OUT_MAX_ATTEMPTS); a run stops after
 *   MAX_FAILURES_IN_A_ROW of them;
 * - a 5xx reply: skipped with the reply, a retry would get it again;
 * - no answer after the message data was invited: skipped, never sent again (it may have arrived).
 * A reader who left the audience (entitlement ended, unsubscribed) before a retry is skipped.
 */
@Service()
export class NewsletterEmailFanOutService {
  constructor(
    private readonly fanOut: AudienceFanOutService,
    private readonly deliveries: NotificationDeliveries,
    private readonly mailer: NotificationMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  deliver(eventId: string, pages: (after: string | null, limit: number) => Promise<NewsletterEmailPage | AudienceClosed>): Promise<DeliveryTally> {
    const run: EmailRun = { eventId, item: null, failuresInARow: 0 };
    return this.fanOut.run({
      eventId,
      label: 'newsletter email',
      pageSize: NEWSLETTER_EMAIL_PAGE_SIZE,
      page: async (after, limit) => {
        const page = await pages(after, limit);
        // The fan-out sends each page right after reading it: its readers get the item as read with them.
        if ('item' in page) run.item = page.item;
        return page;
      },
      send: (readers, tally) => this.sendPage(run, run.item as NewsletterItem, readers, tally),
    });
  }

  private async sendPage(run: EmailRun, item: NewsletterItem, readers: ContentReader[], tally: DeliveryTally): Promise<'continue' | 'stop'> {
    await this.deliveries.ensure(run.eventId, readers.map((reader) => ({ channel: 'email' as const, recipient: reader.userId })));
    for (const reader of readers) {
      const [delivery] = await this.deliveries.claimRecipientDeliveries(run.eventId, 'email', [reader.userId], NEWSLETTER_EMAIL_LEASE_SECONDS);
      if (!delivery) continue; // sent or skipped already, or held by another attempt
      const result = await this.sendOne(item, reader, delivery.id);
      if ((await this.settle(run, reader.userId, delivery.id, result, tally)) === 'stop') return 'stop';
    }
    return 'continue';
  }

  private async settle(run: EmailRun, userId: string, deliveryId: string, result: SendResult, tally: DeliveryTally): Promise<'continue' | 'stop'> {
    const settle = (outcome: Parameters<NotificationDeliveries['settleRecipients']>[3]) => this.deliveries.settleRecipients(run.eventId, 'email', [userId], outcome);
    if (result.failure === null) {
      await settle({ status: 'sent' });
      tally.sent += 1;
      run.failuresInARow = 0;
      return 'continue';
    }
    const { failure, error } = result;
    switch (failure) {
      case 'unreachable':
        await this.deliveries.releaseClaim(deliveryId, `not sent yet: the SMTP server could not be reached (${error})`);
        tally.failed += 1;
        tally.firstError ??= error;
        this.logger.warn({ eventId: run.eventId, err: error }, 'newsletter email: the SMTP server cannot be reached; stopped, the job retry goes on');
        return 'stop';
      case 'refused':
        await settle({ status: 'skipped', reason: `refused by the SMTP server: ${error}` });
        tally.skipped += 1;
        return 'continue';
      case 'unanswered':
        await settle({ status: 'skipped', reason: `not sent again: no answer (${error})` });
        tally.skipped += 1;
        return 'continue';
      case 'deferred':
      case 'unknown':
        await settle({ status: 'failed', reason: error });
        tally.failed += 1;
        tally.firstError ??= error;
        if (++run.failuresInARow < MAX_FAILURES_IN_A_ROW) return 'continue';
        this.logger.warn({ eventId: run.eventId, failuresInARow: run.failuresInARow, err: error }, 'newsletter email: stopped; the job retry goes on');
        return 'stop';
    }
  }

  /** Sends one reader's copy; answers how it ended. */
  private async sendOne(item: NewsletterItem, reader: ContentReader, deliveryId: string): Promise<SendResult> {
    try {
      const email = renderNewsletterEmail(item, reader);
      await this.mailer.send({
        ...email,
        to: { address: reader.email, name: reader.name },
        messageId: this.mailer.messageId(deliveryId),
        headers: unsubscribeHeaders(reader.unsubscribeUrl),
      });
      return { failure: null };
    } catch (error) {
      this.logger.warn({ deliveryId, err: error }, 'newsletter email failed');
      return { failure: error instanceof SmtpSendError ? error.failure : 'unknown', error: errorText(error) };
    }
  }
}
