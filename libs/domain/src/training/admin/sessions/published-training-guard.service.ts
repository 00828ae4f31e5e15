import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import type { TrainingWithProduct } from '../../training.repository';
import { TrainingPublicationService } from '../trainings';

/**
 * A published training keeps what made it publishable: at least one session and one cohort that
 * are not cancelled (the rule of TrainingPublicationService.requirePublishable, so 400
 * TRAINING_NOT_PUBLISHABLE names what would be missing). Writes that delete or cancel a session or
 * cohort call this after their change, inside their transaction and under the training row lock:
 * the refusal rolls the change back, and no concurrent write slips between change and check.
 * A draft or archived training may lose them all.
 */
@Service()
export class PublishedTrainingGuardService {
  constructor(private readonly publication: TrainingPublicationService) {}

  async requireStillPublishable(training: TrainingWithProduct, tx: Transaction): Promise<void> {
    if (training.status === 'published') await this.publication.requirePublishable(training.id, tx);
  }
}
