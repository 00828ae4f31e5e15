import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A user banned from a discussion: no posting, no editing, no room (migration 0018). */
@Table({ tableName: 'discussion_bans', underscored: true, updatedAt: false })
export class DiscussionBanModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare discussionId: number;

  @Column({ type: DataType.UUID, primaryKey: true })
  declare userId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare bannedByAdminId: string;

  @Column({ type: DataType.TEXT })
  declare reason: string | null;

  declare createdAt: Date;
}
