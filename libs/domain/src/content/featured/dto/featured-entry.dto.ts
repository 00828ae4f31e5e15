import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsInstant, MAX_ROW_ID, OptionalNotNull, QueryDto } from '../../../shared';

/** A sanity bound on display_order (the column is a PostgreSQL integer; "after the last" adds one to the highest). */
export const MAX_FEATURED_DISPLAY_ORDER = 1_000_000;
/** A sanity bound on one reorder body (it names every entry). */
export const MAX_FEATURED_REORDER_IDS = 1_000;

/**
 * POST /api/admin/content-featured (CONTRACT section 10, snake_case keys). `start_date` and
 * `end_date` are RFC 3339 date-times or bare dates (YYYY-MM-DD, a day in Nepal: readWindowSide);
 * absent or null: the window is open on that side.
 */
export class CreateFeaturedEntryDto {
  @IsInt({ message: 'content_item_id must be a positive integer' })
  @Min(1, { message: 'content_item_id must be a positive integer' })
  content_item_id: number;

  @IsOptional()
  @IsInstant()
  start_date?: string | null;

  @IsOptional()
  @IsInstant()
  end_date?: string | null;

  /** Non-negative; absent: after the last entry. */
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_FEATURED_DISPLAY_ORDER)
  display_order?: number;
}

/** PATCH: the same fields, each optional (at least one); null clears a date, never content_item_id or display_order. */
export class UpdateFeaturedEntryDto {
  @OptionalNotNull()
  @IsInt({ message: 'content_item_id must be a positive integer' })
  @Min(1, { message: 'content_item_id must be a positive integer' })
  content_item_id?: number;

  @IsOptional()
  @IsInstant()
  start_date?: string | null;

  @IsOptional()
  @IsInstant()
  end_date?: string | null;

  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_FEATURED_DISPLAY_ORDER)
  display_order?: number;
}

/** Every current entry, each once, in the new order. */
export class ReorderFeaturedEntriesDto {
  @IsArray()
  @ArrayMaxSize(MAX_FEATURED_REORDER_IDS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ROW_ID, { each: true })
  ids: number[];
}

/**
 * The featured lists (admin, and the public `/featured/all`): always by display order, then id.
 * `order` flips both; `search` matches the item's title or slug.
 */
export class FeaturedListQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(['displayOrder'])
  override sort: string = 'displayOrder';

  @IsOptional()
  @IsIn(['asc', 'desc'])
  override order: 'asc' | 'desc' = 'asc';
}
