import { IsOptional } from 'class-validator';
import { OptionalNotNull, OptionalNullAsAbsent } from '../../../../shared';
import {
  ContentItemBodyField,
  ContentItemSlugField,
  ContentItemSummaryField,
  ContentItemTagIdsField,
  ContentItemTitleField,
  RowIdField,
  ScheduledAtField,
} from './content-item-fields';

/**
 * POST /api/admin/content-items (CONTRACT section 10): `{ seriesId, title, slug?, summary?, body,
 * scheduledAt?, categoryId?, tagIds? }`. Optional fields sent as null count as absent.
 */
export class CreateContentItemDto {
  @RowIdField()
  seriesId: number;

  @ContentItemTitleField()
  title: string;

  @OptionalNullAsAbsent()
  @ContentItemSlugField()
  slug?: string;

  @OptionalNullAsAbsent()
  @ContentItemSummaryField()
  summary?: string;

  @ContentItemBodyField()
  body: string;

  @OptionalNullAsAbsent()
  @ScheduledAtField()
  scheduledAt?: string;

  @OptionalNullAsAbsent()
  @RowIdField()
  categoryId?: number;

  @OptionalNullAsAbsent()
  @ContentItemTagIdsField()
  tagIds?: number[];
}

/**
 * PATCH /api/admin/content-items/:id: the create fields, each optional, at least one. `summary`,
 * `scheduledAt` and `categoryId` may be null to clear them; `tagIds` replaces the item's set.
 */
export class UpdateContentItemDto {
  @OptionalNotNull()
  @RowIdField()
  seriesId?: number;

  @OptionalNotNull()
  @ContentItemTitleField()
  title?: string;

  @OptionalNotNull()
  @ContentItemSlugField()
  slug?: string;

  @IsOptional()
  @ContentItemSummaryField()
  summary?: string | null;

  @OptionalNotNull()
  @ContentItemBodyField()
  body?: string;

  @IsOptional()
  @ScheduledAtField()
  scheduledAt?: string | null;

  @IsOptional()
  @RowIdField()
  categoryId?: number | null;

  @OptionalNotNull()
  @ContentItemTagIdsField()
  tagIds?: number[];
}

/** POST /api/admin/content-items/:id/tier: `{ tier: basic | premium | null }`; the key is required, null removes the item's rule. */
