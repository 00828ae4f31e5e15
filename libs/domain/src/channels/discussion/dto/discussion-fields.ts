import { IsString, Matches, MinLength, ValidateBy } from 'class-validator';
import { composeDecorators, MaxCodePoints, StorableText, Trim } from '../../../shared';
import { VISIBLE_CHARACTER } from '../../admin/channels/dto/channel-fields';

/**
 * The field rules of the admin discussion bodies (community-content-uploads.md "Discussion and
 * messages"; migration 0018's CHECKs). Lengths count code points (MaxCodePoints), as the CHECKs do.
 */
export const MAX_DISCUSSION_TITLE_LENGTH = 200;
export const MAX_MESSAGE_BODY_LENGTH = 4000;
export const MAX_MODERATION_REASON_LENGTH = 500;
export const MAX_SLOW_MODE_INTERVAL_SECONDS = 86_400;

/** Control characters (Unicode Cc) other than line feed and tab, which a message may hold. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL_EXCEPT_NEWLINE_AND_TAB = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above, with no exception
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** No control character; `allowNewlineAndTab` lets \n and \t through (message bodies, reasons). */
export const NoControlCharacters = (allowNewlineAndTab: boolean): PropertyDecorator =>
  ValidateBy({
    name: 'noControlCharacters',
    validator: {
      validate: (value) => typeof value === 'string' && !(allowNewlineAndTab ? CONTROL_EXCEPT_NEWLINE_AND_TAB : ANY_CONTROL).test(value),
      defaultMessage: (args) =>
        `${args?.property ?? 'value'} must not contain control characters${allowNewlineAndTab ? ' (line feeds and tabs are allowed)' : ''}`,
    },
  });

/** Trimmed, then 1-`max` code points with at least one visible character, no control characters (but \n and \t when allowed), storable. */
const TrimmedText = (field: string, max: number, allowNewlineAndTab: boolean) =>
  composeDecorators(
    Trim(),
    IsString(),
    MinLength(1, { message: `${field} must not be empty` }),
    MaxCodePoints(max),
    NoControlCharacters(allowNewlineAndTab),
    StorableText(),
    Matches(VISIBLE_CHARACTER, { message: `${field} must contain at least one visible character` }),
  );

/** A message body: trimmed, 1-4,000 characters, line feeds and tabs allowed, no other control character. */
export const MessageBodyField = () => TrimmedText('body', MAX_MESSAGE_BODY_LENGTH, true);

/** The discussion's title: trimmed, 1-200 characters, one line. */
export const DiscussionTitleField = () => TrimmedText('title', MAX_DISCUSSION_TITLE_LENGTH, false);

/** Why a moderator acted: trimmed, 1-500 characters (the reason CHECKs); absent or null records none. */
export const ModerationReasonField = () => TrimmedText('reason', MAX_MODERATION_REASON_LENGTH, true);
