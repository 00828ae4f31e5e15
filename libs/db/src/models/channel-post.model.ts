import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { ChannelPostAttachmentModel } from './channel-post-attachment.model';

export const CHANNEL_POST_TYPES = ['TEXT', 'LINK', 'CHART', 'IMAGE', 'FILE'] as const;
export type ChannelPostType = (typeof CHANNEL_POST_TYPES)[number];

/**
 * A post of a channel (community-content-uploads.md "Channel post"). The id (one sequence for all
 * channels) is the cursor; `publishedAt` is metadata. The per-type shape is a CHECK over the
 * fields and `attachmentCount`, which a deferred trigger keeps equal to the attachment rows
 * (migration 0016). A deleted post stays as a tombstone and is never pinned.
 */
@Table({ tableName: 'channel_posts', underscored: true })
export class ChannelPostModel extends Model {
  /** bigint, as text. */
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare channelId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare type: ChannelPostType;

  @Column({ type: DataType.TEXT })
  declare bodyText: string | null;

  @Column({ type: DataType.TEXT })
  declare linkUrl: string | null;

  @Column({ type: DataType.JSONB })
  declare chartPayloadJson: Record<string, unknown> | null;

  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 })
  declare attachmentCount: number;

  @Column({ type: DataType.DATE, allowNull: false })
  declare publishedAt: Date;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare createdByAdminId: string;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare isPinned: boolean;

  @Column({ type: DataType.DATE })
  declare pinnedAt: Date | null;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare isDeleted: boolean;

  @Column({ type: DataType.DATE })
  declare deletedAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare deletedByAdminId: string | null;

  @HasMany(() => ChannelPostAttachmentModel, 'postId')
  declare attachments?: ChannelPostAttachmentModel[];

  declare createdAt: Date;
  declare updatedAt: Date;
}
