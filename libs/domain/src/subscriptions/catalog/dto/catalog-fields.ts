import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { OptionalNotNull, StorableText, Trim } from '../../../shared';

/** Display orders are small integers; the column is `integer`, so the range keeps PostgreSQL from raising. */
export const MAX_DISPLAY_ORDER = 1_000_000;

/** Decorators shared by the catalog bodies. */
export const RequiredName = (max = 200): PropertyDecorator => (target, key) => {
  Trim()(target, key);
  IsString()(target, key);
  MinLength(1)(target, key);
  MaxLength(max)(target, key);
  StorableText()(target, key);
};

export const OptionalName = (max = 200): PropertyDecorator => (target, key) => {
  OptionalNotNull()(target, key);
  RequiredName(max)(target, key);
};

/** Optional text that `null` clears. */
export const NullableText = (max: number): PropertyDecorator => (target, key) => {
  IsOptional()(target, key);
  IsString()(target, key);
  MaxLength(max)(target, key);
  StorableText()(target, key);
};

export const OptionalFlag = (): PropertyDecorator => (target, key) => {
  OptionalNotNull()(target, key);
  IsBoolean()(target, key);
};

export const OptionalDisplayOrder = (): PropertyDecorator => (target, key) => {
  OptionalNotNull()(target, key);
  IsInt()(target, key);
  Min(0)(target, key);
  Max(MAX_DISPLAY_ORDER)(target, key);
};

export const RequiredUuid = (): PropertyDecorator => (target, key) => {
  IsUUID('all')(target, key);
};

export const OptionalUuid = (): PropertyDecorator => (target, key) => {
  OptionalNotNull()(target, key);
  IsUUID('all')(target, key);
};
