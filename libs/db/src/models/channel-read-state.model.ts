import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A user's read cursor in a channel: the greatest post id they have seen (only moves forward; migration 0017). */
@Table({ tableName: 'channel_read_states', underscored: true, timestamps: false })
export class ChannelReadStateModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true })
  declare channelId: number;

  @Column({ type: DataType.UUID, primaryKey: true })
  declare userId: string;

  /** bigint, as text. */
  @Column({ type: DataType.BIGINT, allowNull: false })
  declare lastSeenPostId: string;

  @Column({ type: DataType.DATE, allowNull: false })
  declare lastSeenAt: Date;
}
