import { Column, DataType, Model, Table } from 'sequelize-typescript';

/**
 * A featured entry: an item, an optional window (start not after end; migration 0019) and a display
 * order. It does not read or set anything on the item itself.
 */
@Table({ tableName: 'content_featured', underscored: true })
export class ContentFeaturedModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare contentItemId: number;

  @Column({ type: DataType.DATE })
  declare startDate: Date | null;

  @Column({ type: DataType.DATE })
  declare endDate: Date | null;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare displayOrder: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare createdByAdminId: string;

  declare createdAt: Date;
  declare updatedAt: Date;
}
