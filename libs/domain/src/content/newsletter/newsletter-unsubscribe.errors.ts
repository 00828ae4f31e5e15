import { DomainError } from '../../shared';

/** A missing, altered or malformed unsubscribe token: 400, never a 500 (CONTRACT section 4). */
export const NewsletterUnsubscribeTokenInvalid = () => new DomainError('VALIDATION_ERROR', 'This unsubscribe link is invalid or incomplete');
