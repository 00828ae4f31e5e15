import { Column, DataType, Model, Table } from 'sequelize-typescript';

/**
 * A user's membership of a broadcast channel (community-content-uploads.md "Membership"): joined
 * for push notifications, or left (`leftAt`). One row per (channel, user), kept after leaving so
 * joining again is an update (migration 0017).
 */
@Table({ tableName: 'channel_memberships', underscored: true })
export class ChannelMembershipModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare channelId: number;

  @Column({ type: DataType.UUID, primaryKey: true })
  declare userId: string;

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isJoined: boolean;

  @Column({ type: DataType.DATE, allowNull: false })
  declare joinedAt: Date;

  @Column({ type: DataType.DATE })
  declare leftAt: Date | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
