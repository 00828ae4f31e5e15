import { Column, DataType, Model, Table } from 'sequelize-typescript';

/**
 * Every scope an Idempotency-Key is held in, one list for all contexts (the table only checks the
 * format, `context_thing.action`): a key is unique per (actor, scope, key).
 */
export type IdempotencyScope = 'checkout' | 'buy_now' | 'training_enroll' | 'portfolio_transaction.add' | 'channel.create' | 'channel_post.create'
  | 'discussion_message.post';

/** An Idempotency-Key as first seen: who sent it, the request's fingerprint, its state and its stored answer (migrations 0004, 0012). */
@Table({ tableName: 'idempotency_keys', underscored: true })
export class IdempotencyKeyModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  /** No default: every key names its actor (migration 0012). */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare actorType: 'customer' | 'admin';

  /** The customer's id (actorType customer). */
  @Column({ type: DataType.UUID })
  declare userId: string | null;

  /** The admin token's `sub` (actorType admin). */
  @Column({ type: DataType.TEXT })
  declare adminId: string | null;

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

  /** What the request created (`order` / its id, `portfolio_transaction` / its uuid). */
  @Column({ type: DataType.TEXT })
  declare referenceType: string | null;

  @Column({ type: DataType.TEXT })
  declare referenceId: string | null;

  /** Orders keep their foreign key beside the reference. */
  @Column({ type: DataType.INTEGER })
  declare orderId: number | null;

  declare createdAt: Date;
  declare updatedAt: Date;
}
