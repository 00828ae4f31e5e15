import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A stored file of an IMAGE or FILE post, in `displayOrder` (0-19, unique per post). */
@Table({ tableName: 'channel_post_attachments', underscored: true, updatedAt: false })
export class ChannelPostAttachmentModel extends Model {
  /** bigint, as text. */
  @Column({ type: DataType.BIGINT, primaryKey: true, autoIncrement: true })
  declare id: string;

  @Column({ type: DataType.BIGINT, allowNull: false })
  declare postId: string;

  /** A key of the upload API (`uploads/...` or `public/...`). */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare storageKey: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare fileName: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare mimeType: string;

  /** bigint, as text. */
  @Column({ type: DataType.BIGINT, allowNull: false })
  declare sizeBytes: string;

  @Column({ type: DataType.SMALLINT, allowNull: false })
  declare displayOrder: number;

  declare createdAt: Date;
}
