import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** An admin's note on an order (AddNoteDto); append-only like the status history. */
@Table({ tableName: 'order_notes', underscored: true, updatedAt: false })
export class OrderNoteModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare orderId: number;

  /** The admin token's `sub` (CONTRACT section 4: it need not match an admin row). */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare adminId: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare note: string;

  declare createdAt: Date;
}
