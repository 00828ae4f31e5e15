import type { ContainerInstance } from 'typedi';
import { Database, TrainingCohortModel, TrainingWaitlistEntryModel } from '@platform/db';
import { CohortSeatsService } from '@platform/domain';

const HOUR = 3_600_000;

export interface WaitlistHoldOptions {
  /** Default: 48 hours from now; a past instant makes a hold the expiry job takes. */
  holdExpiresAt?: Date;
  /** The enrollment that used the hold (it then owns the seat). */
  enrollmentId?: number | null;
}

/**
 * A promoted waitlist entry holding a seat (independent of the promote use case and its checks):
 * the entry, written straight to the database, and its seat taken as a promotion takes it, through
 * CohortSeatsService.takePastCapacity (a free seat, else one past capacity counted in extra_seats;
 * refused for a closed or cancelled cohort), in one transaction. The cohort is reloaded.
 */
export async function createWaitlistHold(
  container: ContainerInstance,
  cohort: TrainingCohortModel,
  userId: string,
  options: WaitlistHoldOptions = {},
): Promise<TrainingWaitlistEntryModel> {
  const holdExpiresAt = options.holdExpiresAt ?? new Date(Date.now() + 48 * HOUR);
  const entry = await container.get(Database).transaction(async (tx) => {
    await container.get(CohortSeatsService).takePastCapacity(cohort.trainingId, cohort.id, tx);
    return TrainingWaitlistEntryModel.create(
      {
        cohortId: cohort.id,
        userId,
        status: 'promoted',
        promotedAt: new Date(Math.min(Date.now(), holdExpiresAt.getTime() - 48 * HOUR)),
        promotedBy: 'test-admin',
        holdExpiresAt,
        enrollmentId: options.enrollmentId ?? null,
      },
      { transaction: tx },
    );
  });
  await cohort.reload();
  return entry;
}
