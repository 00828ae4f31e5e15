import { Column, DataType, Model, Table } from 'sequelize-typescript';

@Table({ tableName: 'product_slug_history', underscored: true, updatedAt: false })
export class ProductSlugHistoryModel extends Model {
  @Column({ type: DataType.TEXT, primaryKey: true })
  declare slug: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  declare createdAt: Date;
}
