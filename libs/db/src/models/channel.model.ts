import { Column, DataType, HasOne, Model, Table } from 'sequelize-typescript';
import { ChannelAccessPolicyModel } from './channel-access-policy.model';

export const CHANNEL_KINDS = ['BROADCAST', 'PREMIUM_VIEW_ONLY'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const CHANNEL_ACCESS_POLICIES = ['OPEN', 'EXTERNAL_GATED'] as const;
export type ChannelAccessPolicy = (typeof CHANNEL_ACCESS_POLICIES)[number];
export const CHANNEL_VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type ChannelVisibility = (typeof CHANNEL_VISIBILITIES)[number];
export const CHANNEL_STATUSES = ['active', 'archived', 'soft_deleted'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/**
 * A broadcast channel (community-content-uploads.md "Channel"). The status carries exactly its
 * metadata (migration 0016: archive fields only while archived, delete fields and purgeAfter only
 * while soft-deleted); `eventSeq` numbers its realtime deltas. `accessPolicy` never changes after
 * creation (the access-policy row repeats it under a foreign key).
 */
@Table({ tableName: 'channels', underscored: true })
export class ChannelModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare kind: ChannelKind;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare accessPolicy: ChannelAccessPolicy;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare visibility: ChannelVisibility;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'active' })
  declare status: ChannelStatus;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare createdByAdminId: string;

  @Column({ type: DataType.DATE })
  declare archivedAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare archivedByAdminId: string | null;

  @Column({ type: DataType.DATE })
  declare deletedAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare deletedByAdminId: string | null;

  @Column({ type: DataType.DATE })
  declare purgeAfter: Date | null;

  /** The last realtime delta's number (bigint, as text). */
  @Column({ type: DataType.BIGINT, allowNull: false, defaultValue: 0 })
  declare eventSeq: string;

  @HasOne(() => ChannelAccessPolicyModel, 'channelId')
  declare accessPolicyConfig?: ChannelAccessPolicyModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
