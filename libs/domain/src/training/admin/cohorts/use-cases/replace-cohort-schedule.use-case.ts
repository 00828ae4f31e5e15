import { Service } from 'typedi';
import { ValidationFailed } from '../../../../shared';
import { TrainingCatalogWrites } from '../../../training-catalog-writes.service';
import { TrainingSessionMismatch } from '../../../training.errors';
import { TrainingRepository } from '../../../training.repository';
import type { ReplaceCohortScheduleDto } from '../dto/training-cohort.dto';
import { CohortScheduleEntryView } from '../training-cohort.views';
import { TrainingCohortsRepository } from '../training-cohorts.repository';
import { TrainingSessionsRepository } from '../../sessions/training-sessions.repository';

/**
 * Replaces a cohort's schedule in one transaction. Each session must be the training's (else
 * 400 TRAINING_SESSION_MISMATCH: the ids come from the body, not the path) and appear once.
 */
@Service()
export class ReplaceCohortScheduleUseCase {
  constructor(
    private readonly writes: TrainingCatalogWrites,
    private readonly trainings: TrainingRepository,
    private readonly sessions: TrainingSessionsRepository,
    private readonly cohorts: TrainingCohortsRepository,
  ) {}

  execute(trainingId: number, cohortId: number, input: ReplaceCohortScheduleDto): Promise<CohortScheduleEntryView[]> {
    const ids = input.sessions.map((entry) => entry.sessionId);
    const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    if (repeated.length) throw ValidationFailed(`sessions must name each session once: repeated ${repeated.join(', ')}`);
    return this.writes.transaction(async (tx) => {
      const training = await this.trainings.requireTraining(trainingId, tx, true);
      const cohort = await this.trainings.requireCohort(training.id, cohortId, tx, true);
      const own = new Set((await this.sessions.listOf(training.id, tx)).map((session) => session.id));
      const foreign = ids.filter((id) => !own.has(id));
      if (foreign.length) throw TrainingSessionMismatch(foreign);
      const rows = input.sessions.map((entry) => ({
        sessionId: entry.sessionId,
        scheduledAt: entry.scheduledAt ? new Date(entry.scheduledAt) : null,
        liveSessionRef: entry.liveSessionRef ?? null,
      }));
      await this.cohorts.replaceSchedule(training.id, cohort.id, rows, tx);
      return this.cohorts.scheduleOf(cohort.id, tx);
    });
  }
}
