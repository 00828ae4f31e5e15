import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { ProductSlugHistoryModel } from './product-slug-history.model';

export const PRODUCT_TYPES = ['course', 'digital_book', 'training'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * A sellable product; prices are integer paisa. Associations point from detail to product
 * (course → product), never back: with decorator metadata, import cycles between model files
 * fail at load time.
 */
@Table({ tableName: 'products', underscored: true })
export class ProductModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare type: ProductType;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare slug: string;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare mrpPaisa: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare spPaisa: number;

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isPublished: boolean;

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isSellable: boolean;

  @HasMany(() => ProductSlugHistoryModel, 'productId')
  declare oldSlugs?: ProductSlugHistoryModel[];

  declare createdAt: Date;
  declare updatedAt: Date;
}
