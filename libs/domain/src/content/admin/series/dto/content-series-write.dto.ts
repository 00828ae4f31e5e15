import { IsOptional } from 'class-validator';
import { OptionalNotNull, OptionalNullAsAbsent } from '../../../../shared';
import { SeriesDescriptionField, SeriesSlugField, SeriesStatusField, SeriesTitleField } from './content-series-fields';

/**
 * POST /api/admin/content-series (CONTRACT section 10): `status` is `active` unless `archived` is
 * asked; without a slug one is made from the title. `null` for an optional field means absent.
 */
export class CreateContentSeriesDto {
  @SeriesTitleField()
  title: string;

  @OptionalNullAsAbsent()
  @SeriesSlugField()
  slug?: string;

  @OptionalNullAsAbsent()
  @SeriesDescriptionField()
  description?: string;

  @OptionalNullAsAbsent()
  @SeriesStatusField()
  status?: string;
}

/** PATCH: the same fields, each optional (at least one); only `description` may be null (it clears it). */
export class UpdateContentSeriesDto {
  @OptionalNotNull()
  @SeriesTitleField()
  title?: string;

  @OptionalNotNull()
  @SeriesSlugField()
  slug?: string;

  @IsOptional()
  @SeriesDescriptionField()
  description?: string | null;

  @OptionalNotNull()
  @SeriesStatusField()
  status?: string;
}
