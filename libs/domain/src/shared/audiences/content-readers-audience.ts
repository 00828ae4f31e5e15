import { Constructable, Token } from 'typedi';

/** A newsletter item as it is sent now (its current published text and tier). */
export interface NewsletterItem {
  id: number;
  slug: string;
  title: string;
  summary: string | null;
  body: string;
  seriesTitle: string;
  /** The item's effective tier (the item's rule over its series'); null: free. */
  tier: 'basic' | 'premium' | null;
}

/** One reader a newsletter send goes to. */
export interface ContentReader {
  userId: string;
  email: string;
  name: string | null;
  /** The one-click unsubscribe URL of this reader (RFC 8058), for the email's List-Unsubscribe. */
  unsubscribeUrl: string;
}

/** One page of an item's readers, and where the next page starts (null: the last page). */
export interface ContentReadersPage {
  readers: ContentReader[];
  next: string | null;
}

/**
 * Who gets a newsletter item by email or push, page by page: the content context answers it with
 * its one access function (ContentAccessService's rule: free items to every user with a content
 * entitlement now, basic to basic or premium, premium to premium), the notifications context
 * sends. In shared so that notifications never imports content, as CHANNEL_PUSH_AUDIENCE.
 */
export interface ContentReadersAudience {
  /** The item as it is sent now; null when it is no longer published (nobody gets it). */
  item(contentItemId: number): Promise<NewsletterItem | null>;
  /**
   * Up to `limit` readers of `item` at `at` in user id order after `after` (null: from the first).
   * For `email`, users who unsubscribed from newsletter email are left out. A page may hold fewer
   * readers than `limit` and still have a next one.
   */
  page(item: NewsletterItem, channel: 'email' | 'push', after: string | null, limit: number, at: Date): Promise<ContentReadersPage>;
}

/** The ContentReadersAudience of an app, a class set by the composition root (libs/runtime's createAppContainer). */
export const CONTENT_READERS_AUDIENCE = new Token<Constructable<ContentReadersAudience>>('notifications.content-readers-audience');
