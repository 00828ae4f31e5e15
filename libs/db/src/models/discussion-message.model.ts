import { Column, DataType, Model, Table } from 'sequelize-typescript';

export const DISCUSSION_AUTHOR_TYPES = ['USER', 'ADMIN'] as const;
export type DiscussionAuthorType = (typeof DISCUSSION_AUTHOR_TYPES)[number];

/**
 * A message of a channel discussion (community-content-uploads.md "Discussion and messages"),
 * written by a user or an admin. A deleted message stays as a tombstone without a body; the
 * CHECKs of migration 0018 tie author, tombstone and editor fields together.
 */
@Table({ tableName: 'discussion_messages', underscored: true })
export class DiscussionMessageModel extends Model {
  /** bigint, as text. */
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare discussionId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare authorType: DiscussionAuthorType;

  @Column({ type: DataType.UUID })
  declare authorUserId: string | null;

  @Column({ type: DataType.TEXT })
  declare authorAdminId: string | null;

  @Column({ type: DataType.TEXT })
  declare body: string | null;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare isDeleted: boolean;

  @Column({ type: DataType.DATE })
  declare deletedAt: Date | null;

  @Column({ type: DataType.TEXT })
  declare deletedByAdminId: string | null;

  @Column({ type: DataType.UUID })
  declare deletedByUserId: string | null;

  @Column({ type: DataType.DATE })
  declare editedAt: Date | null;

  @Column({ type: DataType.UUID })
  declare editedByUserId: string | null;

  @Column({ type: DataType.TEXT })
  declare editedByAdminId: string | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
