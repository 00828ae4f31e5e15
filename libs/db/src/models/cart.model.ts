import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { CartItemModel } from './cart-item.model';

export const CART_STATUSES = ['active', 'checkout', 'completed', 'abandoned'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** A customer's digital cart; at most one is `active` per user. */
@Table({ tableName: 'carts', underscored: true })
export class CartModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'active' })
  declare status: CartStatus;

  @Column({ type: DataType.INTEGER })
  declare appliedPromotionId: number | null;

  @Column({ type: DataType.TEXT })
  declare appliedPromotionCode: string | null;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare appliedDiscountPaisa: number;

  @Column({ type: DataType.DATE, allowNull: false })
  declare expiresAt: Date;

  @HasMany(() => CartItemModel, 'cartId')
  declare items?: CartItemModel[];

  declare createdAt: Date;
  declare updatedAt: Date;
}
