import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { TRAINING_ENROLLMENT_STATUSES } from '@platform/db';
import { MAX_ROW_ID, QueryDto, toInteger } from '../../../../shared';

/** GET .../training/enrollments (the customer's own): sort values; anything else is 400. */
export const CUSTOMER_ENROLLMENT_SORTS = ['createdAt', 'updatedAt', 'id'] as const;
export type CustomerEnrollmentSort = (typeof CUSTOMER_ENROLLMENT_SORTS)[number];

/** learning-commerce.md "Training admin": the admin enrollment list's sort values; anything else is 400. */
export const ADMIN_ENROLLMENT_SORTS = ['id', 'status', 'productId', 'userId', 'cohortId', 'createdAt', 'updatedAt'] as const;
export type AdminEnrollmentSort = (typeof ADMIN_ENROLLMENT_SORTS)[number];

const ROW_ID = (): PropertyDecorator => (target, key) => {
  IsOptional()(target, key);
  Transform(toInteger)(target, key);
  IsInt()(target, key);
  Min(1)(target, key);
  Max(MAX_ROW_ID)(target, key);
};

/**
 * The customer's enrollment list: QueryDto, newest first by default. `search` matches the
 * training title (any case). `sort` is declared `string` and narrowed by @IsIn (routing-controllers
 * converts query values by the emitted design type).
 */
export class TrainingEnrollmentQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(CUSTOMER_ENROLLMENT_SORTS)
  override sort: string = 'createdAt';
}

/** GET /api/admin/training/enrollments: QueryDto plus status, productId, userId (UUID), cohortId. */
export class ListTrainingEnrollmentsQueryDto extends QueryDto {
  @IsOptional()
  @IsIn(ADMIN_ENROLLMENT_SORTS)
  override sort: string = 'createdAt';

  @IsOptional()
  @IsIn(TRAINING_ENROLLMENT_STATUSES)
  status?: string;

  @ROW_ID()
  productId?: number;

  @IsOptional()
  @IsUUID('all')
  userId?: string;

  @ROW_ID()
  cohortId?: number;
}
