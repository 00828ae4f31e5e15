import { Service } from 'typedi';
import { TrainingRepository } from '../../training.repository';
import { toTrainingCohortView, TrainingCohortDetailView, TrainingCohortView, WaitlistEntryView } from './training-cohort.views';
import { TrainingCohortsRepository } from './training-cohorts.repository';

/** Admin reads of a training's cohorts, their schedules and waitlists. */
@Service()
export class TrainingCohortsService {
  constructor(
    private readonly trainings: TrainingRepository,
    private readonly cohorts: TrainingCohortsRepository,
  ) {}

  async list(trainingId: number): Promise<TrainingCohortView[]> {
    const training = await this.trainings.requireTraining(trainingId);
    return (await this.cohorts.listOf(training.id)).map(toTrainingCohortView);
  }

  async detail(trainingId: number, cohortId: number): Promise<TrainingCohortDetailView> {
    const training = await this.trainings.requireTraining(trainingId);
    const cohort = await this.trainings.requireCohort(training.id, cohortId);
    const [schedule, waitingCount] = await Promise.all([this.cohorts.scheduleOf(cohort.id), this.cohorts.waitingCount(cohort.id)]);
    return { ...toTrainingCohortView(cohort), schedule, waitingCount };
  }

  /** The cohort's waitlist, FIFO queue first (learning-commerce.md "Training admin": waitlist entries). */
  async waitlist(trainingId: number, cohortId: number): Promise<WaitlistEntryView[]> {
    const training = await this.trainings.requireTraining(trainingId);
    const cohort = await this.trainings.requireCohort(training.id, cohortId);
    let queued = 0;
    // Every entry has its user (a foreign key with cascade); flatMap only narrows the type.
    return (await this.cohorts.waitlistOf(cohort.id)).flatMap((entry) => {
      const { user } = entry;
      if (!user) return [];
      return [
        {
          id: entry.id,
          cohortId: entry.cohortId,
          user: { id: user.id, fullName: user.fullName, email: user.email },
          status: entry.status,
          position: entry.status === 'waiting' ? ++queued : null,
          createdAt: entry.createdAt,
          promotedAt: entry.promotedAt,
          expiredAt: entry.expiredAt,
          cancelledAt: entry.cancelledAt,
        },
      ];
    });
  }
}
