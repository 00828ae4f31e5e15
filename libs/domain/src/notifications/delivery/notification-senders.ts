import { Service } from 'typedi';
import { Database, NotificationEventModel } from '@platform/db';
import { textArrayLiteral } from '../../shared';
import { NotificationMailer } from '../email';
import { PushMessage, PushProviders } from '../push';
import { NotificationContent, renderNotificationEmail } from '../templates';
import type { DeliveryTarget, EmailAddress } from './notification-recipients.service';

/** What became of one send: sent, or nothing to send to (the delivery is skipped with the reason). */
export type SendOutcome = { status: 'sent' } | { status: 'skipped'; reason: string };

export interface SendContext {
  event: NotificationEventModel;
  deliveryId: string;
  content: NotificationContent;
}

const SENT: SendOutcome = { status: 'sent' };

/** Email: the event's template in the email layout, with the delivery's fixed Message-ID. */
@Service()
export class EmailSender {
  constructor(private readonly mailer: NotificationMailer) {}

  async send(to: EmailAddress, context: SendContext): Promise<SendOutcome> {
    const email = renderNotificationEmail(context.content, to.name);
    await this.mailer.send({ ...email, to, messageId: this.mailer.messageId(context.deliveryId) });
    return SENT;
  }
}

/**
 * Push: one request for all of a customer's devices, or one to the admin topic. Tokens the provider
 * reports as unregistered are forgotten. A push that reached at least one device counts as sent
 * (a retry would push the others twice); none reached because of an outage throws, for a retry.
 */
@Service()
export class PushSender {
  constructor(
    private readonly providers: PushProviders,
    private readonly db: Database,
  ) {}

  async send(to: NonNullable<Extract<DeliveryTarget, { channel: 'push' }>['to']>, context: SendContext): Promise<SendOutcome> {
    const provider = await this.providers.current();
    const message = this.message(context.event, context.content);
    if ('topic' in to) {
      await provider.sendToTopic(to.topic, message);
      return SENT;
    }
    const result = await provider.sendToTokens(to.tokens, message);
    await this.forgetTokens(result.invalidTokens);
    if (result.delivered > 0) return SENT;
    if (result.errors.length > 0) throw new Error(`push failed: ${result.errors[0]}`);
    return { status: 'skipped', reason: 'no registered device' };
  }

  /**
   * The push's data: the event name and id, the payload's plain values (ids, order number) as
   * strings, as FCM requires, and the template's own fields (a channel post's notificationType);
   * nested values (order lines) stay in the in-app row.
   */
  message(event: NotificationEventModel, content: NotificationContent): PushMessage {
    const data: Record<string, string> = {};
    for (const [key, value] of Object.entries(event.payload)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') data[key] = String(value);
    }
    return { title: content.title, body: content.body, data: { ...data, ...content.pushData, type: event.event, eventId: String(event.id) } };
  }

  /** Drops the devices of tokens the provider reported as unregistered or invalid. */
  async forgetTokens(tokens: readonly string[]): Promise<void> {
    if (tokens.length === 0) return;
    await this.db.sequelize.query('DELETE FROM push_devices WHERE token = ANY(CAST(:tokens AS text[]))', {
      replacements: { tokens: textArrayLiteral(tokens) },
    });
  }
}

/** In-app: the customer's inbox row, once per (event, user). */
@Service()
export class InAppSender {
  constructor(private readonly db: Database) {}

  async send(to: { userId: string }, context: SendContext): Promise<SendOutcome> {
    await this.db.sequelize.query(
      `INSERT INTO notifications (user_id, event_id, type, title, body, data)
       VALUES (:userId, :eventId, :type, :title, :body, CAST(:data AS jsonb))
       ON CONFLICT (event_id, user_id) DO NOTHING`,
      {
        replacements: {
          userId: to.userId,
          eventId: context.event.id,
          type: context.event.event,
          title: context.content.title,
          body: context.content.body,
          data: JSON.stringify(context.event.payload),
        },
      },
    );
    return SENT;
  }
}
