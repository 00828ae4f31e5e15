import { Body, CurrentUser, Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  ASYNC_REQUEST_VIEW_SCHEMA,
  CancelOrderDto,
  CustomerActor,
  ORDER_DETAIL_SCHEMA,
  OrderAsyncRequests,
  RequestOrderCancelUseCase,
  RequestRefundDto,
  RequestRefundUseCase,
} from '@platform/domain';
import { ApiResponse, CustomerRoute, parseIntegerId, RateLimit, RateLimitPolicy } from '@platform/http';

/** learning-commerce.md, "Limits": customer cancel, 5 requests per minute per user (web and mobile share). */
const CANCEL_LIMIT: RateLimitPolicy = { name: 'orders-cancel', points: 5, durationSeconds: 60, by: 'actor' };
/** Not in the spec: refund requests are as rare as cancels and get the same budget. */
const REFUND_REQUEST_LIMIT: RateLimitPolicy = { name: 'orders-request-refund', points: 5, durationSeconds: 60, by: 'actor' };
/** Not in the spec: polling a request, generous enough for a client polling every second. */
const REQUEST_STATUS_LIMIT: RateLimitPolicy = { name: 'orders-request-status', points: 120, durationSeconds: 60, by: 'actor' };

const envelope = (status: string, description: string, data: object) => ({
  [status]: {
    description,
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data } } } },
  },
});

/**
 * Order commands of the customer (learning-commerce.md, "Endpoints → Orders"): cancel (async,
 * polled by requestId), request-refund (synchronous) and the request status, on the web and mobile
 * prefixes. Listed before OrdersReadController so `/requests/:requestId` is never read as `/:id`.
 */
@Service()
@JsonController()
export class OrderLifecycleController {
  constructor(
    private readonly requests: OrderAsyncRequests,
    private readonly requestCancel: RequestOrderCancelUseCase,
    private readonly requestRefund: RequestRefundUseCase,
  ) {}

  @Get('/api/orders/requests/:requestId')
  @Get('/api/mobile/orders/requests/:requestId')
  @CustomerRoute()
  @RateLimit(REQUEST_STATUS_LIMIT)
  @OpenAPI({
    summary: 'Status of a cancel or refund-processing request (AsyncRequestResponseDto)',
    description:
      'Any request on one of the caller\'s orders (also one an admin made). status: pending (result null), completed ' +
      '(result { orderId, orderStatus, paymentStatus, correlationId }) or failed (result adds errorCode and message, e.g. ' +
      'ORDER_CANCEL_NOT_ALLOWED when the order moved on before the job ran). Unknown, malformed or another customer\'s ' +
      'requestId: 404 ORDER_ASYNC_REQUEST_NOT_FOUND. 120 requests per minute per customer.',
    responses: envelope('200', 'Success', ASYNC_REQUEST_VIEW_SCHEMA),
  })
  async request(@CurrentUser() customer: CustomerActor, @Param('requestId') requestId: string) {
    return ApiResponse.ok(await this.requests.getForCustomer(customer, requestId));
  }

  @Post('/api/orders/:id(\\d+)/cancel')
  @Post('/api/mobile/orders/:id(\\d+)/cancel')
  @HttpCode(202)
  @CustomerRoute()
  @RateLimit(CANCEL_LIMIT)
  @OpenAPI({
    summary: 'Ask to cancel one of the caller\'s orders (202 Accepted, AsyncRequestResponseDto)',
    description:
      'Body: { reason? (≤ 500) }. Allowed while the order is payment_pending, paid or payment_failed (else 400 ' +
      'ORDER_CANCEL_NOT_ALLOWED); an unknown id or another customer\'s order: 404 ORDER_NOT_FOUND. Answers 202 with the ' +
      'pending request; poll GET /api/orders/requests/{requestId}. The job cancels the order, revokes the access a paid ' +
      'order granted (its payment is then owed back to the customer and returned by an admin), gives a promotion use ' +
      'back, fails open payments and records ORDER_CANCELLED. When the request ' +
      'cannot be queued: 503 ORDER_ASYNC_REQUEST_CREATION_FAILED and nothing is recorded. 5 requests per minute per ' +
      'customer (429 RATE_LIMIT_EXCEEDED).',
    responses: envelope('202', 'Accepted: the request is pending', ASYNC_REQUEST_VIEW_SCHEMA),
  })
  async cancel(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Body() dto: CancelOrderDto) {
    return ApiResponse.ok(await this.requestCancel.execute(customer, parseIntegerId(id), dto), 'Cancellation requested');
  }

  @Post('/api/orders/:id(\\d+)/request-refund')
  @Post('/api/mobile/orders/:id(\\d+)/request-refund')
  @HttpCode(200)
  @CustomerRoute()
  @RateLimit(REFUND_REQUEST_LIMIT)
  @OpenAPI({
    summary: 'Ask for a refund of a paid order (synchronous; OrderResponseDto)',
    description:
      'Body: { reason (1-500), remarks? (≤ 1000) }. Only a paid order (else 400 ORDER_REFUND_NOT_ALLOWED); an unknown id ' +
      'or another customer\'s order: 404 ORDER_NOT_FOUND. Moves the order to refund_requested (refundStatus requested), ' +
      'notifies the admins (ORDER_REFUND_REQUESTED) and answers the order detail. Access stays until the refund is ' +
      'approved. 5 requests per minute per customer.',
    responses: envelope('200', 'The order, now refund_requested', ORDER_DETAIL_SCHEMA),
  })
  async refund(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Body() dto: RequestRefundDto) {
    return ApiResponse.ok(await this.requestRefund.execute(customer, parseIntegerId(id), dto), 'Refund requested');
  }
}

