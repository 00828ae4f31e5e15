import { IsIn, IsOptional } from 'class-validator';
import { QueryDto } from '../../../../shared';
import { CONTENT_TIER_HOLDER_SORTS } from '../../../../subscriptions';

/** `all`: every holder of a content tier; `basic`: holders whose tier satisfies basic (basic or premium); `premium`: premium holders. */
export const CONTENT_SUBSCRIBER_TIERS = ['all', 'basic', 'premium'] as const;
export type ContentSubscriberTierFilter = (typeof CONTENT_SUBSCRIBER_TIERS)[number];
export const CONTENT_SUBSCRIBER_SORTS = CONTENT_TIER_HOLDER_SORTS;
export type ContentSubscriberSort = (typeof CONTENT_SUBSCRIBER_SORTS)[number];

/**
 * GET /api/admin/content-items/subscribers (CONTRACT section 10): QueryDto plus `tier` (default
 * `all`). Sorted by name, ascending, unless asked otherwise (an address book reads A to Z).
 * `sort`, `order` and `tier` are declared `string` and narrowed by @IsIn (routing-controllers
 * converts query values by the design type); class-validator drops the parent's validators of an
 * overridden property, hence repeated here.
 */
export class FetchContentSubscribersDto extends QueryDto {
  @IsOptional()
  @IsIn(CONTENT_SUBSCRIBER_TIERS)
  tier: string = 'all';

  @IsOptional()
  @IsIn(CONTENT_SUBSCRIBER_SORTS)
  override sort: string = 'name';

  @IsOptional()
  @IsIn(['asc', 'desc'])
  override order: 'asc' | 'desc' = 'asc';
}
