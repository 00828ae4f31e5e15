import { Get, JsonController, Param } from 'routing-controllers';
import { Service } from 'typedi';
import { TrainingCohortsService } from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

/** A cohort's waitlist, for admins (learning-commerce.md "Training admin"; promotion comes with part 2). */
@Service()
@JsonController('/api/admin/training/:trainingId(\\d+)/cohorts/:cohortId(\\d+)/waitlist')
export class AdminTrainingWaitlistController {
  constructor(private readonly cohorts: TrainingCohortsService) {}

  @Get()
  @RequirePermission('Training_READ')
  @ApiDoc(
    'The waitlist of a cohort, in FIFO order',
    'data is a list of every entry: the waiting ones first, in the order they joined (FIFO), then the promoted, expired and cancelled ' +
      'ones by age. Each entry: id, cohortId, user { id, fullName, email }, status (waiting|promoted|expired|cancelled), position ' +
      '(1-based place in the queue; null unless waiting), createdAt, promotedAt, expiredAt, cancelledAt. An unknown training is 404 ' +
      'TRAINING_NOT_FOUND; an unknown cohort, or one of another training, is 404 TRAINING_COHORT_NOT_FOUND.',
  )
  async waitlist(@Param('trainingId') trainingId: number, @Param('cohortId') cohortId: number) {
    return ApiResponse.ok(await this.cohorts.waitlist(trainingId, cohortId));
  }
}
