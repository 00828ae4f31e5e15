import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { TrainingEnrollmentModel, TrainingEnrollmentStatus } from './training-enrollment.model';

export type TrainingEnrollmentActorType = 'customer' | 'admin' | 'system';

/** One move of an enrollment, with who made it and why (append-only; migration 0015). */
@Table({ tableName: 'training_enrollment_history', underscored: true, updatedAt: false })
export class TrainingEnrollmentHistoryModel extends Model {
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare enrollmentId: number;

  @Column({ type: DataType.TEXT })
  declare fromStatus: TrainingEnrollmentStatus | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare toStatus: TrainingEnrollmentStatus;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare actorType: TrainingEnrollmentActorType;

  /** The customer's id or the admin's token `sub`; null for the system. */
  @Column({ type: DataType.TEXT })
  declare actorId: string | null;

  @Column({ type: DataType.TEXT })
  declare note: string | null;

  @BelongsTo(() => TrainingEnrollmentModel, 'enrollmentId')
  declare enrollment?: TrainingEnrollmentModel;

  declare createdAt: Date;
}
