import { DomainError, IdempotencyErrors, ValidationFailed } from '../../shared';
import { CHANNEL_IDEMPOTENCY_ERRORS } from '../channels.errors';

/**
 * Discussion errors (community-content-uploads.md "Errors": 403 for a user not entitled to the
 * discussion, 404 not found; CONTRACT section 4: another user's message is 403 to edit or delete).
 */
export const DiscussionAccessDenied = () =>
  new DomainError('CHANNEL_DISCUSSION_ACCESS_DENIED', 'You may not take part in this discussion: it needs access to its channel and its feature');
export const DiscussionDisabled = () => new DomainError('CHANNEL_DISCUSSION_DISABLED', 'This discussion is closed: no new messages');
export const DiscussionBanned = () => new DomainError('CHANNEL_DISCUSSION_BANNED', 'You are banned from this discussion');
export const DiscussionMuted = (until: Date) =>
  new DomainError('CHANNEL_DISCUSSION_MUTED', `You are muted in this discussion until ${until.toISOString()}`, { mutedUntil: until.toISOString() });
export const DiscussionMessageNotFound = () => new DomainError('CHANNEL_MESSAGE_NOT_FOUND', 'Message not found');
export const DiscussionMessageNotYours = () => new DomainError('CHANNEL_MESSAGE_FORBIDDEN', 'You may edit or delete only your own messages');
export const DiscussionMessageDeleted = () => new DomainError('CHANNEL_MESSAGE_DELETED', 'This message is deleted and cannot be changed');
/** Slow mode (rule 5): one user-authored message per interval; 429 with Retry-After. */
export const DiscussionSlowMode = (retryAfterSeconds: number) =>
  new DomainError('RATE_LIMIT_EXCEEDED', `Slow mode is on: you may post again in ${retryAfterSeconds} s`, { retryAfterSeconds });

/** A message post's optional Idempotency-Key: the channel's codes, but a malformed key is not a missing one. */
export const DISCUSSION_IDEMPOTENCY_ERRORS: IdempotencyErrors = {
  ...CHANNEL_IDEMPOTENCY_ERRORS,
  invalidKey: () =>
    ValidationFailed('The Idempotency-Key header, when sent, is 1-255 visible ASCII characters', [
      { field: 'Idempotency-Key', code: 'format', message: 'Send 1-255 visible ASCII characters (a UUID), or leave the header out' },
    ]),
};
