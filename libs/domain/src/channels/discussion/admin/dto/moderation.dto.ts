import { IsUUID } from 'class-validator';
import { IsInstant, OptionalNullAsAbsent } from '../../../../shared';
import { ModerationReasonField } from '../../dto/discussion-fields';

/** POST /api/admin/channels/:id/discussion/bans. */
export class BanFromDiscussionDto {
  /** The user's id (a UUID); a user that does not exist is 422 UNPROCESSABLE naming user_id. */
  @IsUUID('all', { message: 'user_id must be a UUID' })
  user_id: string;

  /** Trimmed, 1-500 characters. */
  @OptionalNullAsAbsent()
  @ModerationReasonField()
  reason?: string;
}

/** POST /api/admin/channels/:id/discussion/mutes. */
export class MuteInDiscussionDto {
  /** The user's id (a UUID); a user that does not exist is 422 UNPROCESSABLE naming user_id. */
  @IsUUID('all', { message: 'user_id must be a UUID' })
  user_id: string;

  /** RFC 3339, in the future: the user may post again from then on. */
  @IsInstant()
  muted_until: string;

  /** Trimmed, 1-500 characters. */
  @OptionalNullAsAbsent()
  @ModerationReasonField()
  reason?: string;
}
