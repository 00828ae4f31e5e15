import { IsIn, ValidateIf } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CONTENT_TIERS, ContentTier } from '../../../subscriptions';

/**
 * `POST /api/admin/content-series/:id/tier` and `.../content-items/:id/tier` (CONTRACT section 10):
 * `{ tier: basic | premium | null }`. `tier` must be sent; `null` removes the rule at that level
 * (an item without one follows its series; a series without one is free). The schema says so
 * itself: @ValidateIf alone would document the field as optional.
 */
@JSONSchema({ required: ['tier'] })
export class SetContentTierDto {
  @ValidateIf((_dto, value) => value !== null)
  @IsIn(CONTENT_TIERS, { message: `tier must be one of ${CONTENT_TIERS.join(', ')}, or null` })
  @JSONSchema({ nullable: true, enum: [...CONTENT_TIERS, null], description: 'basic or premium sets the rule; null removes it' })
  tier: ContentTier | null;
}
