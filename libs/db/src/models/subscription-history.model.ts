import { Column, DataType, Model, Table } from 'sequelize-typescript';

export const SUBSCRIPTION_HISTORY_ACTIONS = [
  'trial_started',
  'granted',
  'extended',
  'revoked',
  'converted',
  'purchase_created',
  'activated',
  'payment_failed',
  /** A scheduled window moved to start earlier, because the window it was queued behind was revoked. */
  'rescheduled',
] as const;
export type SubscriptionHistoryAction = (typeof SUBSCRIPTION_HISTORY_ACTIONS)[number];
export type SubscriptionActorType = 'customer' | 'admin' | 'system';

/** One change of a subscription: who, what, the end date before and after, a note. Append-only (trigger). */
@Table({ tableName: 'subscription_history', underscored: true, updatedAt: false })
export class SubscriptionHistoryModel extends Model {
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare subscriptionId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare action: SubscriptionHistoryAction;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare actorType: SubscriptionActorType;

  /** The customer's or admin's id; null for the system. */
  @Column({ type: DataType.TEXT })
  declare actorId: string | null;

  @Column({ type: DataType.TEXT })
  declare oldStatus: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare newStatus: string;

  @Column({ type: DataType.DATE })
  declare oldEndsAt: Date | null;

  @Column({ type: DataType.DATE })
  declare newEndsAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare note: string | null;

  declare createdAt: Date;
}
