import { IsString, MaxLength, MinLength } from 'class-validator';
import { OptionalNullAsAbsent, Trim } from '../../shared';

/** POST /api/cart/promotion (CONTRACT.md section 10); a coupon code is 3-50 characters ("Limits"). */
export class ApplyCartPromotionDto {
  @Trim()
  @IsString()
  @MinLength(3)
  @MaxLength(50)
  code: string;
}

/** DELETE /api/cart/promotion: `code` names the code to take off; without it, whatever is applied goes. */
export class RemoveCartPromotionDto {
  @OptionalNullAsAbsent()
  @Trim()
  @IsString()
  @MinLength(3)
  @MaxLength(50)
  code?: string;
}
