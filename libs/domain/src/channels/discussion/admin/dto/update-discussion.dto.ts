import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { OptionalNotNull } from '../../../../shared';
import { FeatureKeyField } from '../../../admin/channels/dto/channel-fields';
import { DiscussionTitleField, MAX_SLOW_MODE_INTERVAL_SECONDS } from '../../dto/discussion-fields';

/**
 * PATCH /api/admin/channels/:id/discussion (CONTRACT section 10: admin routes of our design
 * configure a channel's discussion), snake_case as the channel bodies, at least one field.
 */
export class UpdateDiscussionDto {
  @OptionalNotNull()
  @IsBoolean()
  is_enabled?: boolean;

  /** Trimmed; 1-200 characters, at least one visible. */
  @OptionalNotNull()
  @DiscussionTitleField()
  title?: string;

  /** A feature key some subscription plan names; null: the channel's access alone opens the discussion. */
  @IsOptional()
  @FeatureKeyField()
  required_feature_key?: string | null;

  @OptionalNotNull()
  @IsBoolean()
  slow_mode_enabled?: boolean;

  /** 1-86,400 seconds; null clears it, which slow mode on refuses (it needs an interval). */
  @IsOptional()
  @IsInt({ message: 'slow_mode_interval_seconds must be an integer' })
  @Min(1, { message: `slow_mode_interval_seconds must be from 1 to ${MAX_SLOW_MODE_INTERVAL_SECONDS}` })
  @Max(MAX_SLOW_MODE_INTERVAL_SECONDS, { message: `slow_mode_interval_seconds must be from 1 to ${MAX_SLOW_MODE_INTERVAL_SECONDS}` })
  slow_mode_interval_seconds?: number | null;
}
