import { Column, DataType, Model, Table } from 'sequelize-typescript';

/**
 * The discussion of a channel, created with it (CONTRACT section 10: enabled, no required feature,
 * slow mode off). Messages, bans and mutes come with the discussion context.
 */
@Table({ tableName: 'channel_discussions', underscored: true })
export class ChannelDiscussionModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare channelId: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  declare isEnabled: boolean;

  @Column({ type: DataType.TEXT })
  declare requiredFeatureKey: string | null;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare slowModeEnabled: boolean;

  @Column({ type: DataType.INTEGER })
  declare slowModeIntervalSeconds: number | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare createdByAdminId: string;

  declare createdAt: Date;
  declare updatedAt: Date;
}
