import { IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { OptionalNotNull, StorableText, Trim } from '../../../shared';

/** POST /api/orders/:id/cancel (learning-commerce.md, "Orders" DTO table: reason ≤ 500). */
export class CancelOrderDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(500)
  reason?: string;
}

/** POST /api/admin/orders/:id/cancel: the same fields as the customer's. */
export class CancelOrderAdminDto extends CancelOrderDto {}

/** POST /api/orders/:id/request-refund: reason 1-500 (required), remarks ≤ 1000. */
export class RequestRefundDto {
  @Trim()
  @IsString()
  @StorableText()
  @MinLength(1)
  @MaxLength(500)
  reason: string;

  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(1000)
  remarks?: string;
}

export const PROCESS_REFUND_ACTIONS = ['approve', 'reject'] as const;
export type ProcessRefundAction = (typeof PROCESS_REFUND_ACTIONS)[number];

/**
 * POST /api/admin/orders/:id/process-refund: action approve | reject, remarks ≤ 500. `amount`
 * (integer paisa, 0..order total; approve only) refunds less than the total; without it the
 * whole total is refunded.
 */
export class ProcessRefundDto {
  @IsIn(PROCESS_REFUND_ACTIONS)
  action: ProcessRefundAction;

  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(500)
  remarks?: string;

  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  amount?: number;
}

/** POST /api/admin/orders/:id/refund-pending: an optional note for the history (e.g. "refund initiated at the gateway"). */
export class MarkRefundPendingDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(500)
  note?: string;
}
