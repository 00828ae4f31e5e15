import { Inject, Service } from 'typedi';
import { NotificationEventModel } from '@platform/db';
import type { Logger } from '@platform/observability';
import { LOGGER } from '../../shared';
import type { NotificationEventName, NotificationEventPayloads } from '../events';
import { isNotificationEventName, NotificationContent, renderNotification } from '../templates';
import { ChannelBroadcastFanOutService } from './channel-broadcast-fan-out.service';
import type { DeliveryTally } from './delivery-tally';
import { NewsletterDeliveryService } from './newsletter-delivery.service';
import { DeliveryRow, NotificationDeliveries } from './notification-deliveries.repository';
import { DeliveryTarget, NotificationRecipientResolver } from './notification-recipients.service';
import { EmailSender, InAppSender, PushSender, SendContext, SendOutcome } from './notification-senders';

export interface DeliveryReport {
  eventId: string;
  outcome: 'processed' | 'already_processed' | 'missing';
  sent: number;
  skipped: number;
}

/**
 * Thrown when some delivery of an event is not settled (it failed, or another attempt holds it),
 * so the queue retries the job with backoff. Deliveries already sent stay sent.
 */
export class NotificationDeliveryIncomplete extends Error {
  constructor(
    readonly eventId: string,
    readonly failed: number,
    readonly busy: number,
    firstError: string | undefined,
  ) {
    super(`notification ${eventId}: ${failed} delivery(ies) failed, ${busy} held by another attempt${firstError ? ` (${firstError})` : ''}`);
    this.name = 'NotificationDeliveryIncomplete';
  }
}

/**
 * Job notification.deliver (learning-commerce.md, "Events"): delivers one outbox event on every
 * channel to every recipient. It creates one delivery row per (channel, recipient) (existing rows
 * kept), then claims, sends and settles each row that is not yet sent or skipped. Safe to run any
 * number of times: a sent delivery is never sent again, and a processed event is left alone.
 * A channel's broadcast (audience channel_members) goes to its members page by page in provider
 * batches instead (ChannelBroadcastFanOutService), and a newsletter send (content_readers) to the
 * item's readers (NewsletterDeliveryService), with the same rows and the same end.
 * A failure here never touches the business write that recorded the event.
 */
@Service()
export class DeliverNotificationUseCase {
  constructor(
    private readonly recipients: NotificationRecipientResolver,
    private readonly deliveries: NotificationDeliveries,
    private readonly email: EmailSender,
    private readonly push: PushSender,
    private readonly inApp: InAppSender,
    private readonly broadcast: ChannelBroadcastFanOutService,
    private readonly newsletters: NewsletterDeliveryService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(eventId: string): Promise<DeliveryReport> {
    const report: DeliveryReport = { eventId, outcome: 'processed', sent: 0, skipped: 0 };
    const event = /^[1-9][0-9]{0,18}$/.test(eventId) ? await NotificationEventModel.findByPk(eventId) : null;
    if (!event) return { ...report, outcome: 'missing' }; // deleted with its user (ON DELETE CASCADE)
    if (event.processedAt) return { ...report, outcome: 'already_processed' };
    // An event this version does not know (a newer producer): fail, so a retry after deploying delivers it.
    if (!isNotificationEventName(event.event)) throw new Error(`notification ${eventId}: no template for event ${event.event}`);
    const known = event as NotificationEventModel & { event: NotificationEventName };

    const content = renderNotification(known.event, known.payload as unknown as NotificationEventPayloads[NotificationEventName]);
    const { sent, skipped, failed, busy, firstError } = await this.deliverTo(known, content);
    report.sent = sent;
    report.skipped = skipped;

    if (failed > 0 || busy > 0) throw new NotificationDeliveryIncomplete(eventId, failed, busy, firstError);
    if (!(await this.deliveries.markEventProcessed(event.id))) {
      await event.reload();
      // Not settled after all: a row appeared meanwhile (a concurrent attempt); the retry settles it.
      if (!event.processedAt) throw new NotificationDeliveryIncomplete(eventId, 0, 1, undefined);
    }
    return report;
  }

  private deliverTo(event: NotificationEventModel & { event: NotificationEventName }, content: NotificationContent): Promise<DeliveryTally> {
    switch (event.audience) {
      case 'channel_members':
        return this.broadcast.deliver(event, content);
      case 'content_readers':
        return this.newsletters.deliver(event, content);
      default:
        return this.deliverEach(event, content);
    }
  }

  /** Each (channel, recipient) of the event, one claim and one send at a time. */
  private async deliverEach(event: NotificationEventModel & { event: NotificationEventName }, content: NotificationContent): Promise<DeliveryTally> {
    const outcome: DeliveryTally = { sent: 0, skipped: 0, failed: 0, busy: 0, firstError: undefined };
    const targets = await this.recipients.resolve(event);
    await this.deliveries.ensure(event.id, targets);
    for (const row of await this.deliveries.unsettled(event.id)) {
      if (!(await this.deliveries.claim(row.id))) {
        outcome.busy += 1;
        continue;
      }
      try {
        const result = await this.sendOne(row, targets, { event, deliveryId: row.id, content });
        if (result.status === 'sent') {
          await this.deliveries.markSent(row.id);
          outcome.sent += 1;
        } else {
          await this.deliveries.markSkipped(row.id, result.reason);
          outcome.skipped += 1;
        }
      } catch (error) {
        const message = errorText(error);
        outcome.firstError ??= message;
        outcome.failed += 1;
        await this.deliveries.markFailed(row.id, message);
        this.logger.warn({ eventId: event.id, deliveryId: row.id, channel: row.channel, attempt: row.attempts + 1, err: error }, 'notification delivery failed');
      }
    }
    return outcome;
  }

  private sendOne(row: DeliveryRow, targets: DeliveryTarget[], context: SendContext): Promise<SendOutcome> {
    const target = targets.find((candidate) => candidate.channel === row.channel && candidate.recipient === row.recipient);
    if (!target) return Promise.resolve({ status: 'skipped', reason: 'no longer a recipient' });
    if (target.to === null) return Promise.resolve({ status: 'skipped', reason: `no ${ADDRESS_NAMES[target.channel]}` });
    switch (target.channel) {
      case 'email':
        return this.email.send(target.to, context);
      case 'push':
        return this.push.send(target.to, context);
      case 'in_app':
        return this.inApp.send(target.to, context);
    }
  }
}

const ADDRESS_NAMES = { email: 'email address', push: 'registered device', in_app: 'user' } as const;

/** An error as stored in last_error: its message (SMTP replies carry no credentials), never a stack. */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
