import { Service } from 'typedi';
import { NewsletterDeliveryStatus, NewsletterSendsService } from '../../../notifications';
import { AdminContentItemsRepository } from '../items/content-items-admin.repository';

/** An item's newsletter sends, one per channel; null where the item was never sent on that channel. */
export interface ContentItemDeliveriesView {
  email: NewsletterDeliveryStatus | null;
  push: NewsletterDeliveryStatus | null;
}

/**
 * GET /api/admin/content-items/:id/deliveries (issue 24 "Admin"): where the item's email and push
 * sends stand (NewsletterSendsService.status), for any item status: an item unpublished after its send
 * keeps its history. An unknown item is 404 CONTENT_NOT_FOUND.
 */
@Service()
export class ContentItemDeliveriesService {
  constructor(
    private readonly items: AdminContentItemsRepository,
    private readonly sends: NewsletterSendsService,
  ) {}

  async of(id: number): Promise<ContentItemDeliveriesView> {
    const item = await this.items.requireItem(id);
    const [email, push] = await Promise.all([this.sends.status('email', item.id), this.sends.status('push', item.id)]);
    return { email, push };
  }
}
