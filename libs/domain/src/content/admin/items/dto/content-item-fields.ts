import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import {
  composeDecorators,
  IsInstant,
  MAX_ROW_ID,
  MaxCodePoints,
  nepalDayDateTime,
  NoControlCharactersButLines,
  SlugField,
  StorableText,
  TitleField,
} from '../../../../shared';
import { RESERVED_ITEM_SLUGS } from '../../../content-slugs';

/** The bounds of an item's text (issue 24; migration 0019's CHECKs count code points as char_length does). */
export const MAX_CONTENT_ITEM_TITLE_LENGTH = 200;
export const MAX_CONTENT_ITEM_SUMMARY_LENGTH = 1000;
export const MAX_CONTENT_ITEM_BODY_LENGTH = 200_000;
export const MAX_CONTENT_ITEM_TAGS = 50;

/** At least one character that is not white space: the table's CHECK trims the body. */
const SOMETHING_VISIBLE = /\S/u;

/** Trimmed; 1-200 code points, one of them not white space; no control characters. */
export const ContentItemTitleField = () => TitleField(MAX_CONTENT_ITEM_TITLE_LENGTH);

/** At most 1000 code points; line breaks and tabs allowed, other control characters not. */
export const ContentItemSummaryField = () =>
  composeDecorators(
    IsString(),
    MaxCodePoints(MAX_CONTENT_ITEM_SUMMARY_LENGTH),
    StorableText(),
    NoControlCharactersButLines(),
  );

/** 1-200,000 code points, at least one not white space; line breaks and tabs allowed, other control characters not. */
export const ContentItemBodyField = () =>
  composeDecorators(
    IsString(),
    Matches(SOMETHING_VISIBLE, { message: 'body must not be empty or only white space' }),
    MaxCodePoints(MAX_CONTENT_ITEM_BODY_LENGTH),
    StorableText(),
    NoControlCharactersButLines(),
  );

/** A slug's shape, and none of RESERVED_ITEM_SLUGS (`featured` is a route under /api/content/items/). */
export const ContentItemSlugField = () =>
  composeDecorators(
    SlugField(),
    ValidateBy({
      name: 'notReserved',
      validator: {
        validate: (value) => typeof value !== 'string' || !RESERVED_ITEM_SLUGS.has(value),
        defaultMessage: (args) => `slug "${String(args?.value)}" is reserved: /api/content/items/${String(args?.value)} is a route`,
      },
    }),
  );

export const RowIdField = () => composeDecorators(IsInt(), Min(1), Max(MAX_ROW_ID));

/** Distinct tag ids (a repeated id counts once), at most 50. */
export const ContentItemTagIdsField = () =>
  composeDecorators(IsArray(), ArrayMaxSize(MAX_CONTENT_ITEM_TAGS), IsInt({ each: true }), Min(1, { each: true }), Max(MAX_ROW_ID, { each: true }));

/**
 * An RFC 3339 instant, or a bare date: the start of that day in Nepal (nepal-day.ts), as a featured
 * entry's `start_date` reads it. The bare date becomes that date-time before validation, so every
 * use case taking the DTO gets one unambiguous instant (and an impossible day is still refused).
 */
export const ScheduledAtField = () =>
  composeDecorators(
    Transform(({ value }) => (typeof value === 'string' ? nepalDayDateTime(value, 'start') : value)),
    IsInstant(),
  );
