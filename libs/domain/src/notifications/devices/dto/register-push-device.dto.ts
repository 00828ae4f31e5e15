import { IsIn, IsString, Length } from 'class-validator';
import { Trim } from '../../../shared';

export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const;

/** POST /api/notifications/devices: the FCM registration token of the caller's app install. */
export class RegisterPushDeviceDto {
  @Trim()
  @IsString()
  @Length(1, 4096)
  token: string;

  @IsString()
  @IsIn(PUSH_PLATFORMS)
  platform: string;
}
