import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type PaymentCallbackOutcome = 'success' | 'failure';

/** One distinct callback a gateway sent for a payment, with its parameters exactly as received. */
@Table({ tableName: 'payment_callbacks', underscored: true, updatedAt: false })
export class PaymentCallbackModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare paymentId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare outcome: PaymentCallbackOutcome;

  /** Query (GET) or body (POST) fields, each a string. */
  @Column({ type: DataType.JSONB, allowNull: false })
  declare params: Record<string, string>;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare paramsDigest: string;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 })
  declare receivedCount: number;

  @Column({ type: DataType.DATE, allowNull: false })
  declare lastReceivedAt: Date;

  declare createdAt: Date;
}
