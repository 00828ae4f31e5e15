import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** An item's tag (migration 0019). */
@Table({ tableName: 'content_item_tags', underscored: true, timestamps: false })
export class ContentItemTagModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare itemId: number;

  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare tagId: number;
}
