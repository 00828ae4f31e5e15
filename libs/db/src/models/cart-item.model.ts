import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { ProductModel } from './product.model';

/** A cart line with the prices snapshotted when it was added. */
@Table({ tableName: 'cart_items', underscored: true })
export class CartItemModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare cartId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare productType: 'course' | 'digital_book';

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare unitMrpPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare unitSpPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 })
  declare quantity: number;

  @BelongsTo(() => ProductModel, 'productId')
  declare product?: ProductModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
