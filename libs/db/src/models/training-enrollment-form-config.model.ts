import { BelongsTo, Column, DataType, Model, Table } from 'sequelize-typescript';
import { TrainingModel } from './training.model';

export const TRAINING_FORM_FIELD_TYPES = ['text', 'email', 'phone', 'number', 'select', 'textarea', 'checkbox'] as const;
export type TrainingFormFieldType = (typeof TRAINING_FORM_FIELD_TYPES)[number];

export interface TrainingFormField {
  key: string;
  label: string;
  type: TrainingFormFieldType;
  required: boolean;
  options?: string[];
}

/** The optional enrollment form of a training (at most one); the database checks each field's shape, the use case that keys are unique. */
@Table({ tableName: 'training_enrollment_form_configs', underscored: true })
export class TrainingEnrollmentFormConfigModel extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true, autoIncrement: true })
  declare id: number;

  @Column({ type: DataType.INTEGER, allowNull: false })
  declare trainingId: number;

  @Column({ type: DataType.JSONB, allowNull: false, defaultValue: [] })
  declare fields: TrainingFormField[];

  @BelongsTo(() => TrainingModel, 'trainingId')
  declare training?: TrainingModel;

  declare createdAt: Date;
  declare updatedAt: Date;
}
