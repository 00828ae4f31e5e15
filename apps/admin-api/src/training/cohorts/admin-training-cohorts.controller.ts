import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, Put } from 'routing-controllers';
import { Service } from 'typedi';
import {
  CreateTrainingCohortDto,
  CreateTrainingCohortUseCase,
  DeleteTrainingCohortUseCase,
  ReplaceCohortScheduleDto,
  ReplaceCohortScheduleUseCase,
  TrainingCohortsService,
  UpdateTrainingCohortDto,
  UpdateTrainingCohortUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

const COHORT_FIELDS =
  'data is a cohort: id, trainingId, name, status (open|closed|full|cancelled), capacity, seatsTaken, seatsLeft, startsAt, endsAt, createdAt, updatedAt.';
const NOT_FOUND = 'An unknown training is 404 TRAINING_NOT_FOUND; an unknown cohort, or one of another training, is 404 TRAINING_COHORT_NOT_FOUND.';
const BODY =
  'Body { name, capacity (1-100000), status? (open|closed|cancelled: full is never set by hand, the seats decide it), ' +
  'startsAt?, endsAt? (ISO 8601; startsAt after endsAt is 400 VALIDATION_ERROR) }.';
const keepsPublishable = (verb: 'Deleting' | 'Cancelling') =>
  `${verb} the last cohort that is not cancelled of a published training is 400 TRAINING_NOT_PUBLISHABLE (unpublish it first); a draft may lose it.`;
const SCHEDULE_FIELDS =
  'data is the schedule: [{ sessionId, title, type, position, scheduledAt, liveSessionRef }] by session position, where scheduledAt ' +
  'and liveSessionRef are the cohort\'s overrides (null: the session\'s own apply).';

/** A training's cohorts and their schedules, for admins (learning-commerce.md "Training admin"; bodies CONTRACT §10). */
@Service()
@JsonController('/api/admin/training/:trainingId(\\d+)/cohorts')
export class AdminTrainingCohortsController {
  constructor(
    private readonly cohorts: TrainingCohortsService,
    private readonly createCohort: CreateTrainingCohortUseCase,
    private readonly updateCohort: UpdateTrainingCohortUseCase,
    private readonly deleteCohort: DeleteTrainingCohortUseCase,
    private readonly replaceSchedule: ReplaceCohortScheduleUseCase,
  ) {}

  @Get()
  @RequirePermission('Training_READ')
  @ApiDoc('Every cohort of a training, earliest start first', `data is a list of cohorts. 404 TRAINING_NOT_FOUND. ${COHORT_FIELDS}`)
  async list(@Param('trainingId') trainingId: number) {
    return ApiResponse.ok(await this.cohorts.list(trainingId));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('Training_Cohort_CREATE')
  @ApiDoc('Add a cohort to a training (open unless told otherwise, no seat taken)', `${BODY} 404 TRAINING_NOT_FOUND. ${COHORT_FIELDS}`)
  async create(@Param('trainingId') trainingId: number, @Body() dto: CreateTrainingCohortDto) {
    return ApiResponse.ok(await this.createCohort.execute(trainingId, dto), 'Cohort created successfully');
  }

  @Get('/:cohortId(\\d+)')
  @RequirePermission('Training_READ')
  @ApiDoc(
    'One cohort with its schedule and waitlist size',
    `${NOT_FOUND} ${COHORT_FIELDS} The detail adds schedule (as PUT .../sessions answers it) and waitingCount (waiting entries).`,
  )
  async detail(@Param('trainingId') trainingId: number, @Param('cohortId') cohortId: number) {
    return ApiResponse.ok(await this.cohorts.detail(trainingId, cohortId));
  }

  @Patch('/:cohortId(\\d+)')
  @RequirePermission('Training_Cohort_UPDATE')
  @ApiDoc(
    'Update a cohort',
    `${BODY} Every field optional; null clears startsAt and endsAt; an empty body is 400 VALIDATION_ERROR. A capacity below the seats ` +
      'already taken is 409 TRAINING_COHORT_CAPACITY_BELOW_SEATS. An open cohort whose seats are all taken becomes full, a full one ' +
      `given more capacity opens again. ${keepsPublishable('Cancelling')} ${NOT_FOUND} ${COHORT_FIELDS}`,
  )
  async update(@Param('trainingId') trainingId: number, @Param('cohortId') cohortId: number, @Body() dto: UpdateTrainingCohortDto) {
    return ApiResponse.ok(await this.updateCohort.execute(trainingId, cohortId, dto), 'Cohort updated successfully');
  }

  @Delete('/:cohortId(\\d+)')
  @RequirePermission('Training_Cohort_DELETE')
  @ApiDoc(
    'Delete a cohort nobody enrolled in',
    'Its schedule and waitlist go with it. A cohort any enrollment names (whatever its status) is 409 TRAINING_COHORT_HAS_ENROLLMENTS: ' +
      `close or cancel it instead. ${keepsPublishable('Deleting')} ${NOT_FOUND} data is { id }.`,
  )
  async remove(@Param('trainingId') trainingId: number, @Param('cohortId') cohortId: number) {
    return ApiResponse.ok(await this.deleteCohort.execute(trainingId, cohortId), 'Cohort deleted successfully');
  }

  @Put('/:cohortId(\\d+)/sessions')
  @RequirePermission('Training_Cohort_UPDATE')
  @ApiDoc(
    'Replace a cohort\'s session schedule',
    'Body { sessions: [{ sessionId, scheduledAt?, liveSessionRef? }] } replaces the whole schedule ([] clears it). A session that is not ' +
      'this training\'s is 400 TRAINING_SESSION_MISMATCH; a session named twice is 400 VALIDATION_ERROR. ' +
      `${NOT_FOUND} ${SCHEDULE_FIELDS}`,
  )
  async schedule(@Param('trainingId') trainingId: number, @Param('cohortId') cohortId: number, @Body() dto: ReplaceCohortScheduleDto) {
    return ApiResponse.ok(await this.replaceSchedule.execute(trainingId, cohortId, dto), 'Cohort schedule updated successfully');
  }
}
