import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type NotificationAudience = 'customer' | 'admins' | 'channel_members' | 'content_readers';

/**
 * Outbox row: one business event (learning-commerce.md, "Events"), written in the transaction that
 * caused it. `dedupeKey` makes recording it twice a no-op; `dispatchedAt` is when a delivery job
 * was queued, `processedAt` when every delivery of it settled.
 */
@Table({ tableName: 'notification_events', underscored: true, updatedAt: false })
export class NotificationEventModel extends Model {
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare event: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare audience: NotificationAudience;

  /** The customer it is about and for (audience 'customer'); null for admin events. */
  @Column({ type: DataType.UUID })
  declare userId: string | null;

  /** The channel whose members it is for (audience 'channel_members', migration 0016). */
  @Column({ type: DataType.INTEGER })
  declare channelId: number | null;

  /** The newsletter item whose readers it is for (audience 'content_readers', migration 0020). */
  @Column({ type: DataType.INTEGER })
  declare contentItemId: number | null;

  @Column({ type: DataType.JSONB, allowNull: false })
  declare payload: Record<string, unknown>;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare dedupeKey: string;

  @Column({ type: DataType.DATE })
  declare dispatchedAt: Date | null;

  @Column({ type: DataType.DATE })
  declare processedAt: Date | null;

  declare createdAt: Date;
}
