import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type PaymentGateway = 'esewa' | 'khalti';
export type PaymentStatus = 'initiated' | 'pending' | 'completed' | 'failed';

/** One payment attempt of an order at a gateway (eSewa transaction_uuid or Khalti pidx). */
@Table({ tableName: 'payments', underscored: true })
export class PaymentModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare orderId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare gateway: PaymentGateway;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'initiated' })
  declare status: PaymentStatus;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare amountPaisa: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare gatewayTransactionId: string;

  @Column({ type: DataType.TEXT })
  declare gatewayReference: string | null;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare verificationAttempts: number;

  @Column({ type: DataType.TEXT })
  declare lastVerificationError: string | null;

  @Column({ type: DataType.DATE })
  declare completedAt: Date | null;

  /** Set when the gateway confirmed money for an order that was no longer payable: a refund is owed. */
  @Column({ type: DataType.DATE })
  declare refundOwedAt: Date | null;

  /** Set when an admin recorded that the owed refund was paid back. */
  @Column({ type: DataType.DATE })
  declare refundSettledAt: Date | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
