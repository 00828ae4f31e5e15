import { Service } from 'typedi';
import { Database } from '@platform/db';
import { NewsletterChannel, NewsletterDeliveryStatus, NewsletterSendsService } from '../../../../notifications';
import { ContentStatusInvalid } from '../../../content.errors';
import { AdminContentItemsRepository } from '../../items/content-items-admin.repository';

/**
 * POST /api/admin/content-items/:id/send-email and .../send-push (issue 24 "Admin", "Delivery";
 * community-content-uploads.md "Events"): a published item's send on one channel is recorded once
 * (NewsletterSendsService: one outbox event per item and channel, queued after commit as
 * `newsletter:{channel}:{id}`), and every request, first or repeat, answers where that send stands.
 * The item's row lock keeps it published until the send is recorded (an unpublish waits) and makes
 * concurrent first requests apply one after the other; the event's dedupe key alone would already
 * keep them to one event.
 */
@Service()
export class SendContentItemUseCase {
  constructor(
    private readonly db: Database,
    private readonly items: AdminContentItemsRepository,
    private readonly sends: NewsletterSendsService,
  ) {}

  execute(channel: NewsletterChannel, id: number): Promise<NewsletterDeliveryStatus> {
    return this.db.transaction(async (tx) => {
      const item = await this.items.requireItem(id, tx, true);
      if (item.status !== 'published') {
        throw ContentStatusInvalid(`Only a published item can be sent by ${channel}; this item is ${item.status}`);
      }
      await this.sends.queue(channel, { contentItemId: item.id, slug: item.slug, title: item.title, summary: item.summary }, tx);
      // Read in the same transaction, so the first request sees the event it just recorded.
      const status = await this.sends.status(channel, item.id, tx);
      if (!status) throw new Error(`The ${channel} send of content item ${item.id} was recorded but cannot be read`);
      return status;
    });
  }
}
