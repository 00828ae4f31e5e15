import { IsInt, Max, Min } from 'class-validator';
import { MAX_ROW_ID, OptionalNullAsAbsent } from '../../shared';

/**
 * POST /api/cart/items. The spec's body is `{ productId, quantity }`; cart products are digital
 * (course, digital_book), so a line is one licence: quantity may be left out and, when sent, is 1.
 */
export class AddCartItemDto {
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  productId: number;

  @OptionalNullAsAbsent()
  @IsInt()
  @Min(1, { message: 'quantity must be 1: digital products are bought once' })
  @Max(1, { message: 'quantity must be 1: digital products are bought once' })
  quantity?: number;
}
