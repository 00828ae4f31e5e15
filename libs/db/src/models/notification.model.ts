import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** An in-app notification of one user, one per (event, user). */
@Table({ tableName: 'notifications', underscored: true, updatedAt: false })
export class NotificationModel extends Model {
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.BIGINT, allowNull: false })
  declare eventId: string;

  /** The event name, e.g. ORDER_CANCELLED. */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare type: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare body: string;

  @Column({ type: DataType.JSONB, allowNull: false, defaultValue: {} })
  declare data: Record<string, unknown>;

  @Column({ type: DataType.DATE })
  declare readAt: Date | null;

  declare createdAt: Date;
}
