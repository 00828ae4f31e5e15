import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A price of a plan: a duration and its NPR amounts (numeric(12,2), read as strings; sp ≤ mrp by CHECK). */
@Table({ tableName: 'subscription_plan_prices', underscored: true })
export class SubscriptionPlanPriceModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare planId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare label: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare durationDays: number;

  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare mrpNpr: string;

  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare spNpr: string;

  /** At most one per plan (partial unique index). */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare isBase: boolean;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare isFeatured: boolean;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  declare isActive: boolean;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare displayOrder: number;

  declare createdAt: Date;
  declare updatedAt: Date;
}
