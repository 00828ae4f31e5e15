import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** The one plan of a tier (unique tier_id): trial settings, prices and features hang off it. */
@Table({ tableName: 'subscription_plans', underscored: true })
export class SubscriptionPlanModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare tierId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  /** 0 means the plan offers no trial. */
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare trialDays: number;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare trialRequiresCc: boolean;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  declare isActive: boolean;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare displayOrder: number;

  declare createdAt: Date;
  declare updatedAt: Date;
}
