import { Service } from 'typedi';
import { TrainingRepository } from '../../training.repository';
import { toTrainingSessionView, TrainingSessionView } from './training-session.views';
import { TrainingSessionsRepository } from './training-sessions.repository';

/** Admin reads of a training's sessions. */
@Service()
export class TrainingSessionsService {
  constructor(
    private readonly trainings: TrainingRepository,
    private readonly sessions: TrainingSessionsRepository,
  ) {}

  /** Every session of the training, by position. */
  async list(trainingId: number): Promise<TrainingSessionView[]> {
    const training = await this.trainings.requireTraining(trainingId);
    return (await this.sessions.listOf(training.id)).map(toTrainingSessionView);
  }

  async detail(trainingId: number, sessionId: number): Promise<TrainingSessionView> {
    const training = await this.trainings.requireTraining(trainingId);
    return toTrainingSessionView(await this.trainings.requireSession(training.id, sessionId));
  }
}
