import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A tag newsletter items carry, any number per item (migration 0019). */
@Table({ tableName: 'content_tags', underscored: true, updatedAt: false })
export class ContentTagModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare slug: string;

  declare createdAt: Date;
}
