import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A former slug of a series: it keeps resolving to the series and is never taken by another (migration 0019). */
@Table({ tableName: 'content_series_slug_history', underscored: true, updatedAt: false })
export class ContentSeriesSlugHistoryModel extends Model {
  @Column({ type: DataType.TEXT, primaryKey: true })
  declare slug: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare seriesId: number;

  declare createdAt: Date;
}
