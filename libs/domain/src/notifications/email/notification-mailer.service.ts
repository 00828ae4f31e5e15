import { Inject, Service } from 'typedi';
import nodemailer, { type Transporter as NodemailerTransporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { AppConfig } from '@platform/config';
import { CONFIG } from '../../shared';
import type { RenderedEmail } from '../templates';
import { SmtpSendError, smtpFailureOf } from './smtp-failures';
import { SmtpSessionLog } from './smtp-session-log';

export interface OutgoingEmail extends RenderedEmail {
  to: { address: string; name?: string | null };
  /** `<notification-<deliveryId>@domain>`: the same for every attempt of one delivery. */
  messageId: string;
  /** Extra header fields, such as a newsletter's List-Unsubscribe (RFC 8058); values without line breaks. */
  headers?: Record<string, string>;
}

/**
 * Time limits of one SMTP session: DNS, the connection, the greeting, and each wait on the socket
 * afterwards. A claimed delivery's lease outlasts them (NotificationDeliveries; the newsletter
 * email derives its lease from them), so a hung server cannot keep a delivery claimed past the
 * point where another attempt may take it.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 } as const;

/**
 * The pooled transport's bounds (nodemailer smtp-pool, https://nodemailer.com/smtp/pooled):
 * - maxConnections 5, the jobs app's notification.deliver concurrency, whose jobs each send one
 *   message at a time: a send never waits in the pool's queue for a connection, so its time stays
 *   within what the delivery leases allow for;
 * - maxMessages 100 per connection, then a fresh one (servers limit messages per session);
 * - maxRequeues 1: a message whose connection closed before any of its data was sent (a reused
 *   connection the server dropped meanwhile, or a close before the greeting) is tried once more
 *   on a new connection; a second close fails it as an outage, as a single session's would.
 * Idle connections close after nodemailer's idleTimeout (4 minutes, under RFC 5321's 5).
 */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 100, maxRequeues: 1 } as const;

/**
 * Sends notification emails over SMTP (SMTP_URL, or SMTP_HOST/PORT/USER/PASSWORD), from SMTP_FROM,
 * over a pool of sessions (SMTP_POOL) opened on the first send and closed by `close` at shutdown.
 * A failed send rejects with SmtpSendError saying how it ended (an outage, a 4xx or 5xx reply, or
 * no answer once the message data was invited), so a caller can retry what was surely not
 * delivered and never what may have been.
 */
@Service()
export class NotificationMailer {
  private pool: { transport: Transporter; sessions: SmtpSessionLog } | null = null;
  private closed = false;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  /**
   * A deterministic Message-ID per delivery: if a crash after the server accepted a message makes
   * a later attempt send it again, the receiving side can tell the two are one message.
   */
  messageId(deliveryId: string): string {
    return `<notification-${deliveryId}@${messageIdDomain(this.config.smtp.from)}>`;
  }

  /** Resolves when the server accepted the message; rejects with SmtpSendError otherwise. */
  async send(email: OutgoingEmail): Promise<void> {
    if (this.closed) throw new SmtpSendError('unreachable', new Error('the mailer is closed: the app is shutting down'));
    const { transport, sessions } = this.openPool();
    let info: SMTPPool.SentMessageInfo;
    try {
      info = await transport.sendMail({
        from: this.config.smtp.from,
        to: email.to.name ? { name: email.to.name, address: email.to.address } : email.to.address,
        subject: email.subject.replace(/[\r\n]+/g, ' '),
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        ...(email.headers && { headers: singleLineHeaders(email.headers) }),
        // Our content never names files or URLs to fetch; refuse them outright.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (error) {
      throw new SmtpSendError(smtpFailureOf(error, sessions.messageInvited(error)), error);
    }
    if (info.rejected.length > 0) throw new SmtpSendError('refused', new Error(`the SMTP server rejected ${info.rejected.length} recipient(s)`));
  }

  /**
   * Closes the pool's connections (one delivering a message finishes it first); a send after it
   * is refused as an outage, nothing handed over. Called once the app's jobs have drained.
   */
  close(): void {
    this.closed = true;
    this.pool?.transport.close();
    this.pool = null;
  }

  private openPool(): { transport: Transporter; sessions: SmtpSessionLog } {
    if (this.pool) return this.pool;
    const sessions = new SmtpSessionLog();
    const transport = nodemailer.createTransport({ ...transportOptions(this.config.smtp), ...SMTP_POOL, pool: true, transactionLog: true, logger: sessions.logger });
    this.pool = { transport, sessions };
    return this.pool;
  }
}

type Transporter = NodemailerTransporter<SMTPPool.SentMessageInfo, SMTPPool.Options>;

/** A header value with a line break could start a header of its own: breaks become spaces. */
function singleLineHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace(/[\r\n]+/g, ' ')]));
}

function transportOptions(smtp: AppConfig['smtp']): SMTPPool.Options {
  // SMTP_URL wins: one setting carries host, port, TLS (smtps://) and credentials.
  if (smtp.url) return { url: smtp.url, ...SMTP_TIMEOUTS };
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    ...SMTP_TIMEOUTS,
  };
}

/** The domain of the SMTP_FROM address (`Name <a@b.example>` or `a@b.example`); `localhost` without one. */
export function messageIdDomain(from: string): string {
  const address = /<([^>]*)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();
  return address.includes('@') && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}
