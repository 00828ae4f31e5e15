import { Column, DataType, Model, Table } from 'sequelize-typescript';

@Table({ tableName: 'lessons', underscored: true })
export class LessonModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare courseId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare topicId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare position: number;

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isEnabled: boolean;

  /** Playable without access (a sample lesson). */
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isFreePreview: boolean;

  @Column({ type: DataType.INTEGER })
  declare videoDurationSeconds: number | null;

  /** Private storage key of the lesson video; never shown to a user without access. */
  @Column({ type: DataType.TEXT })
  declare videoKey: string | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
