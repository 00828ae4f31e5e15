import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { toInteger } from '../../shared';

/** S3 refuses presigned URLs that live longer than seven days, so longer lifetimes are a 400 here. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;
export const MAX_BATCH_KEYS = 100;

/**
 * `expiresIn`: seconds, at least 1 and at most seven days, overriding the signed URL lifetime for
 * remote private keys. One rule for the query of the single route and the body of the batch one;
 * only a query carries it as text.
 */
function ExpiresInSeconds(options: { fromQueryString?: boolean } = {}): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    IsOptional(),
    ...(options.fromQueryString ? [Transform(toInteger)] : []),
    IsInt({ message: 'expiresIn must be a whole number of seconds' }),
    Min(1, { message: 'expiresIn must be at least 1 second' }),
    Max(MAX_SIGNED_URL_SECONDS, { message: `expiresIn must be at most ${MAX_SIGNED_URL_SECONDS} seconds (7 days)` }),
  ];
  // Last to first, as TypeScript applies a stack of decorators, so messages keep their order.
  return (target, propertyKey) => [...decorators].reverse().forEach((decorate) => decorate(target, propertyKey));
}

export class SignedUrlQueryDto {
  @ExpiresInSeconds({ fromQueryString: true })
  expiresIn?: number;
}

/** `{ keys: string[] (max 100), expiresIn? }`. */
export class SignedUrlsBatchDto {
  @IsArray()
  @ArrayMaxSize(MAX_BATCH_KEYS, { message: `keys must hold at most ${MAX_BATCH_KEYS} keys` })
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  keys: string[];

  @ExpiresInSeconds()
  expiresIn?: number;
}
