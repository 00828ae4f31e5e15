import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { CHANNEL_ACCESS_POLICIES } from '@platform/db';
import type { ChannelAccessPolicy, ChannelHistoryPolicy, ChannelKind, ChannelVisibility } from '@platform/db';
import { OptionalNotNull } from '../../../../shared';
import {
  BackfillDaysField,
  ChannelDescriptionField,
  ChannelKindField,
  ChannelTitleField,
  ChannelVisibilityField,
  FeatureKeyField,
  HistoryPolicyField,
  PreserveHistoryField,
} from './channel-fields';

/** `access_policy_config` of a new channel: every field optional (defaults NO_PAST, 0, true, no key). */
export class ChannelAccessPolicyConfigDto {
  @OptionalNotNull()
  @HistoryPolicyField()
  first_subscribe_history_policy?: ChannelHistoryPolicy;

  /** Integer 0-3650. */
  @OptionalNotNull()
  @BackfillDaysField()
  resubscribe_backfill_days?: number;

  @OptionalNotNull()
  @PreserveHistoryField()
  preserve_prior_entitled_history?: boolean;

  /** Required when access_policy is EXTERNAL_GATED; a feature key some subscription plan names. */
  @IsOptional()
  @FeatureKeyField()
  required_feature_key?: string | null;
}

/** POST /api/admin/channels (community-content-uploads.md "Create channel body", snake_case keys). */
export class CreateChannelDto {
  @ChannelKindField()
  kind: ChannelKind;

  /** Fixed for the channel's life. */
  @IsIn(CHANNEL_ACCESS_POLICIES, { message: `access_policy must be one of ${CHANNEL_ACCESS_POLICIES.join(', ')}` })
  access_policy: ChannelAccessPolicy;

  @ChannelVisibilityField()
  visibility: ChannelVisibility;

  /** Trimmed; 1-200 characters, at least one visible (not whitespace or zero-width). */
  @ChannelTitleField()
  title: string;

  /** At most 5000 characters; null or absent: none. */
  @IsOptional()
  @ChannelDescriptionField()
  description?: string | null;

  @OptionalNotNull()
  @IsObject({ message: 'access_policy_config must be an object' })
  @ValidateNested()
  @Type(() => ChannelAccessPolicyConfigDto)
  access_policy_config?: ChannelAccessPolicyConfigDto;
}
