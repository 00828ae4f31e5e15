import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type OrderActorType = 'customer' | 'admin' | 'system';

/** One transition of an order; append-only (a trigger refuses updates and deletes). */
@Table({ tableName: 'order_status_history', underscored: true, updatedAt: false })
export class OrderStatusHistoryModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare orderId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare status: string;

  @Column({ type: DataType.TEXT })
  declare notes: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare actorType: OrderActorType;

  @Column({ type: DataType.UUID })
  declare createdByCustomerId: string | null;

  @Column({ type: DataType.TEXT })
  declare createdByAdminId: string | null;

  declare createdAt: Date;
}
