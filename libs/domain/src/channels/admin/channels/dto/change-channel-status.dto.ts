import { IsIn, IsOptional } from 'class-validator';
import { CHANNEL_STATUSES } from '@platform/db';
import type { ChannelStatus } from '@platform/db';
import { IsInstant } from '../../../../shared';

/** PATCH /api/admin/channels/:id/status (community-content-uploads.md "Channel status"). */
export class ChangeChannelStatusDto {
  @IsIn(CHANNEL_STATUSES, { message: `status must be one of ${CHANNEL_STATUSES.join(', ')}` })
  status: ChannelStatus;

  /** When the purge job may remove the channel for good, in the future; only with status soft_deleted (null clears it, absent keeps it). */
  @IsOptional()
  @IsInstant()
  purge_after?: string | null;
}
