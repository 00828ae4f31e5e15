import { OptionalNullAsAbsent, readStrictBody } from '../../../../shared';
import { MessageBodyField, ModerationReasonField } from '../../dto/discussion-fields';

/** POST /api/admin/channels/:id/discussion/messages: a message written as ADMIN. */
export class AdminPostMessageDto {
  /** Trimmed, 1-4,000 characters; line feeds and tabs allowed, no other control character. */
  @MessageBodyField()
  body: string;
}

/** PATCH /api/admin/discussion-messages/:id: the new body, and why (recorded with a user's message). */
export class AdminEditMessageDto {
  /** Trimmed, 1-4,000 characters; line feeds and tabs allowed, no other control character. */
  @MessageBodyField()
  body: string;

  /** Recorded in the moderation log when the message is a user's; trimmed, 1-500 characters. */
  @OptionalNullAsAbsent()
  @ModerationReasonField()
  reason?: string;
}

/** The optional body of the moderation DELETE routes (a message, a ban, a mute): why. */
export class ModerationReasonDto {
  /** Recorded in the moderation log; trimmed, 1-500 characters. */
  @OptionalNullAsAbsent()
  @ModerationReasonField()
  reason?: string;
}

/** The reason of an optional ModerationReasonDto body: absent body, no reason; a malformed one is 422 as readStrictBody answers. */
export const readModerationReason = (body: unknown): string | undefined =>
  body === undefined ? undefined : readStrictBody(ModerationReasonDto, body).reason;
