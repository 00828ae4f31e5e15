import { Body, CurrentUser, Get, JsonController, Param, Patch, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import {
  AdminActor,
  ChangeEnrollmentStatusDto,
  ChangeEnrollmentStatusUseCase,
  ListTrainingEnrollmentsQueryDto,
  TrainingEnrollmentsService,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

const ROW_FIELDS =
  'id, status (pending | enrolled | cancelled), userId, productId, orderId, cohortId, sessionId, accessType, ' +
  'accessValidUntil, formData, enrolledAt, createdAt, updatedAt, trainingTitle, cancellationRequestedAt, ' +
  'cancellationReason, cancelledAt, orderNumber, orderTotalPaisa (integer paisa), orderStatus (null without an order), ' +
  'userName, userEmail';
const DETAIL =
  `data is a TrainingEnrollmentAdminResponseDto: ${ROW_FIELDS}, and history [{ id, fromStatus (null for the creation), ` +
  'toStatus, actorType (customer | admin | system), actorId (customer id or admin sub), note, createdAt }] oldest first. ' +
  'An unknown id is 404 TRAINING_ENROLLMENT_NOT_FOUND.';

/**
 * learning-commerce.md "Training admin": enrollments. Its paths start /api/admin/training/enrollments,
 * which never match /api/admin/training/:id(\d+) ("enrollments" is not numeric).
 */
@Service()
@JsonController('/api/admin/training/enrollments')
export class AdminTrainingEnrollmentsController {
  constructor(
    private readonly enrollments: TrainingEnrollmentsService,
    private readonly changeStatus: ChangeEnrollmentStatusUseCase,
  ) {}

  @Get('')
  @RequirePermission('Training_READ')
  @ApiDoc(
    'List training enrollments (ListTrainingEnrollmentsQueryDto, paginated)',
    'QueryDto: page, size (max 100), pagination, order (asc | desc; default desc), search (a substring of the training ' +
      "title or the user's name or email, any case); filters status (pending | enrolled | cancelled), productId, userId " +
      '(UUID), cohortId; sort id | status | productId | userId | cohortId | createdAt | updatedAt (default createdAt; ties ' +
      `by id); any other sort or a bad filter is 400 VALIDATION_ERROR. Each row: ${ROW_FIELDS}.`,
  )
  async list(@QueryParams() query: ListTrainingEnrollmentsQueryDto) {
    return ApiResponse.page(await this.enrollments.list(query));
  }

  @Get('/:id(\\d+)')
  @RequirePermission('Training_READ')
  @ApiDoc('Get a training enrollment with its order, user and history', DETAIL)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.enrollments.get(id));
  }

  @Patch('/:id(\\d+)/status')
  @RequirePermission('Training_UPDATE')
  @ApiDoc(
    "Change an enrollment's status (allowed moves only)",
    'Body ChangeEnrollmentStatusDto: { status: pending | enrolled | cancelled, note? (≤ 500) }; another status or a bad ' +
      'note is 400 VALIDATION_ERROR. Allowed moves: pending → cancelled (the seat given back, the unpaid order cancelled); ' +
      'enrolled → cancelled (the seat given back, the access the order granted revoked, a paid order with a total above 0 ' +
      'moved to refund_requested so the refund flow decides the money); enrolled → enrolled on an enrollment with an open ' +
      'cancellation request (the request declined and cleared); pending → enrolled when the order is paid or free (total ' +
      '0). Every move is recorded in the history with the admin sub and the note. Any other move (from cancelled, to ' +
      'pending, enrolled → enrolled without an open request, pending → enrolled with an unpaid order) is 409 ' +
      `TRAINING_ENROLLMENT_TRANSITION_NOT_ALLOWED. ${DETAIL}`,
  )
  async update(@CurrentUser() admin: AdminActor, @Param('id') id: number, @Body() dto: ChangeEnrollmentStatusDto) {
    return ApiResponse.ok(await this.changeStatus.execute(admin, id, dto), 'Enrollment status updated');
  }
}
