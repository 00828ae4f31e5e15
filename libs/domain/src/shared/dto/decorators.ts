import { Transform } from 'class-transformer';
import { IsISO8601, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slugs/slugify';

/**
 * Optional, but not nullable: validated whenever present, so `null` fails the field's type
 * check (class-validator's @IsOptional would let `null` through to a NOT NULL column).
 */
export const OptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);

/**
 * Optional, with `null` taken as absent: form libraries send `null` for an empty field, and these
 * fields always accepted it so. The value becomes `undefined` before validation and before the
 * use case sees it (routing-controllers runs class-transformer on bodies, `classTransformer: true`).
 */
export const OptionalNullAsAbsent = (): PropertyDecorator => (target, key) => {
  Transform(({ value }) => (value === null ? undefined : value))(target, key);
  IsOptional()(target, key);
};

/**
 * Several property decorators as one, applied in the order given: a field rule (a title, a body)
 * is then one named decorator every DTO that takes the field uses, so two bodies never disagree.
 */
export const composeDecorators =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of decorators) decorator(target, key);
  };

/** Trims surrounding whitespace from a string field before validation. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Query strings carry booleans as text. */
export const ToBoolean = () =>
  Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value));

/**
 * Text PostgreSQL can store as text and as jsonb: no NUL character and no unpaired UTF-16
 * surrogate (either makes the database refuse the row, which would otherwise surface as a 500).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
export const STORABLE_TEXT_PATTERN = /^(?:[^\u0000\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** Characters as PostgreSQL's char_length counts them (a surrogate pair is one, a variation selector one more). */
export const codePointLength = (value: string): number => [...value].length;

/**
 * At most `max` code points, as a CHECK on char_length counts: class-validator's MaxLength does
 * not count variation selectors, so a text it accepts could still break the CHECK (a 500 instead
 * of a 422). Named `maxLength` so the OpenAPI schema shows `maxLength` and errors[] names the rule
 * as the other length checks do.
 */
export const MaxCodePoints = (max: number): PropertyDecorator =>
  ValidateBy({
    name: 'maxLength',
    constraints: [max],
    validator: {
      validate: (value) => typeof value === 'string' && codePointLength(value) <= max,
      defaultMessage: (args) => `${args?.property ?? 'value'} must be at most ${max} characters`,
    },
  });

/** A string matching STORABLE_TEXT_PATTERN. */
export const StorableText = (validationOptions?: ValidationOptions) =>
  Matches(STORABLE_TEXT_PATTERN, {
    message: ({ property }) => `${property} must not contain NUL characters or unpaired surrogates`,
    ...validationOptions,
  });

/** One line of text: no C0 control character (line breaks and tabs included) and no DEL. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
/** Text of several lines: the control characters of NO_CONTROL_CHARACTERS but LF, CR (of CRLF) and tab. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
export const NO_CONTROL_CHARACTERS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A string matching NO_CONTROL_CHARACTERS (a title, a name, a search). */
export const NoControlCharacters = () =>
  Matches(NO_CONTROL_CHARACTERS, { message: ({ property }) => `${property} must not contain control characters` });

/** A string matching NO_CONTROL_CHARACTERS_BUT_LINES (a summary, a body). */
export const NoControlCharactersButLines = () =>
  Matches(NO_CONTROL_CHARACTERS_BUT_LINES, {
    message: ({ property }) => `${property} must not contain control characters other than newline and tab`,
  });

/**
 * A title or a name: trimmed, then 1 to `maxCodePoints` characters (code points, as a CHECK on
 * char_length counts), storable, one line (no control characters). Trimmed first, so a title of
 * only white space is refused as empty (the tables' CHECKs trim it too: otherwise a 500).
 */
export const TitleField = (maxCodePoints: number): PropertyDecorator =>
  composeDecorators(
    Trim(),
    IsString(),
    MinLength(1, { message: ({ property }) => `${property} must not be empty` }),
    MaxCodePoints(maxCodePoints),
    StorableText(),
    NoControlCharacters(),
  );

/** A slug (SLUG_PATTERN: lower-case letters and digits in words joined by single hyphens), at most SLUG_MAX_LENGTH characters. */
export const SlugField = (): PropertyDecorator =>
  composeDecorators(
    IsString(),
    MaxLength(SLUG_MAX_LENGTH),
    Matches(SLUG_PATTERN, { message: ({ property }) => `${property} must be lower-case letters and digits separated by single hyphens` }),
  );

/**
 * CONTRACT section 5: `YYYY-MM-DD` or an RFC 3339 date-time. IsISO8601 alone also takes week,
 * ordinal and basic forms (`2024-W01-1`, `20240101`, `2024-01-01T10`) that `Date` cannot read:
 * they would reach SQL as "Invalid date" and answer 500. Strict ISO 8601 refuses impossible days.
 */
export const RFC3339_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2}))?$/;

export const IsInstant = (): PropertyDecorator => (target, key) => {
  IsISO8601({ strict: true })(target, key);
  Matches(RFC3339_INSTANT, {
    message: ({ property }) => `${property} must be an RFC 3339 date-time (e.g. 2030-01-31T09:00:00Z) or a date (YYYY-MM-DD)`,
  })(target, key);
};
