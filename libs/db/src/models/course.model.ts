import { BelongsTo, Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { CourseTopicModel } from './course-topic.model';
import { LessonModel } from './lesson.model';
import { ProductModel } from './product.model';

/** A course's details; its title, slug, prices and publication live on its product. */
@Table({ tableName: 'courses', underscored: true })
export class CourseModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.TEXT })
  declare thumbnailRef: string | null;

  /** Storage key of the public trailer (`public/trailer/...`), or a legacy value. */
  @Column({ type: DataType.TEXT })
  declare trailerRef: string | null;

  @BelongsTo(() => ProductModel, 'productId')
  declare product?: ProductModel;

  @HasMany(() => CourseTopicModel, 'courseId')
  declare topics?: CourseTopicModel[];

  @HasMany(() => LessonModel, 'courseId')
  declare lessons?: LessonModel[];

  declare createdAt: Date;
  declare updatedAt: Date;
}
