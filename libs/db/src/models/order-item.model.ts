import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** An order line: a monetary snapshot that never changes after the order is placed. */
@Table({ tableName: 'order_items', underscored: true, updatedAt: false })
export class OrderItemModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare orderId: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare productType: 'course' | 'digital_book' | 'training';

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare unitMrpPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare unitSpPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 })
  declare quantity: number;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare discountPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare lineTotalPaisa: number;

  declare createdAt: Date;
}
