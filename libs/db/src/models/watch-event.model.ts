import { Column, DataType, Model, Table } from 'sequelize-typescript';

export const WATCH_EVENT_TYPES = ['heartbeat', 'play', 'pause', 'seek', 'ended'] as const;
export type WatchEventType = (typeof WATCH_EVENT_TYPES)[number];

/** One processed heartbeat (migration 0008: monthly partitions, append-only, no foreign keys). */
@Table({ tableName: 'watch_events', underscored: true, updatedAt: false })
export class WatchEventModel extends Model {
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare lessonId: number;

  @Column({ type: DataType.STRING(20), allowNull: false })
  declare eventType: WatchEventType;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare watchPosition: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare totalWatchedSeconds: number;

  /** Server time of the insert (the partition key). */
  @Column({ type: DataType.DATE, allowNull: false })
  declare createdAt: Date;
}
