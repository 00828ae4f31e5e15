import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A former slug of an item: it keeps resolving to the item and is never taken by another (migration 0019). */
@Table({ tableName: 'content_item_slug_history', underscored: true, updatedAt: false })
export class ContentItemSlugHistoryModel extends Model {
  @Column({ type: DataType.TEXT, primaryKey: true })
  declare slug: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare itemId: number;

  declare createdAt: Date;
}
