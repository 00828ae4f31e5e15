import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import type { AccessType } from './product-access.model';
import { ProductModel } from './product.model';

export const TRAINING_STATUSES = ['draft', 'published', 'hidden', 'archived'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];
export const TRAINING_ACCESS_TYPES = ['lifetime', 'time_limited'] as const satisfies readonly AccessType[];

/** The text search configuration `search_vector` is built with (migration 0014); queries must use the same. */
export const TRAINING_SEARCH_CONFIG = 'simple';

/**
 * A training's details; its title, slug (with history), prices and sellability live on its
 * product of type `training`. `searchVector` is maintained by the database (title weight A,
 * description weight B) and never written by the application.
 */
@Table({ tableName: 'trainings', underscored: true })
export class TrainingModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare productId: number;

  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: 'draft' })
  declare status: TrainingStatus;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.TEXT })
  declare thumbnailRef: string | null;

  /** Storage key of the public trailer (`public/trailer/...`), or a legacy value. */
  @Column({ type: DataType.TEXT })
  declare trailerRef: string | null;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare isFree: boolean;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare isFeatured: boolean;

  @Column({ type: DataType.INTEGER })
  declare categoryId: number | null;

  @Column({ type: DataType.INTEGER })
  declare tagId: number | null;

  /** Copied onto an enrollment when it becomes `enrolled`. */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare accessType: AccessType;

  /** Set exactly when `accessType` is `time_limited` (>= 1). */
  @Column({ type: DataType.INTEGER })
  declare accessDurationDays: number | null;

  @BelongsTo(() => ProductModel, 'productId')
  declare product?: ProductModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
