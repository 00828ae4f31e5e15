import { Inject, Service } from 'typedi';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { AppConfig } from '@platform/config';
import { CONFIG } from '../../shared';
import type { RenderedEmail } from '../templates';
import { SmtpSendError, smtpFailureOf } from './smtp-failures';

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
 * Sends notification emails over SMTP (SMTP_URL, or SMTP_HOST/PORT/USER/PASSWORD), from SMTP_FROM,
 * one session per message. A failed send rejects with SmtpSendError saying how it ended (an
 * outage, a 4xx or 5xx reply, or no answer once the message data was invited), so a caller can
 * retry what was surely not delivered and never what may have been.
 */
@Service()
export class NotificationMailer {
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
    const session = followSession();
    let info: SMTPTransport.SentMessageInfo;
    try {
      info = await nodemailer.createTransport({ ...transportOptions(this.config.smtp), transactionLog: true, logger: session.logger }).sendMail({
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
      throw new SmtpSendError(smtpFailureOf(error, session.messageInvited), error);
    }
    if (info.rejected.length > 0) throw new SmtpSendError('refused', new Error(`the SMTP server rejected ${info.rejected.length} recipient(s)`));
  }
}

/**
 * Follows one SMTP session through nodemailer's transaction log (commands and replies, never the
 * message): `messageInvited` turns true at the server's 354, the invitation to send the message
 * data. Before it, a lost connection delivered nothing; after it, the message may have arrived.
 */
function followSession(): { messageInvited: boolean; logger: Record<'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal', (...args: unknown[]) => void> } {
  const ignore = () => undefined;
  const session = {
    messageInvited: false,
    logger: {
      trace: ignore,
      info: ignore,
      warn: ignore,
      error: ignore,
      fatal: ignore,
      debug: (entry: unknown, line: unknown) => {
        if ((entry as { tnx?: unknown } | undefined)?.tnx === 'server' && typeof line === 'string' && /^354\b/.test(line)) session.messageInvited = true;
      },
    },
  };
  return session;
}

/** A header value with a line break could start a header of its own: breaks become spaces. */
function singleLineHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace(/[\r\n]+/g, ' ')]));
}

function transportOptions(smtp: AppConfig['smtp']): SMTPTransport.Options {
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
