import { Column, DataType, Model, Table } from 'sequelize-typescript';

@Table({ tableName: 'admins', underscored: true })
export class AdminModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare id: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare email: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare passwordHash: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare fullName: string;

  @Column({ type: DataType.ARRAY(DataType.TEXT), allowNull: false })
  declare permissions: string[];

  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare isActive: boolean;

  declare createdAt: Date;
  declare updatedAt: Date;
}
