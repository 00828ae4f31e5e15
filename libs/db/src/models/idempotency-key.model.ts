import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type IdempotencyScope = 'checkout' | 'buy_now' | 'training_enroll';

/** An Idempotency-Key as first seen: the request's fingerprint, its state and its stored answer. */
@Table({ tableName: 'idempotency_keys', underscored: true })
export class IdempotencyKeyModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.UUID, allowNull: false })
  declare userId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare scope: IdempotencyScope;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare key: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare requestHash: string;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'in_progress' })
  declare status: 'in_progress' | 'completed' | 'failed';

  @Column({ type: DataType.JSONB })
  declare response: Record<string, unknown> | null;

  @Column({ type: DataType.INTEGER })
  declare orderId: number | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
