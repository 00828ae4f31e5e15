import { Service } from 'typedi';
import { TrainingRepository } from '../../training.repository';
import { TrainingFormConfigRepository } from './training-form-config.repository';
import { toTrainingFormConfigView, TrainingFormConfigView } from './training-form-config.views';

/** Admin read of a training's enrollment form. */
@Service()
export class TrainingFormConfigService {
  constructor(
    private readonly trainings: TrainingRepository,
    private readonly forms: TrainingFormConfigRepository,
  ) {}

  /** The form, or null when the training has none. */
  async get(trainingId: number): Promise<TrainingFormConfigView | null> {
    const training = await this.trainings.requireTraining(trainingId);
    const config = await this.forms.findOf(training.id);
    return config ? toTrainingFormConfigView(config) : null;
  }
}
