import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A user muted in a discussion until `mutedUntil`: reads, but posts nothing before then (migration 0018). */
@Table({ tableName: 'discussion_mutes', underscored: true })
export class DiscussionMuteModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare discussionId: number;

  @Column({ type: DataType.UUID, primaryKey: true })
  declare userId: string;

  @Column({ type: DataType.DATE, allowNull: false })
  declare mutedUntil: Date;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare mutedByAdminId: string;

  @Column({ type: DataType.TEXT })
  declare reason: string | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
