import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type PushPlatform = 'android' | 'ios' | 'web';

/** A device token a customer's app registered for push (FCM). */
@Table({ tableName: 'push_devices', underscored: true })
export class PushDeviceModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare token: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare platform: PushPlatform;

  declare createdAt: Date;
  declare updatedAt: Date;
}
