import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A file a customer uploaded: the key and its owner. */
@Table({ tableName: 'customer_uploads', underscored: true, updatedAt: false })
export class CustomerUploadModel extends Model {
  @Column({ type: DataType.TEXT, primaryKey: true })
  declare storageKey: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  declare createdAt: Date;
}
