import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A category newsletter items are filed under, one per item at most (migration 0019). */
@Table({ tableName: 'content_categories', underscored: true, updatedAt: false })
export class ContentCategoryModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare slug: string;

  declare createdAt: Date;
}
