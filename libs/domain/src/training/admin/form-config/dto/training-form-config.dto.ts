import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { TRAINING_FORM_FIELD_TYPES, TrainingFormFieldType } from '@platform/db';
import { StorableText, Trim } from '../../../../shared';

/** A sanity bound on one enrollment form. */
export const MAX_FORM_FIELDS = 50;
export const MAX_FORM_FIELD_OPTIONS = 100;
/** A field key is what formData is keyed by: a letter, then letters, digits or underscores, at most 64 characters. */
export const FORM_FIELD_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

export class TrainingFormFieldDto {
  @IsString()
  @Matches(FORM_FIELD_KEY_PATTERN, { message: 'key must start with a letter and hold only letters, digits and _ (at most 64 characters)' })
  key: string;

  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @StorableText()
  label: string;

  @IsIn(TRAINING_FORM_FIELD_TYPES)
  type: TrainingFormFieldType;

  @IsBoolean()
  required: boolean;

  /** The choices of a `select` field (required there, refused on every other type): non-empty, distinct strings. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FORM_FIELD_OPTIONS)
  @ArrayUnique()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(200, { each: true })
  @StorableText({ each: true })
  options?: string[] | null;
}

/** The whole form, replacing the previous one; `fields: []` keeps a form with no fields. */
export class UpdateTrainingFormConfigDto {
  @IsArray()
  @ArrayMaxSize(MAX_FORM_FIELDS)
  @ValidateNested({ each: true })
  @Type(() => TrainingFormFieldDto)
  fields: TrainingFormFieldDto[];
}
