import { IsBoolean, IsIn, IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { CHANNEL_HISTORY_POLICIES, CHANNEL_KINDS, CHANNEL_VISIBILITIES } from '@platform/db';
import { composeDecorators, MaxCodePoints, StorableText, Trim } from '../../../../shared';
import { FEATURE_KEY_PATTERN } from '../../../../subscriptions';

/**
 * The field rules the channel bodies share (community-content-uploads.md "Channels, admin" and
 * migration 0016's CHECKs), so a create and a PATCH never disagree on what a title or a key is.
 */
export const MAX_CHANNEL_TITLE_LENGTH = 200;
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 5000;
export const MAX_RESUBSCRIBE_BACKFILL_DAYS = 3650;

export const ChannelKindField = () => composeDecorators(IsIn(CHANNEL_KINDS, { message: `kind must be one of ${CHANNEL_KINDS.join(', ')}` }));

export const ChannelVisibilityField = () =>
  composeDecorators(IsIn(CHANNEL_VISIBILITIES, { message: `visibility must be one of ${CHANNEL_VISIBILITIES.join(', ')}` }));

/**
 * A character a reader sees: not whitespace, not a control or format character (zero-width space,
 * joiners, BOM), not one Unicode says renders as nothing (soft hyphen, variation selectors,
 * Hangul fillers), not the blank Braille pattern.
 */
export const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Trimmed, then 1-200 characters, at least one of them visible. */
export const ChannelTitleField = () =>
  composeDecorators(
    Trim(),
    IsString(),
    MinLength(1, { message: 'title must not be empty' }),
    MaxCodePoints(MAX_CHANNEL_TITLE_LENGTH),
    StorableText(),
    Matches(VISIBLE_CHARACTER, { message: 'title must contain at least one visible character' }),
  );

export const ChannelDescriptionField = () => composeDecorators(IsString(), MaxCodePoints(MAX_CHANNEL_DESCRIPTION_LENGTH), StorableText());

export const HistoryPolicyField = () =>
  composeDecorators(
    IsIn(CHANNEL_HISTORY_POLICIES, {
      message: `first_subscribe_history_policy must be one of ${CHANNEL_HISTORY_POLICIES.join(', ')}`,
    }),
  );

export const BackfillDaysField = () =>
  composeDecorators(
    IsInt({ message: 'resubscribe_backfill_days must be an integer' }),
    Min(0, { message: `resubscribe_backfill_days must be from 0 to ${MAX_RESUBSCRIBE_BACKFILL_DAYS}` }),
    Max(MAX_RESUBSCRIBE_BACKFILL_DAYS, { message: `resubscribe_backfill_days must be from 0 to ${MAX_RESUBSCRIBE_BACKFILL_DAYS}` }),
  );

export const PreserveHistoryField = () => composeDecorators(IsBoolean());

/** A subscription feature key's shape (migration 0007 and 0016); whether a plan names it is checked against the database. */
export const FeatureKeyField = () =>
  composeDecorators(
    IsString(),
    Matches(FEATURE_KEY_PATTERN, {
      message: 'required_feature_key must be 1-100 letters, digits, _ . : or -, starting with a letter or digit',
    }),
  );
