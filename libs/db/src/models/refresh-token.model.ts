import { Column, DataType, Model, Table } from 'sequelize-typescript';

@Table({ tableName: 'refresh_tokens', underscored: true, updatedAt: false })
export class RefreshTokenModel extends Model {
  @Column({ type: DataType.UUID, primaryKey: true })
  declare id: string;

  @Column({ type: DataType.UUID })
  declare userId: string | null;

  @Column({ type: DataType.UUID })
  declare adminId: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare tokenHash: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare familyId: string;

  @Column({ type: DataType.DATE, allowNull: false })
  declare expiresAt: Date;

  @Column({ type: DataType.DATE })
  declare revokedAt: Date | null;

  @Column({ type: DataType.UUID })
  declare replacedById: string | null;

  declare createdAt: Date;
}
