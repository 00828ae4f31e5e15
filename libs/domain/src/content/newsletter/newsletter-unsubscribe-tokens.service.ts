import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG } from '../../shared';
import { NewsletterUnsubscribeTokenInvalid } from './newsletter-unsubscribe.errors';

/** The customer-api route a newsletter's unsubscribe link opens (GET: a confirm page; POST: RFC 8058 one-click). */
export const NEWSLETTER_UNSUBSCRIBE_ROUTE = '/api/content/newsletter/unsubscribe';

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed newsletter unsubscribe tokens, one per user: `<userId>.<base64url HMAC-SHA256>`, keyed by
 * a key derived for this purpose only (no other signed value of the platform, a list cursor or a
 * playback token, passes for one) from NEWSLETTER_UNSUBSCRIBE_SECRET, or from JWT_SECRET while
 * that is unset, compared in constant time. They never expire: an unsubscribe link in a years-old
 * email must still work (RFC 8058), and all it can do is stop newsletter email for the user it
 * names. Hence a secret of their own: rotating JWT_SECRET after a leak must not break them (set
 * NEWSLETTER_UNSUBSCRIBE_SECRET to the old JWT_SECRET first, and the links already sent still verify).
 */
@Service()
export class NewsletterUnsubscribeTokensService {
  private readonly key: Buffer;
  private readonly baseUrl: string;

  constructor(@Inject(CONFIG) config: AppConfig) {
    const secret = config.auth.newsletterUnsubscribeSecret ?? config.auth.jwtSecret;
    this.key = createHmac('sha256', secret).update('newsletter-unsubscribe/v1').digest();
    this.baseUrl = config.apps.customerApi.publicBaseUrl.replace(/\/+$/, '');
  }

  issue(userId: string): string {
    return `${userId}.${this.sign(userId).toString('base64url')}`;
  }

  /** The absolute unsubscribe URL of `userId` (CUSTOMER_API_PUBLIC_BASE_URL), for List-Unsubscribe and the email's footer. */
  url(userId: string): string {
    return `${this.baseUrl}${NEWSLETTER_UNSUBSCRIBE_ROUTE}?token=${encodeURIComponent(this.issue(userId))}`;
  }

  /** The user a genuine token names; 400 VALIDATION_ERROR for anything missing, malformed or altered. */
  verify(token: unknown): string {
    const match = typeof token === 'string' ? TOKEN.exec(token) : null;
    const signature = match && Buffer.from(match[2], 'base64url');
    if (!match || !signature || signature.length !== 32 || !timingSafeEqual(signature, this.sign(match[1]))) throw NewsletterUnsubscribeTokenInvalid();
    return match[1];
  }

  private sign(userId: string): Buffer {
    return createHmac('sha256', this.key).update(userId).digest();
  }
}
