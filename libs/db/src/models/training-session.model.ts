import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { TrainingModel } from './training.model';

export const TRAINING_SESSION_TYPES = ['recorded', 'live', 'both'] as const;
export type TrainingSessionType = (typeof TRAINING_SESSION_TYPES)[number];
export const TRAINING_SESSION_STATUSES = ['scheduled', 'live', 'completed', 'cancelled'] as const;
export type TrainingSessionStatus = (typeof TRAINING_SESSION_STATUSES)[number];

/**
 * One session of a training, ordered by `position` (unique per training, deferrable so a reorder
 * runs in one transaction). `recordingKey` is an HLS playlist key under `uploads/video/`, or null.
 */
@Table({ tableName: 'training_sessions', underscored: true })
export class TrainingSessionModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare trainingId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare type: TrainingSessionType;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'scheduled' })
  declare status: TrainingSessionStatus;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare position: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare durationMinutes: number;

  @Column({ type: DataType.DATE })
  declare scheduledAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare liveSessionRef: string | null;

  @Column({ type: DataType.TEXT })
  declare recordingKey: string | null;

  @BelongsTo(() => TrainingModel, 'trainingId')
  declare training?: TrainingModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
