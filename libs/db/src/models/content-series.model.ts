import { Column, DataType, Model, Table } from 'sequelize-typescript';

export const CONTENT_SERIES_STATUSES = ['active', 'archived'] as const;
export type ContentSeriesStatus = (typeof CONTENT_SERIES_STATUSES)[number];

/**
 * A newsletter series (CONTRACT section 10): `active` is listed publicly, `archived` is hidden from
 * public lists while its published items stay readable by slug. Its tier rule, if any, is a
 * content_tier_rules row (migration 0019).
 */
@Table({ tableName: 'content_series', underscored: true })
export class ContentSeriesModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare slug: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'active' })
  declare status: ContentSeriesStatus;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare createdByAdminId: string;

  declare createdAt: Date;
  declare updatedAt: Date;
}
