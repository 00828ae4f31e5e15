import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { ProductModel } from './product.model';

/** A digital book (booklet); its title, slug, prices and publication live on its product. */
@Table({ tableName: 'digital_books', underscored: true })
export class DigitalBookModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.TEXT })
  declare author: string | null;

  @Column({ type: DataType.INTEGER })
  declare pageCount: number | null;

  @Column({ type: DataType.TEXT })
  declare coverRef: string | null;

  /** Private storage key of the book file; only for holders of access. */
  @Column({ type: DataType.TEXT })
  declare fileKey: string | null;

  @BelongsTo(() => ProductModel, 'productId')
  declare product?: ProductModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
