import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { TrainingCohortModel } from './training-cohort.model';
import { TrainingSessionModel } from './training-session.model';

/** A cohort's schedule of one session; cohort and session belong to the same training (composite foreign keys). */
@Table({ tableName: 'training_cohort_sessions', underscored: true })
export class TrainingCohortSessionModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare trainingId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare cohortId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare sessionId: number;

  @Column({ type: DataType.DATE })
  declare scheduledAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare liveSessionRef: string | null;

  @BelongsTo(() => TrainingCohortModel, 'cohortId')
  declare cohort?: TrainingCohortModel;

  @BelongsTo(() => TrainingSessionModel, 'sessionId')
  declare session?: TrainingSessionModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
