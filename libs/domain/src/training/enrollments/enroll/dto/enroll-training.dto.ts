import { IsInt, IsObject, Max, Min } from 'class-validator';
import { BuyNowCheckoutDto } from '../../../../orders';
import { MAX_ROW_ID, OptionalNotNull } from '../../../../shared';

/**
 * POST /api/mobile/training/enroll (learning-commerce.md "Enroll request"): productId, promoCode
 * (3-50), gateway (esewa|khalti), returnUrl and paymentMethod (online) as for buy-now, plus the
 * target cohort and session of that training and the enrollment form's values.
 */
export class EnrollTrainingDto extends BuyNowCheckoutDto {
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  cohortId: number;

  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  sessionId: number;

  /** Values of the training's enrollment form, by field key; `{}` (or absent) when it has none. */
  @OptionalNotNull()
  @IsObject()
  formData?: Record<string, unknown>;
}
