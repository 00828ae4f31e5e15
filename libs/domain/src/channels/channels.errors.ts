import { BodyUnprocessable, DomainError, FieldProblem, IdempotencyErrors, ValidationFailed } from '../shared';

/**
 * community-content-uploads.md "Errors" (channel routes give statuses, not codes) and CONTRACT
 * section 4: our CHANNEL_* codes carry the spec's status for the condition; body and query
 * problems are 422 UNPROCESSABLE with `errors[]` (readStrictBody, @CursorQuery).
 */
export const ChannelNotFound = () => new DomainError('CHANNEL_NOT_FOUND', 'Channel not found');
/** An unknown post, or one of another channel (the spec's "post-in-channel not found"). */
export const ChannelPostNotFound = () => new DomainError('CHANNEL_POST_NOT_FOUND', 'Post not found in this channel');
/** `field` is where the body named it (`access_policy_config.required_feature_key` on create). */
export const ChannelFeatureKeyUnknown = (key: string, field = 'required_feature_key') =>
  new DomainError('CHANNEL_FEATURE_KEY_UNKNOWN', `${field} "${key}" is not a feature of any subscription plan`, {
    errors: [{ field, code: 'knownFeatureKey', message: `"${key}" is not a known subscription feature key` }],
  });
export const ChannelSoftDeleted = () =>
  new DomainError('CHANNEL_SOFT_DELETED', 'This channel is deleted: restore it before changing it');
export const ChannelStatusTransitionNotAllowed = (message: string) => new DomainError('CHANNEL_STATUS_TRANSITION_NOT_ALLOWED', message);
export const ChannelNotActive = (status: string) =>
  new DomainError('CHANNEL_NOT_ACTIVE', `This channel is ${status}: posts are published only to an active channel`);
/** The spec's 403: "user not entitled to read the channel, post or discussion". */
export const ChannelAccessDenied = (what: 'channel' | 'post' = 'channel') =>
  new DomainError('CHANNEL_ACCESS_DENIED', what === 'post' ? 'You may not read this post' : 'Your subscription does not include this channel');
export const ChannelPostDeleted = () => new DomainError('CHANNEL_POST_DELETED', 'This post is deleted and cannot be changed');
export const ChannelAttachmentNotFound = (index: number, key: string) =>
  new DomainError('CHANNEL_ATTACHMENT_NOT_FOUND', `attachments[${index}].storage_key names no stored file: ${key}`, {
    errors: [{ field: `attachments.${index}.storage_key`, code: 'exists', message: `No stored file has the key ${key}; upload it first` }],
  });

/** 422 naming each attachment whose key a customer uploaded (customer_uploads): a customer's private file is never an admin's attachment. */
export const ChannelAttachmentCustomerUpload = (indexes: number[]) =>
  BodyUnprocessable(
    indexes.map((index): FieldProblem => ({
      field: `attachments.${index}.storage_key`,
      code: 'isAdminUpload',
      message: `attachments.${index}.storage_key names a file a customer uploaded; attach a file the admin upload API stored`,
    })),
  );
/** 422 naming each attachment whose size_bytes is not the stored object's size. */
export const ChannelAttachmentSizeMismatch = (mismatches: Array<{ index: number; given: number; stored: number }>) =>
  BodyUnprocessable(
    mismatches.map(({ index, given, stored }): FieldProblem => ({
      field: `attachments.${index}.size_bytes`,
      code: 'matchesStoredSize',
      message: `attachments.${index}.size_bytes is ${given}, but the stored file has ${stored} bytes (leave it out to take the stored size)`,
    })),
  );

/** Channel and post creation (the spec: missing key 400, same key with another payload 409). */
export const CHANNEL_IDEMPOTENCY_ERRORS: IdempotencyErrors = {
  invalidKey: () =>
    ValidationFailed('The Idempotency-Key header is required: 1-255 visible ASCII characters', [
      { field: 'Idempotency-Key', code: 'required', message: 'Send an Idempotency-Key header (1-255 visible ASCII characters)' },
    ]),
  inProgress: () =>
    new DomainError('CONFLICT', 'A request with this Idempotency-Key is still being processed; retry shortly', { retryAfterSeconds: 1 }),
  mismatch: () =>
    new DomainError('CHANNEL_IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request; use a new key'),
  failed: (message?: string) => new DomainError('CONFLICT', message ?? 'The first request with this Idempotency-Key failed; use a new key'),
};
