import { Service } from 'typedi';
import type { TrainingFormField } from '@platform/db';
import { FieldProblem, ValidationFailed } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingRepository } from '../../../training.repository';
import type { TrainingFormFieldDto, UpdateTrainingFormConfigDto } from '../dto/training-form-config.dto';
import { TrainingFormConfigRepository } from '../training-form-config.repository';
import { toTrainingFormConfigView, TrainingFormConfigView } from '../training-form-config.views';

/**
 * Sets a training's enrollment form (CONTRACT §10), replacing the previous one: one row per
 * training, upserted under the training row lock. Rules across fields (unique keys, options
 * only and always on `select`) are checked here; each field's shape by the DTO.
 */
@Service()
export class PutTrainingFormConfigUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly forms: TrainingFormConfigRepository,
  ) {}

  execute(trainingId: number, input: UpdateTrainingFormConfigDto): Promise<TrainingFormConfigView> {
    const problems = formProblems(input.fields);
    if (problems.length) throw ValidationFailed(problems[0].message, problems);
    const fields = input.fields.map(toField);
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      return toTrainingFormConfigView(await this.forms.replace(training.id, fields, tx));
    });
  }
}

function formProblems(fields: TrainingFormFieldDto[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (seen.has(field.key)) {
      problems.push({ field: `fields.${index}.key`, code: 'unique', message: `fields: the key "${field.key}" is used more than once` });
    }
    seen.add(field.key);
    const hasOptions = field.options !== undefined && field.options !== null;
    if (field.type === 'select' && !hasOptions) {
      problems.push({ field: `fields.${index}.options`, code: 'required', message: `fields.${index}.options are required for a select field` });
    }
    if (field.type !== 'select' && hasOptions) {
      problems.push({ field: `fields.${index}.options`, code: 'notAllowed', message: `fields.${index}.options are only for a select field, not ${field.type}` });
    }
  });
  return problems;
}

/** The stored shape: options only on select fields, no other keys. */
const toField = (field: TrainingFormFieldDto): TrainingFormField => ({
  key: field.key,
  label: field.label,
  type: field.type,
  required: field.required,
  ...(field.type === 'select' ? { options: field.options ?? [] } : {}),
});
