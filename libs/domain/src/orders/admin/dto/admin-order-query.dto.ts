import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ORDER_STATUSES } from '@platform/db';
import { QueryDto, toBoolean } from '../../../shared';
import { ORDER_PAYMENT_STATUSES } from '../../reads/order-payment-status';

export const ADMIN_ORDER_SORTS = ['createdAt', 'updatedAt'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const ORDER_PAYMENT_METHODS = ['online'] as const;
export const ORDER_TYPES = ['digital', 'training'] as const;
export const REFUND_STATUSES = ['requested', 'pending', 'approved', 'rejected'] as const;

/**
 * GET /api/admin/orders (learning-commerce.md, "Endpoints → Orders", admin list query): QueryDto
 * plus the filters below; sort createdAt (default) | updatedAt, order desc (default) | asc.
 * `search` (trimmed by QueryDto, ≤ 200 characters) matches a substring of the order number or of
 * the customer's name, email or phone in any case; a blank search filters nothing, as in every
 * other list. Filters are declared `string` and narrowed with @IsIn (README, "two traps").
 */
export class AdminOrderQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(ADMIN_ORDER_SORTS)
  override sort: string = 'createdAt';

  /**
   * Control characters (NUL above all, which PostgreSQL text cannot hold) are refused, not searched.
   * class-validator drops the parent's validators of a property the subclass validates, hence
   * @IsString and @MaxLength again (QueryDto's trimming still applies).
   */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  // eslint-disable-next-line no-control-regex
  @Matches(/^[^\u0000-\u001f\u007f]*$/, { message: 'search must not contain control characters' })
  override search?: string;

  @IsOptional()
  @IsIn(ORDER_STATUSES)
  status?: string;

  @IsOptional()
  @IsIn(ORDER_PAYMENT_METHODS)
  paymentMethod?: string;

  /** pending | completed | failed: the order states shown with that payment status (orderStatusesWithPaymentStatus). */
  @IsOptional()
  @IsIn(ORDER_PAYMENT_STATUSES)
  paymentStatus?: string;

  @IsOptional()
  @IsIn(ORDER_TYPES)
  orderType?: string;

  @IsOptional()
  @IsIn(REFUND_STATUSES)
  refundStatus?: string;

  /** true: orders with money still owed back (a payment with refundOwedAt and no refundSettledAt); false: none owed. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  refundOwed?: boolean;
}
