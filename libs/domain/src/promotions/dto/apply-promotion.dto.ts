import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/promotions/apply: what would this code take off this product? */
export class ApplyPromotionDto {
  @Transform(trim)
  @IsString()
  @MinLength(3)
  @MaxLength(50)
  code: string;

  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  productId: number;
}
