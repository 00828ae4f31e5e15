export { ContentReadersAudienceService } from './content-readers-audience.service';
export { NEWSLETTER_UNSUBSCRIBE_ROUTE, NewsletterUnsubscribeTokensService } from './newsletter-unsubscribe-tokens.service';
export { UnsubscribeFromNewsletterUseCase } from './unsubscribe-from-newsletter.use-case';
export type { NewsletterUnsubscribeView } from './unsubscribe-from-newsletter.use-case';
