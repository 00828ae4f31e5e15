import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { OrderItemModel } from './order-item.model';
import { OrderActorType, OrderStatusHistoryModel } from './order-status-history.model';
import { PaymentModel } from './payment.model';

export const ORDER_STATUSES = [
  'created',
  'payment_pending',
  'paid',
  'payment_failed',
  'cancelled',
  'refund_requested',
  'refund_pending',
  'refund_approved',
  'refund_rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderType = 'digital' | 'training';
export type OrderSource = 'checkout' | 'buy_now' | 'training_enroll' | 'admin_manual';
export type RefundStatus = 'requested' | 'pending' | 'approved' | 'rejected';

/** An order: totals in paisa, CHECKed as subtotal − discount = total. */
@Table({ tableName: 'orders', underscored: true })
export class OrderModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare orderNumber: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare type: OrderType;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare source: OrderSource;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'online' })
  declare paymentMethod: 'online';

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'created' })
  declare status: OrderStatus;

  @Column({ type: DataType.TEXT })
  declare refundStatus: RefundStatus | null;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare mrpTotalPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare subtotalPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare discountPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare totalPaisa: number;

  @Column({ type: DataType.INTEGER })
  declare promotionId: number | null;

  @Column({ type: DataType.TEXT })
  declare promotionCode: string | null;

  @Column({ type: DataType.INTEGER })
  declare cartId: number | null;

  @Column({ type: DataType.TEXT })
  declare gateway: 'esewa' | 'khalti' | null;

  @Column({ type: DataType.TEXT })
  declare returnUrl: string | null;

  @Column({ type: DataType.DATE })
  declare paidAt: Date | null;

  @Column({ type: DataType.DATE })
  declare cancelledAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare cancellationReason: string | null;

  @Column({ type: DataType.TEXT })
  declare cancelledByActorType: OrderActorType | null;

  /** The customer's reason and remarks when asking for a refund (RequestRefundDto). */
  @Column({ type: DataType.TEXT })
  declare refundReason: string | null;

  @Column({ type: DataType.TEXT })
  declare refundRemarks: string | null;

  /** The admin's remarks when processing the refund (ProcessRefundDto). */
  @Column({ type: DataType.TEXT })
  declare refundAdminRemarks: string | null;

  /** Set only on refund_approved: what was given back (the order total unless the admin said less). */
  @Column({ type: DataType.INTEGER })
  declare refundAmountPaisa: number | null;

  @Column({ type: DataType.DATE })
  declare refundRequestedAt: Date | null;

  @Column({ type: DataType.DATE })
  declare refundProcessedAt: Date | null;

  @HasMany(() => OrderItemModel, 'orderId')
  declare items?: OrderItemModel[];

  @HasMany(() => OrderStatusHistoryModel, 'orderId')
  declare history?: OrderStatusHistoryModel[];

  @HasMany(() => PaymentModel, 'orderId')
  declare payments?: PaymentModel[];

  declare createdAt: Date;
  declare updatedAt: Date;
}
