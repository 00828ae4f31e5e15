import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { TrainingCohortModel } from './training-cohort.model';
import { UserModel } from './user.model';

export const TRAINING_WAITLIST_STATUSES = ['waiting', 'promoted', 'expired', 'cancelled'] as const;
export type TrainingWaitlistStatus = (typeof TRAINING_WAITLIST_STATUSES)[number];

/**
 * A place in a full cohort's waitlist. FIFO is `id` order among `waiting` entries; a user holds
 * at most one `waiting` entry and one unused hold per cohort; each status carries its timestamp.
 * A promoted entry holds a seat until `holdExpiresAt`, unless an enrollment took it over.
 */
@Table({ tableName: 'training_waitlist', underscored: true })
export class TrainingWaitlistEntryModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare cohortId: number;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'waiting' })
  declare status: TrainingWaitlistStatus;

  @Column({ type: DataType.DATE })
  declare promotedAt: Date | null;

  @Column({ type: DataType.DATE })
  declare expiredAt: Date | null;

  @Column({ type: DataType.DATE })
  declare cancelledAt: Date | null;

  /** Set with `promotedAt`: until then the promotion holds a seat for this user (migration 0015). */
  @Column({ type: DataType.DATE })
  declare holdExpiresAt: Date | null;

  /** The enrollment made on the hold; it took the hold's seat over. */
  @Column({ type: DataType.INTEGER })
  declare enrollmentId: number | null;

  /** The admin (token `sub`) who promoted the entry. */
  @Column({ type: DataType.TEXT })
  declare promotedBy: string | null;

  @BelongsTo(() => TrainingCohortModel, 'cohortId')
  declare cohort?: TrainingCohortModel;

  @BelongsTo(() => UserModel, 'userId')
  declare user?: UserModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
