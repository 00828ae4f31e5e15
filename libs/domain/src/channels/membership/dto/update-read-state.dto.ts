import { IsString, Matches, MaxLength } from 'class-validator';

/**
 * POST /api/mobile/channels/:id/read-state (community-content-uploads.md "Channels, mobile"):
 * `last_seen_post_id`, a post id as a string of a non-negative integer ("0": nothing seen). A
 * number, a sign, a fraction or blanks are 422, as is a value past bigint (checked by the use case,
 * like after_id / before_id); leading zeros name the same id.
 */
export class UpdateReadStateDto {
  @IsString({ message: 'last_seen_post_id must be a string of a non-negative integer' })
  @MaxLength(64, { message: 'last_seen_post_id must be a string of a non-negative integer' })
  @Matches(/^\d+$/, { message: 'last_seen_post_id must be a string of a non-negative integer' })
  last_seen_post_id: string;
}
