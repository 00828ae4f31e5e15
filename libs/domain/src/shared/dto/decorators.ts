import { Transform } from 'class-transformer';
import { ValidateIf } from 'class-validator';

/**
 * Optional, but not nullable: validated whenever present, so `null` fails the field's type
 * check (class-validator's @IsOptional would let `null` through to a NOT NULL column).
 */
export const OptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);

/** Trims surrounding whitespace from a string field before validation. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Query strings carry booleans as text. */
export const ToBoolean = () =>
  Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value));
