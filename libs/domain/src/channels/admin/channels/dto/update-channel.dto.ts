import { IsOptional } from 'class-validator';
import type { ChannelKind, ChannelVisibility } from '@platform/db';
import { OptionalNotNull } from '../../../../shared';
import { ChannelDescriptionField, ChannelKindField, ChannelTitleField, ChannelVisibilityField } from './channel-fields';

/**
 * PATCH /api/admin/channels/:id: the metadata, at least one field. `access_policy` and `status`
 * are not fields of it (unknown keys are 422): the policy is fixed, the status has its own route.
 */
export class UpdateChannelDto {
  @OptionalNotNull()
  @ChannelKindField()
  kind?: ChannelKind;

  @OptionalNotNull()
  @ChannelVisibilityField()
  visibility?: ChannelVisibility;

  /** Trimmed; 1-200 characters, at least one visible (not whitespace or zero-width). */
  @OptionalNotNull()
  @ChannelTitleField()
  title?: string;

  /** null clears it. */
  @IsOptional()
  @ChannelDescriptionField()
  description?: string | null;
}
