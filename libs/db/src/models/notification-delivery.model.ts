import { Column, DataType, Model, Table } from 'sequelize-typescript';

export const NOTIFICATION_CHANNELS = ['email', 'push', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationDeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * One send of an event on one channel to one recipient; unique per (event, channel, recipient),
 * the idempotency key of the send. `sending` is a lease (`lockedUntil`) so one worker sends it.
 */
@Table({ tableName: 'notification_deliveries', underscored: true })
export class NotificationDeliveryModel extends Model {
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.BIGINT, allowNull: false })
  declare eventId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare channel: NotificationChannel;

  /** A user id (customers) or an admin id. */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare recipient: string;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'pending' })
  declare status: NotificationDeliveryStatus;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare attempts: number;

  @Column({ type: DataType.TEXT })
  declare lastError: string | null;

  @Column({ type: DataType.DATE })
  declare lockedUntil: Date | null;

  @Column({ type: DataType.DATE })
  declare sentAt: Date | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
