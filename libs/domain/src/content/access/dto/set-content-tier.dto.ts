import { IsIn, ValidateIf } from 'class-validator';
import { CONTENT_TIERS, ContentTier } from '../../../subscriptions';

/**
 * `POST /api/admin/content-series/:id/tier` and `.../content-items/:id/tier` (CONTRACT section 10):
 * `{ tier: basic | premium | null }`. `tier` must be sent; `null` removes the rule at that level
 * (an item without one follows its series; a series without one is free).
 */
export class SetContentTierDto {
  @ValidateIf((_dto, value) => value !== null)
  @IsIn(CONTENT_TIERS, { message: `tier must be one of ${CONTENT_TIERS.join(', ')}, or null` })
  tier: ContentTier | null;
}
