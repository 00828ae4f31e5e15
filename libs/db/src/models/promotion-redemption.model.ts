import { Column, DataType, Model, Table } from 'sequelize-typescript';

@Table({ tableName: 'promotion_redemptions', underscored: true, updatedAt: false })
export class PromotionRedemptionModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare promotionId: number;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  /** What used the code, e.g. `order:42`. */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare reference: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare discountPaisa: number;

  @Column({ type: DataType.DATE })
  declare releasedAt: Date | null;

  declare createdAt: Date;
}
