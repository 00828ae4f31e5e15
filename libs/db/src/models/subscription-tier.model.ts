import { Column, DataType, Model, Table } from 'sequelize-typescript';

/**
 * A tier of a module (e.g. basic, premium). `parentTierId` names the tier it builds on, in the
 * same module: a tier includes every feature of its ancestors' plans.
 */
@Table({ tableName: 'subscription_tiers', underscored: true })
export class SubscriptionTierModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare moduleId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare name: string;

  /** Unique within the module; `basic` and `premium` name the content tiers (CONTRACT section 7). */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare slug: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare displayOrder: number;

  @Column({ type: DataType.UUID })
  declare parentTierId: string | null;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  declare isActive: boolean;

  declare createdAt: Date;
  declare updatedAt: Date;
}
