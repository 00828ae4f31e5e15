import { CurrentUser, Get, JsonController, Param, Post } from 'routing-controllers';
import { Service } from 'typedi';
import { AdminActor, PromoteWaitlistEntryUseCase, TrainingCohortsService } from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

/** A cohort's waitlist, for admins (learning-commerce.md "Training admin": waitlist entries and promote). */
@Service()
@JsonController('/api/admin/training/:trainingId(\\d+)/cohorts/:cohortId(\\d+)/waitlist')
export class AdminTrainingWaitlistController {
  constructor(
    private readonly cohorts: TrainingCohortsService,
    private readonly promoteEntry: PromoteWaitlistEntryUseCase,
  ) {}

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

  @Post('/:waitlistId(\\d+)/promote')
  @RequirePermission('Training_Cohort_UPDATE')
  @ApiDoc(
    'Promote a waitlist entry: hold a seat for its user',
    'No body. The admin decides, so a full cohort is no obstacle: a waiting entry becomes promoted and holds a seat for its user ' +
      'for TRAINING_WAITLIST_HOLD_HOURS (default 48), taken past capacity when none is free (the cohort stays full; the seat ' +
      'counts in extraSeats); during the hold the user may enroll in this cohort. The user is notified (TRAINING_WAITLIST_PROMOTED: ' +
      'push, email, in-app). An unused hold expires by a job (entry expired, seat given back). Repeating a promote answers the ' +
      'promoted entry and changes nothing (200 both times). data: { id, cohortId, userId, status, createdAt, promotedAt, ' +
      'promotedBy (admin token sub), holdExpiresAt, enrollmentId (the enrollment that used the hold, else null), cohort { id, status, ' +
      'capacity, seatsTaken, extraSeats, seatsLeft } }. Errors: 404 TRAINING_NOT_FOUND (unknown training), 404 ' +
      'TRAINING_COHORT_NOT_FOUND (unknown cohort, or one of another training), 404 TRAINING_WAITLIST_NOT_FOUND (unknown entry, or ' +
      'one of another cohort), 409 TRAINING_WAITLIST_NOT_PROMOTABLE (the entry expired or was cancelled), 409 ' +
      'TRAINING_ALREADY_ENROLLED (its user meanwhile has a pending or enrolled enrollment in this training), 409 ' +
      'TRAINING_COHORT_CLOSED / TRAINING_COHORT_CANCELLED.',
  )
  async promote(
    @CurrentUser() admin: AdminActor,
    @Param('trainingId') trainingId: number,
    @Param('cohortId') cohortId: number,
    @Param('waitlistId') waitlistId: number,
  ) {
    return ApiResponse.ok(await this.promoteEntry.execute(admin, trainingId, cohortId, waitlistId), 'Waitlist entry promoted');
  }
}
