export { NewsletterSendsService, newsletterJobId } from './newsletter-sends.service';
export type { NewsletterChannel, NewsletterDeliveryStatus } from './newsletter-sends.service';
