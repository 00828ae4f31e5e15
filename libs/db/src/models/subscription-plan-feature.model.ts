import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A feature a plan gives (`featureKey` unique within the plan); only `enabled` features are entitlements. */
@Table({ tableName: 'subscription_plan_features', underscored: true })
export class SubscriptionPlanFeatureModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare planId: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare moduleId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare featureKey: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare featureText: string;

  @Column({ type: DataType.TEXT })
  declare featureDetails: string | null;

  @Column({ type: DataType.TEXT })
  declare value: string | null;

  @Column({ type: DataType.TEXT })
  declare icon: string | null;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare displayOrder: number;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  declare enabled: boolean;

  declare createdAt: Date;
  declare updatedAt: Date;
}
