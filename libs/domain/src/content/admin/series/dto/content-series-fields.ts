import { IsIn, IsString } from 'class-validator';
import { CONTENT_SERIES_STATUSES } from '@platform/db';
import { composeDecorators, MaxCodePoints, SlugField, StorableText, TitleField } from '../../../../shared';

/**
 * The field rules a series create and PATCH share (CONTRACT section 10 `{ title, slug?,
 * description?, status? }`; migration 0019's CHECKs), so the two bodies never disagree and no
 * accepted value breaks a CHECK (a 500).
 */
export const MAX_SERIES_TITLE_LENGTH = 200;
export const MAX_SERIES_DESCRIPTION_LENGTH = 5000;

/** Trimmed, 1-200 characters (code points, as char_length counts), no control characters. */
export const SeriesTitleField = () => TitleField(MAX_SERIES_TITLE_LENGTH);

/** Lower-case letters and digits in hyphen-separated words, at most 120 characters (the column's CHECK). */
export const SeriesSlugField = () => SlugField();

/** Free text up to 5000 characters (line breaks allowed). */
export const SeriesDescriptionField = () => composeDecorators(IsString(), MaxCodePoints(MAX_SERIES_DESCRIPTION_LENGTH), StorableText());

export const SeriesStatusField = () =>
  composeDecorators(IsIn(CONTENT_SERIES_STATUSES, { message: `status must be one of ${CONTENT_SERIES_STATUSES.join(', ')}` }));
