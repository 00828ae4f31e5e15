import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Trim } from '../../shared';


/** POST /api/promotions/apply: what would this code take off this product? */
export class ApplyPromotionDto {
  @Trim()
  @IsString()
  @MinLength(3)
  @MaxLength(50)
  code: string;

  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  productId: number;
}
