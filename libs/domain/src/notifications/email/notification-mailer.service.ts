import { Inject, Service } from 'typedi';
import nodemailer, { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { AppConfig } from '@platform/config';
import { CONFIG } from '../../shared';
import type { RenderedEmail } from '../templates';

export interface OutgoingEmail extends RenderedEmail {
  to: { address: string; name?: string | null };
  /** `<notification-<deliveryId>@domain>`: the same for every attempt of one delivery. */
  messageId: string;
}

/**
 * Time limits of one SMTP session. They stay well inside the delivery lease (NotificationDeliveries),
 * so a hung server cannot keep a delivery claimed past the point where another attempt may take it.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

/** Sends notification emails over SMTP (SMTP_URL, or SMTP_HOST/PORT/USER/PASSWORD), from SMTP_FROM. */
@Service()
export class NotificationMailer {
  private transport?: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  /**
   * A deterministic Message-ID per delivery: if a crash after the server accepted a message makes
   * a later attempt send it again, the receiving side can tell the two are one message.
   */
  messageId(deliveryId: string): string {
    return `<notification-${deliveryId}@${messageIdDomain(this.config.smtp.from)}>`;
  }

  /** Resolves when the server accepted the message; rejects with the SMTP error otherwise. */
  async send(email: OutgoingEmail): Promise<void> {
    const info = await this.smtp().sendMail({
      from: this.config.smtp.from,
      to: email.to.name ? { name: email.to.name, address: email.to.address } : email.to.address,
      subject: email.subject.replace(/[\r\n]+/g, ' '),
      text: email.text,
      html: email.html,
      messageId: email.messageId,
      // Our content never names files or URLs to fetch; refuse them outright.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    if (info.rejected.length > 0) throw new Error(`the SMTP server rejected ${info.rejected.length} recipient(s)`);
  }

  private smtp(): Transporter<SMTPTransport.SentMessageInfo> {
    this.transport ??= nodemailer.createTransport(transportOptions(this.config.smtp));
    return this.transport;
  }
}

function transportOptions(smtp: AppConfig['smtp']): SMTPTransport.Options {
  // SMTP_URL wins: one setting carries host, port, TLS (smtps://) and credentials.
  if (smtp.url) return { url: smtp.url, ...TIMEOUTS };
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    ...TIMEOUTS,
  };
}

/** The domain of the SMTP_FROM address (`Name <a@b.example>` or `a@b.example`); `localhost` without one. */
export function messageIdDomain(from: string): string {
  const address = /<([^>]*)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();
  return address.includes('@') && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}
