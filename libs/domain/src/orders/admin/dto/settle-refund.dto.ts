import { IsString, MaxLength } from 'class-validator';
import { OptionalNotNull, StorableText, Trim } from '../../../shared';

/** POST /api/admin/orders/:id/payments/:paymentId/refund-settled: how the money went back. */
export class SettleRefundDto {
  /** The refund's reference at the gateway or bank (e.g. eSewa refund id), for reconciliation. */
  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(200)
  reference?: string;

  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(500)
  note?: string;
}
