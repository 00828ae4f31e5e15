import { Body, CurrentUser, Get, HttpCode, JsonController, Param, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  CustomerActor,
  RequestCancellationDto,
  RequestEnrollmentCancellationUseCase,
  TrainingEnrollmentQueryDto,
  TrainingEnrollmentsService,
} from '@platform/domain';
import { ApiResponse, CustomerRoute, RateLimit, RateLimitPolicy, WebAndMobile } from '@platform/http';
import { trainingWebPaths } from '../training-routes';

/** As the order cancel (learning-commerce.md "Limits"): 5 requests per minute per customer, all prefixes sharing it. */
const CANCEL_LIMIT: RateLimitPolicy = { name: 'training-enrollment-cancel', points: 5, durationSeconds: 60, by: 'actor' };

const ENROLLMENT_FIELDS =
  'TrainingEnrollmentResponseDto: id, status (pending | enrolled | cancelled), userId, productId, orderId (null while a ' +
  'pending enrollment has no order), cohortId, sessionId, accessType (lifetime | time_limited | null until enrolled), ' +
  'accessValidUntil (instant or null), formData (the submitted form), enrolledAt, createdAt, updatedAt; beyond the spec: ' +
  'trainingTitle and cancellationRequestedAt (an open cancellation request of an enrolled enrollment, else null).';
const PREFIXES = 'Also served under /api/training and /api/trainings.';

/**
 * The caller's own training enrollments (learning-commerce.md "Training customer and mobile"):
 * list, detail (polled while a payment is pending) and request-cancellation, each under the
 * mobile and both web prefixes (WebAndMobile with trainingWebPaths).
 */
@Service()
@JsonController()
export class TrainingEnrollmentsController {
  constructor(
    private readonly enrollments: TrainingEnrollmentsService,
    private readonly requestCancellation: RequestEnrollmentCancellationUseCase,
  ) {}

  @WebAndMobile(Get, ...trainingWebPaths('/api/training/enrollments'))
  @CustomerRoute()
  @OpenAPI({
    summary: "The caller's training enrollments (paginated)",
    description:
      'Query: QueryDto (page, size ≤ 100, pagination, order asc | desc (default desc), search: a substring of the training ' +
      'title), sort createdAt (default) | updatedAt | id (ties by id); any other sort is 400 VALIDATION_ERROR. Only the ' +
      `caller's own enrollments, newest first by default. Data: ${ENROLLMENT_FIELDS}[] with count, page, size. ${PREFIXES} ` +
      'Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN (admin token).',
  })
  async list(@CurrentUser() customer: CustomerActor, @QueryParams() query: TrainingEnrollmentQueryDto) {
    return ApiResponse.page(await this.enrollments.listOwn(customer, query));
  }

  @WebAndMobile(Get, ...trainingWebPaths('/api/training/enrollments/:id(\\d+)'))
  @CustomerRoute()
  @OpenAPI({
    summary: "One of the caller's training enrollments",
    description:
      `Data: ${ENROLLMENT_FIELDS} ${PREFIXES} Errors: 404 TRAINING_ENROLLMENT_NOT_FOUND (unknown, or another user's), ` +
      '400 VALIDATION_ERROR (a non-integer id), 401 UNAUTHORIZED, 403 FORBIDDEN.',
  })
  async get(@CurrentUser() customer: CustomerActor, @Param('id') id: number) {
    return ApiResponse.ok(await this.enrollments.getOwn(customer, id));
  }

  @WebAndMobile(Post, ...trainingWebPaths('/api/training/enrollments/:id(\\d+)/request-cancellation'))
  @HttpCode(200)
  @CustomerRoute()
  @RateLimit(CANCEL_LIMIT)
  @OpenAPI({
    summary: 'Cancel a pending enrollment, or ask the admins to cancel an enrolled one',
    description:
      'Body RequestCancellationDto: { reason? (≤ 500 characters) }. A pending enrollment is cancelled at once: its cohort ' +
      'seat is given back and its unpaid order cancelled (the open payment closed, a promotion use given back). An ' +
      'enrolled enrollment records a cancellation request for the admins and stays enrolled (with its access) until an ' +
      'admin decides. Data: EnrollmentCancellationResponseDto { enrollmentId, status (cancelled | enrolled), ' +
      'cancellationRequestedAt (instant), orderStatus (the order\'s status after the call, e.g. cancelled; null without ' +
      `an order) }. ${PREFIXES} Errors: 409 TRAINING_ENROLLMENT_CANCEL_NOT_ALLOWED (a request is already open, or the ` +
      "enrollment is cancelled), 404 TRAINING_ENROLLMENT_NOT_FOUND (unknown, or another user's), 400 VALIDATION_ERROR, " +
      '401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMIT_EXCEEDED (5 requests per minute per customer).',
  })
  async cancel(@CurrentUser() customer: CustomerActor, @Param('id') id: number, @Body() dto: RequestCancellationDto) {
    const result = await this.requestCancellation.execute(customer, id, dto);
    return ApiResponse.ok(result, result.status === 'cancelled' ? 'Enrollment cancelled' : 'Cancellation requested');
  }
}
