import { Column, DataType, Model, Table } from 'sequelize-typescript';

/**
 * The tier a series or an item requires (exactly one of seriesId, itemId; one rule per target;
 * migration 0019). An item's rule wins over its series' rule; no rule at either level: free.
 */
@Table({ tableName: 'content_tier_rules', underscored: true })
export class ContentTierRuleModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER })
  declare seriesId: number | null;

  @Column({ type: DataType.INTEGER })
  declare itemId: number | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare tier: 'basic' | 'premium';

  @Column({ type: DataType.TEXT, allowNull: false })
  declare setByAdminId: string;

  declare createdAt: Date;
  declare updatedAt: Date;
}
