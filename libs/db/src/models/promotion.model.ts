import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { ProductModel } from './product.model';

export type DiscountType = 'percent' | 'fixed';

/** A promotion code (stored upper-case). Exactly one of `percent` and `discountPaisa` is set. */
@Table({ tableName: 'promotions', underscored: true })
export class PromotionModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare code: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare discountType: DiscountType;

  @Column({ type: DataType.INTEGER })
  declare percent: number | null;

  @Column({ type: DataType.INTEGER })
  declare discountPaisa: number | null;

  /** Restricts the code to one product; null means any product. */
  @Column({ type: DataType.INTEGER })
  declare productId: number | null;

  @Column({ type: DataType.DATE })
  declare startsAt: Date | null;

  @Column({ type: DataType.DATE })
  declare endsAt: Date | null;

  @Column({ type: DataType.INTEGER })
  declare usageLimit: number | null;

  @Column({ type: DataType.INTEGER })
  declare perUserLimit: number | null;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare timesUsed: number;

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isActive: boolean;

  @BelongsTo(() => ProductModel, 'productId')
  declare product?: ProductModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
