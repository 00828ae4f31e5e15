import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { OrderModel } from './order.model';
import type { AccessType } from './product-access.model';
import { ProductModel } from './product.model';
import { TrainingCohortModel } from './training-cohort.model';
import { TrainingSessionModel } from './training-session.model';
import { TrainingModel } from './training.model';
import { UserModel } from './user.model';

export const TRAINING_ENROLLMENT_STATUSES = ['pending', 'enrolled', 'cancelled'] as const;
export type TrainingEnrollmentStatus = (typeof TRAINING_ENROLLMENT_STATUSES)[number];

/**
 * A user's enrollment in a training (learning-commerce.md "Enrollment"). Product, cohort and
 * session belong to the training (composite foreign keys). `accessType`, `accessValidUntil` and
 * `enrolledAt` are set together when it becomes `enrolled`; at most one `pending` or `enrolled`
 * enrollment per (user, product); `cancelledAt` is set exactly when `cancelled`.
 */
@Table({ tableName: 'training_enrollments', underscored: true })
export class TrainingEnrollmentModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare trainingId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare cohortId: number;

  @Column({ type: DataType.INTEGER })
  declare sessionId: number | null;

  /** Null while a pending enrollment has no order yet. */
  @Column({ type: DataType.INTEGER })
  declare orderId: number | null;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'pending' })
  declare status: TrainingEnrollmentStatus;

  @Column({ type: DataType.TEXT })
  declare accessType: AccessType | null;

  @Column({ type: DataType.DATE })
  declare accessValidUntil: Date | null;

  @Column({ type: DataType.JSONB, allowNull: false, defaultValue: {} })
  declare formData: Record<string, unknown>;

  @Column({ type: DataType.DATE })
  declare enrolledAt: Date | null;

  @Column({ type: DataType.DATE })
  declare cancellationRequestedAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare cancellationReason: string | null;

  @Column({ type: DataType.DATE })
  declare cancelledAt: Date | null;

  /** Fingerprint of the enroll request that made it: the same request again is answered, not refused. */
  @Column({ type: DataType.TEXT })
  declare requestHash: string | null;

  @BelongsTo(() => UserModel, 'userId')
  declare user?: UserModel;

  @BelongsTo(() => ProductModel, 'productId')
  declare product?: ProductModel;

  @BelongsTo(() => TrainingModel, 'trainingId')
  declare training?: TrainingModel;

  @BelongsTo(() => TrainingCohortModel, 'cohortId')
  declare cohort?: TrainingCohortModel;

  @BelongsTo(() => TrainingSessionModel, 'sessionId')
  declare session?: TrainingSessionModel;

  @BelongsTo(() => OrderModel, 'orderId')
  declare order?: OrderModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
