import { ContainerInstance, Service } from 'typedi';
import { NotificationEventModel } from '@platform/db';
import { Clock, CONTENT_READERS_AUDIENCE, ContentReadersAudience } from '../../shared';
import type { NotificationContent } from '../templates';
import type { AudienceClosed } from './audience-fan-out.service';
import { FAN_OUT_PAGE_SIZE } from './channel-broadcast-fan-out.service';
import type { DeliveryTally } from './delivery-tally';
import { NewsletterEmailFanOutService, NewsletterEmailPage } from './newsletter-email-fan-out.service';
import { PushSender } from './notification-senders';
import { PushFanOutService } from './push-fan-out.service';

/** The app's ContentReadersAudience (libs/runtime registers the content context's one). */
function registeredAudience(container: ContainerInstance): ContentReadersAudience {
  if (!container.has(CONTENT_READERS_AUDIENCE)) {
    throw new Error(`No content readers audience in container ${String(container.id)}: build it with createAppContainer (libs/runtime), which registers it`);
  }
  return container.get(container.get(CONTENT_READERS_AUDIENCE));
}

/** Why the deliveries still open of an item no longer published are skipped. */
export const NEWSLETTER_ITEM_GONE = 'not sent: the item is no longer published';

/**
 * Delivers a newsletter send (NEWSLETTER_EMAIL, NEWSLETTER_PUSH; audience content_readers; issue
 * 24 "Delivery") to the readers the content context names (CONTENT_READERS_AUDIENCE: the one
 * access function, judged at one instant, the clock when the run starts), exactly once each:
 * - email: one message per reader (NewsletterEmailFanOutService);
 * - push: the title and summary of the send, with contentItemId and slug in data, through the
 *   shared PushFanOutService (the channel broadcast's);
 * - the item is read again for every page, so an edit made during a long send (a tier raised, a
 *   text corrected) holds for the pages after it, and an item no longer published ends the send:
 *   every delivery still open is skipped (AudienceFanOutService.closeOut).
 */
@Service({
  factory: (container: ContainerInstance) =>
    new NewsletterDeliveryService(
      registeredAudience(container),
      container.get(NewsletterEmailFanOutService),
      container.get(PushFanOutService),
      container.get(PushSender),
      container.get(Clock),
    ),
})
export class NewsletterDeliveryService {
  constructor(
    private readonly audience: ContentReadersAudience,
    private readonly email: NewsletterEmailFanOutService,
    private readonly pushFanOut: PushFanOutService,
    private readonly pushSender: PushSender,
    private readonly clock: Clock,
  ) {}

  async deliver(event: NotificationEventModel, content: NotificationContent): Promise<DeliveryTally> {
    const contentItemId = event.contentItemId;
    if (contentItemId === null) throw new Error(`notification ${event.id}: a newsletter send names no content item`);
    const at = this.clock.now();
    switch (event.event) {
      case 'NEWSLETTER_EMAIL':
        return this.email.deliver(event.id, (after, limit) => this.page(contentItemId, 'email', after, limit, at));
      case 'NEWSLETTER_PUSH':
        return this.pushFanOut.deliver({
          eventId: event.id,
          label: 'newsletter push',
          message: this.pushSender.message(event, content),
          pageSize: FAN_OUT_PAGE_SIZE,
          page: async (after, limit) => {
            const page = await this.page(contentItemId, 'push', after, limit, at);
            return 'closed' in page ? page : { recipients: page.recipients.map((reader) => reader.userId), next: page.next };
          },
        });
      default:
        throw new Error(`notification ${event.id}: ${event.event} is not a newsletter send`);
    }
  }

  /** A page of the item's readers on `channel`, with the item as it is now; closed once it is no longer published. */
  private async page(contentItemId: number, channel: 'email' | 'push', after: string | null, limit: number, at: Date): Promise<NewsletterEmailPage | AudienceClosed> {
    const item = await this.audience.item(contentItemId);
    if (!item) return { closed: NEWSLETTER_ITEM_GONE };
    const { readers, next } = await this.audience.page(item, channel, after, limit, at);
    return { item, recipients: readers, next };
  }
}
