import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { TrainingModel } from './training.model';

export const TRAINING_COHORT_STATUSES = ['open', 'closed', 'full', 'cancelled'] as const;
export type TrainingCohortStatus = (typeof TRAINING_COHORT_STATUSES)[number];

/**
 * A cohort of a training. `seatsTaken` is the seat counter: pending and enrolled enrollments plus
 * unused waitlist holds. `extraSeats` are seats admins granted past `capacity` by promoting a
 * waitlist entry of a full cohort; free seats are capacity + extraSeats - seatsTaken (the database
 * keeps 0 <= extraSeats <= seatsTaken <= capacity + extraSeats). Change them only through
 * CohortSeatsService (conditional updates), never read-then-write.
 */
@Table({ tableName: 'training_cohorts', underscored: true })
export class TrainingCohortModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare trainingId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'open' })
  declare status: TrainingCohortStatus;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare capacity: number;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare seatsTaken: number;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare extraSeats: number;

  @Column({ type: DataType.DATE })
  declare startsAt: Date | null;

  @Column({ type: DataType.DATE })
  declare endsAt: Date | null;

  @BelongsTo(() => TrainingModel, 'trainingId')
  declare training?: TrainingModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
