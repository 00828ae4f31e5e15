import { IsIn, IsOptional, IsString } from 'class-validator';
import { ORDER_STATUSES } from '@platform/db';
import { QueryDto } from '../../../shared';

export const CUSTOMER_ORDER_SORTS = ['createdAt', 'updatedAt'] as const;
export type CustomerOrderSort = (typeof CUSTOMER_ORDER_SORTS)[number];

/**
 * GET /api/orders (learning-commerce.md, "Endpoints → Orders"): QueryDto plus `status`; sort
 * createdAt (default) or updatedAt, order desc by default. `search` is accepted (QueryDto) and
 * ignored: the spec names no search for the customer list.
 * `sort` and `status` are declared `string` (narrowed by @IsIn): see the README's "two traps".
 */
export class CustomerOrderQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(CUSTOMER_ORDER_SORTS)
  override sort: string = 'createdAt';

  @IsOptional()
  @IsString()
  @IsIn(ORDER_STATUSES)
  status?: string;
}
