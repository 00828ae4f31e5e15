import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
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
