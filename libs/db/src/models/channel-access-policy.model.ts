import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { ChannelAccessPolicy } from './channel.model';

export const CHANNEL_HISTORY_POLICIES = ['NO_PAST', 'ALLOW_PAST'] as const;
export type ChannelHistoryPolicy = (typeof CHANNEL_HISTORY_POLICIES)[number];

/**
 * A channel's access policy config (one per channel). `accessPolicy` repeats the channel's under a
 * foreign key, so "a gated channel names its feature key" is a row CHECK (migration 0016).
 */
@Table({ tableName: 'channel_access_policies', underscored: true, createdAt: false })
export class ChannelAccessPolicyModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare channelId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare accessPolicy: ChannelAccessPolicy;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'NO_PAST' })
  declare firstSubscribeHistoryPolicy: ChannelHistoryPolicy;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare resubscribeBackfillDays: number;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  declare preservePriorEntitledHistory: boolean;

  @Column({ type: DataType.TEXT })
  declare requiredFeatureKey: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare updatedByAdminId: string;

  declare updatedAt: Date;
}
