import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { ProductModel } from './product.model';

export type AccessType = 'lifetime' | 'time_limited';

/** One grant of a product to a user, from an order or by an admin. */
@Table({ tableName: 'product_access', underscored: true })
export class ProductAccessModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  @Column({ type: DataType.INTEGER })
  declare orderId: number | null;

  @Column({ type: DataType.TEXT })
  declare grantedByAdminId: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare accessType: AccessType;

  @Column({ type: DataType.DATE })
  declare validUntil: Date | null;

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isRevoked: boolean;

  @Column({ type: DataType.DATE })
  declare revokedAt: Date | null;

  @BelongsTo(() => ProductModel, 'productId')
  declare product?: ProductModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
