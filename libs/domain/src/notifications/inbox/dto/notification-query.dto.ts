import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { QueryDto, ToBoolean } from '../../../shared';

export const NOTIFICATION_SORTS = ['createdAt'] as const;

/**
 * GET /api/notifications: QueryDto (CONTRACT section 5) plus `unreadOnly`; newest first by
 * default. `search` is accepted (QueryDto) and ignored.
 */
export class NotificationQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(NOTIFICATION_SORTS)
  override sort: string = 'createdAt';

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  unreadOnly: boolean = false;
}
