import { Service } from 'typedi';
import { ContentItemModel, ContentSeriesModel } from '@platform/db';
import type { ContentReader, ContentReadersAudience, ContentReadersPage, NewsletterItem } from '../../shared';
import { ContentAccessService, ContentTiersService } from '../access';
import { NewsletterUnsubscribesRepository } from './newsletter-unsubscribes.repository';
import { NewsletterUnsubscribeTokensService } from './newsletter-unsubscribe-tokens.service';

/**
 * Who gets a newsletter item by email or push (issue 24 "Delivery"), for the notifications
 * context (CONTENT_READERS_AUDIENCE): the item as published now with its effective tier
 * (ContentTiersService: the item's rule over its series'), and its readers by the one access
 * function (ContentAccessService.readers, in SQL: a free item goes to every user with a content
 * entitlement at `at`, a basic one to basic and premium holders, a premium one to premium
 * holders; trials and grants count, revoked or expired subscriptions do not). Users who took the
 * one-click unsubscribe get no email; push is not affected.
 */
@Service()
export class ContentReadersAudienceService implements ContentReadersAudience {
  constructor(
    private readonly access: ContentAccessService,
    private readonly tiers: ContentTiersService,
    private readonly unsubscribes: NewsletterUnsubscribesRepository,
    private readonly tokens: NewsletterUnsubscribeTokensService,
  ) {}

  async item(contentItemId: number): Promise<NewsletterItem | null> {
    const item = await ContentItemModel.findOne({ where: { id: contentItemId, status: 'published' } });
    if (!item) return null;
    const [series, tiers] = await Promise.all([
      ContentSeriesModel.findByPk(item.seriesId, { attributes: ['title'] }),
      this.tiers.ofItems([item.id]),
    ]);
    return {
      id: item.id,
      slug: item.slug,
      title: item.title,
      summary: item.summary,
      body: item.body,
      seriesTitle: series?.title ?? '',
      tier: tiers.get(item.id)?.tier ?? null,
    };
  }

  async page(item: NewsletterItem, channel: 'email' | 'push', after: string | null, limit: number, at: Date): Promise<ContentReadersPage> {
    const holders = await this.access.readers(item.tier, after, limit, at);
    const unsubscribed = channel === 'email' ? await this.unsubscribes.among(holders.map((holder) => holder.userId)) : new Set<string>();
    const readers: ContentReader[] = holders
      .filter((holder) => !unsubscribed.has(holder.userId))
      .map((holder) => ({ userId: holder.userId, email: holder.email, name: holder.name, unsubscribeUrl: this.tokens.url(holder.userId) }));
    return { readers, next: holders.length === limit ? holders[holders.length - 1].userId : null };
  }
}
