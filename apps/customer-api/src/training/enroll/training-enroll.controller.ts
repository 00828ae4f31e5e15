import { Body, CurrentUser, HeaderParam, HttpCode, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, EnrollTrainingDto, EnrollTrainingUseCase, PAYMENT_INIT_VIEW_SCHEMA } from '@platform/domain';
import { ApiParameters, ApiResponse, CustomerRoute, idempotencyKeyParameter, RateLimit, RateLimitPolicy, WebAndMobile } from '@platform/http';
import { trainingWebPaths } from '../training-routes';

/** The spec names no enroll limit; checkout's 10 a minute, doubled so a client polling and retrying is not cut off. */
const ENROLL_LIMIT: RateLimitPolicy = { name: 'training-enroll', points: 20, durationSeconds: 60, by: 'actor' };

const DESCRIPTION =
  'Body: EnrollTrainingDto { productId, cohortId, sessionId, formData (object; {} or absent when the training has no ' +
  'form), gateway esewa|khalti, returnUrl, promoCode? (3-50), paymentMethod? (online) }. In one transaction: a seat of the ' +
  'cohort is taken (or the seat of the caller\'s unused promoted waitlist hold for it is used, also in a full cohort), ' +
  'the pending enrollment, the order (type training, source training_enroll, price snapshot, code redeemed) and its ' +
  'payment are written. Data: PaymentInitResponseDto exactly as checkout (eSewa: form_post with the eleven signed form ' +
  'fields; Khalti: redirect to its payment_url, gatewayPayload { pidx, payment_url, expires_at }) plus enrollmentId. ' +
  'The enrollment becomes enrolled when the payment succeeds; poll GET .../training/enrollments/:id. A free training ' +
  '(isFree, or a 100% code) needs no payment: the enrollment is enrolled at once and data is { orderId, enrollmentId, ' +
  'status: "enrolled", paymentId: null, gatewayTransactionId: null, initiationType: "none", redirectUrl: null, ' +
  'gatewayPayload: {} }. Idempotent: the same request again (same product, cohort, session, formData, promoCode, ' +
  'gateway, returnUrl) answers the first result and creates nothing, with or without an Idempotency-Key header; with ' +
  'one, the same key with another body or while the first still runs is 409 ORDER_IDEMPOTENCY_MISMATCH, and after the ' +
  'first request\'s Khalti payment could not be started 409 ORDER_PAYMENT_FAILED. Errors: 400 TRAINING_PRODUCT_REQUIRED ' +
  '(unknown product, or not a training), 400 TRAINING_PRODUCT_UNAVAILABLE (unpublished or not sellable), 409 ' +
  'TRAINING_ALREADY_ENROLLED (another request while a pending or enrolled enrollment exists), 404 ' +
  'TRAINING_COHORT_NOT_FOUND (not a cohort of this training), 409 TRAINING_COHORT_CLOSED / TRAINING_COHORT_CANCELLED / ' +
  'TRAINING_COHORT_FULL, 400 TRAINING_SESSION_MISMATCH, 400 TRAINING_INVALID_FORM_DATA (errors[] names each bad field ' +
  'formData.<key> with code required|type|option|too_long|unknown), 400 PROMOTION_NOT_APPLICABLE, 400 VALIDATION_ERROR ' +
  '(body; returnUrl origin not allowed; Khalti below Rs 10), 400 ORDER_PAYMENT_METHOD_NOT_SUPPORTED, 401 UNAUTHORIZED, ' +
  '403 FORBIDDEN (admin token), 429 RATE_LIMIT_EXCEEDED (20 a minute per customer). Also served under /api/training/enroll ' +
  'and /api/trainings/enroll.';

const ENROLL_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    ...PAYMENT_INIT_VIEW_SCHEMA.properties,
    enrollmentId: { type: 'integer' },
    status: { type: 'string', enum: ['payment_pending', 'enrolled'] },
    initiationType: { type: 'string', enum: ['form_post', 'redirect', 'none'] },
    paymentId: { type: 'integer', nullable: true },
    gatewayTransactionId: { type: 'string', nullable: true },
    redirectUrl: { type: 'string', nullable: true },
  },
} as const;

/** POST /api/mobile/training/enroll (learning-commerce.md "Training customer and mobile", "Enroll request"). */
@Service()
@JsonController()
export class TrainingEnrollController {
  constructor(private readonly enrollUseCase: EnrollTrainingUseCase) {}

  @WebAndMobile(Post, ...trainingWebPaths('/api/training/enroll'))
  @HttpCode(200)
  @CustomerRoute()
  @RateLimit(ENROLL_LIMIT)
  @ApiParameters(idempotencyKeyParameter({ required: false, description: 'Optional, 1-255 visible characters; see the description for repeats.' }))
  @OpenAPI({
    summary: 'Enroll in a training cohort and start its payment',
    description: DESCRIPTION,
    responses: {
      '200': {
        description: 'PaymentInitResponseDto plus enrollmentId (or the free enrollment, enrolled at once)',
        content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: ENROLL_VIEW_SCHEMA } } } },
      },
    },
  })
  async enroll(
    @CurrentUser() customer: CustomerActor,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body() dto: EnrollTrainingDto,
  ) {
    const view = await this.enrollUseCase.execute(customer, { ...dto, idempotencyKey });
    return ApiResponse.ok(view, view.initiationType === 'none' ? 'Enrolled' : 'Payment initiated');
  }
}
