import { Transform } from 'class-transformer';
import { IsString, IsUrl, Matches, MaxLength, ValidateBy } from 'class-validator';
import { normalizeStorageKey, UPLOAD_TYPES } from '@platform/storage';
import { StorableText } from '../../../../shared';

export const MAX_POST_BODY_LENGTH = 20_000;
export const MAX_LINK_URL_LENGTH = 2_048;
/** community-content-uploads.md "Limits": attachments per post. */
export const MAX_POST_ATTACHMENTS = 20;

/**
 * Where an attachment's object may live: the admin upload API's private `image` and `file` types.
 * Public keys (avatars, thumbnails, trailers) and videos (lessons, recordings) belong to other
 * parts of the platform, which own their objects; the channel purge deletes only under these.
 */
export const ATTACHMENT_KEY_PREFIXES = [UPLOAD_TYPES.image.prefix, UPLOAD_TYPES.file.prefix] as const;

/** A key under ATTACHMENT_KEY_PREFIXES, exactly as the upload API returns it (`relativePath`): the key rules leave it unchanged. */
export function isAttachmentKey(value: unknown): value is string {
  if (typeof value !== 'string' || !ATTACHMENT_KEY_PREFIXES.some((prefix) => value.startsWith(prefix))) return false;
  try {
    return normalizeStorageKey(value) === value;
  } catch {
    return false;
  }
}

/**
 * A storage key the admin upload API returned for an image or a file (community-content-uploads.md
 * "Key rules", "Upload types"), already normalized. The upload routes clean `..` and empty segments
 * away; a stored reference must be the clean key itself, so one the rules would change is refused
 * rather than silently pointing at another object (`uploads/file/../video/x`).
 */
export const IsAttachmentKey = (): PropertyDecorator =>
  ValidateBy({
    name: 'isAttachmentKey',
    validator: {
      validate: (value) => isAttachmentKey(value),
      defaultMessage: (args) =>
        `${args?.property ?? 'storage_key'} must be a key the admin upload API returned for uploadType image or file ` +
        `(relativePath, starting ${ATTACHMENT_KEY_PREFIXES.join(' or ')}), with no "..", "." or empty segments, backslashes or control characters`,
    },
  });

/**
 * Takes the value as the client sent it: class-transformer would rebuild nested objects (and
 * `__proto__` keys with them). Its size and strings are checked by requireChartPayloadFits.
 */
export const RawJson = (): PropertyDecorator => (target, key) => {
  Transform(({ obj }) => (obj as Record<string, unknown>)[key as string])(target, key);
};

/** Post text: a string with something besides whitespace, at most 20,000 characters, storable. */
export const IsPostBodyText = (): PropertyDecorator => (target, key) => {
  IsString()(target, key);
  Matches(/\S/, { message: ({ property }) => `${property} must not be empty or only whitespace (send null for none)` })(target, key);
  MaxLength(MAX_POST_BODY_LENGTH)(target, key);
  StorableText()(target, key);
};

/** An absolute http or https URL of at most 2,048 characters (the link_url CHECK). */
export const IsLinkUrl = (): PropertyDecorator => (target, key) => {
  IsString()(target, key);
  MaxLength(MAX_LINK_URL_LENGTH)(target, key);
  IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true },
    { message: ({ property }) => `${property} must be an absolute http or https URL` },
  )(target, key);
};
