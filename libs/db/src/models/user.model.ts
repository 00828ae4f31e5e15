import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A customer account (spec: `userId`). */
@Table({ tableName: 'users', underscored: true })
export class UserModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare id: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare email: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare passwordHash: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare fullName: string;

  @Column({ type: DataType.TEXT })
  declare phone: string | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
