import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { LabelFilterQueryDto, QueryDto } from '../../../shared';

/** Public series list sorts (createdAt, the default, is content_series_active_idx's order). */
export const PUBLIC_SERIES_SORTS = ['createdAt', 'updatedAt', 'title'] as const;
export type PublicSeriesSort = (typeof PUBLIC_SERIES_SORTS)[number];

/** Reader item list sorts: publishedAt (the default: newest first with `order` desc), title, relevance (the search's rank). */
export const PUBLIC_ITEM_SORTS = ['publishedAt', 'title', 'relevance'] as const;
export type PublicItemSort = (typeof PUBLIC_ITEM_SORTS)[number];

/**
 * GET /api/content/series: QueryDto; `search` matches the title (case-insensitive, anywhere).
 * `sort` is declared `string` and narrowed by @IsIn (routing-controllers converts query values by the design type).
 */
export class PublicContentSeriesQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(PUBLIC_SERIES_SORTS)
  override sort: string = 'createdAt';
}

/**
 * A page of published items: a series' items (GET /api/content/series/:slug) and the caller's
 * library. `search` is a full-text search of title and summary (the items' search_vector);
 * `relevance` ranks by it and is publishedAt without a search; ties go by id in the same order.
 */
export class ContentItemPageQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(PUBLIC_ITEM_SORTS)
  override sort: string = 'publishedAt';
}

/**
 * GET /api/content/items: the page query (sorts as ContentItemPageQueryDto) plus filters. `series`
 * is an active series' current or former slug; a filter naming nothing gives an empty page.
 */
export class PublicContentItemQueryDto extends LabelFilterQueryDto {
  @IsOptional()
  @IsIn(PUBLIC_ITEM_SORTS)
  override sort: string = 'publishedAt';

  @IsOptional()
  @IsString()
  @MaxLength(120)
  series?: string;
}
