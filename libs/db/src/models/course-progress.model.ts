import { Column, DataType, Model, Table } from 'sequelize-typescript';

/**
 * A user's progress in one lesson (migration 0008). Position and watched total only grow, and
 * completion is a one-way latch: the trigger course_progress_only_forward refuses anything else.
 */
@Table({ tableName: 'course_progress', underscored: true })
export class CourseProgressModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare userId: string;

  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare lessonId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare courseId: number;

  /** The furthest playback position reached, in seconds. */
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare watchPosition: number;

  /** Cumulative watched seconds, rewinds included, as the player reports them. */
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare totalWatchedSeconds: number;

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isCompleted: boolean;

  @Column({ type: DataType.DATE })
  declare completedAt: Date | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
