import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { LessonModel } from './lesson.model';

@Table({ tableName: 'course_topics', underscored: true })
export class CourseTopicModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare courseId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare position: number;

  @HasMany(() => LessonModel, 'topicId')
  declare lessons?: LessonModel[];

  declare createdAt: Date;
  declare updatedAt: Date;
}
