import { Service } from 'typedi';
import { NewsletterUnsubscribesRepository } from './newsletter-unsubscribes.repository';
import { NewsletterUnsubscribeTokensService } from './newsletter-unsubscribe-tokens.service';

export interface NewsletterUnsubscribeView {
  unsubscribed: true;
}

/**
 * The one-click unsubscribe of a newsletter email (RFC 8058; issue 24 "Delivery"): the signed
 * token names the user, who gets no newsletter email from then on (push is not affected).
 * Idempotent: a repeat, or a mail client's retry, answers the same.
 */
@Service()
export class UnsubscribeFromNewsletterUseCase {
  constructor(
    private readonly tokens: NewsletterUnsubscribeTokensService,
    private readonly unsubscribes: NewsletterUnsubscribesRepository,
  ) {}

  async execute(token: unknown): Promise<NewsletterUnsubscribeView> {
    await this.unsubscribes.add(this.tokens.verify(token));
    return { unsubscribed: true };
  }
}
