import { IsIn, IsInt, IsString, IsUrl, Max, MaxLength, Min, MinLength } from 'class-validator';
import type { PaymentGateway } from '@platform/db';
import { MAX_ROW_ID, OptionalNotNull, Trim } from '../../../shared';

export const CHECKOUT_GATEWAYS: readonly PaymentGateway[] = ['esewa', 'khalti'];

/**
 * POST /api/orders/checkout (learning-commerce.md, "Orders" → CheckoutDto). `paymentMethod` is
 * not in the spec's table but its error table names ORDER_PAYMENT_METHOD_NOT_SUPPORTED, so a
 * client may send it: anything other than `online` is refused with that code.
 */
export class CheckoutDto {
  @IsIn(CHECKOUT_GATEWAYS)
  gateway: PaymentGateway;

  // Absolute http(s) URL (localhost allowed); its origin is checked against
  // RETURN_URL_ALLOWED_ORIGINS in the use case (CONTRACT section 6).
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  returnUrl: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(50)
  paymentMethod?: string;
}

/** POST /api/orders/buy-now: one product, bought at once, with an optional code. */
export class BuyNowCheckoutDto extends CheckoutDto {
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  productId: number;

  @OptionalNotNull()
  @Trim()
  @IsString()
  @MinLength(3)
  @MaxLength(50)
  promoCode?: string;
}
