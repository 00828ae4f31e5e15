import { Column, DataType, Model, Table } from 'sequelize-typescript';

export const DISCUSSION_MODERATION_ACTIONS = ['ban', 'unban', 'mute', 'unmute', 'message_edit', 'message_delete', 'settings_update'] as const;
export type DiscussionModerationActionName = (typeof DISCUSSION_MODERATION_ACTIONS)[number];

/** What a settings_update changed: each changed field (as the PATCH body names it) with its value before and after. */
export type DiscussionSettingsChanges = Record<string, { from: unknown; to: unknown }>;

/** One moderation act in a discussion: who did what to whom or which message, when, and why (migration 0018). */
@Table({ tableName: 'discussion_moderation_actions', underscored: true, updatedAt: false })
export class DiscussionModerationActionModel extends Model {
  /** bigint, as text. */
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare discussionId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare action: DiscussionModerationActionName;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare adminId: string;

  @Column({ type: DataType.UUID })
  declare userId: string | null;

  @Column({ type: DataType.BIGINT })
  declare messageId: string | null;

  @Column({ type: DataType.DATE })
  declare mutedUntil: Date | null;

  @Column({ type: DataType.TEXT })
  declare reason: string | null;

  /** settings_update only (the discussion_moderation_actions_changes CHECK). */
  @Column({ type: DataType.JSONB })
  declare changes: DiscussionSettingsChanges | null;

  declare createdAt: Date;
}
