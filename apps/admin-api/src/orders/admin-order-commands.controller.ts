import { Body, CurrentUser, Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  AdminActor,
  ASYNC_REQUEST_VIEW_SCHEMA,
  CancelOrderAdminDto,
  MarkRefundPendingDto,
  MarkRefundPendingUseCase,
  ORDER_ADMIN_DETAIL_SCHEMA,
  OrderAsyncRequests,
  ProcessRefundDto,
  RequestOrderCancelUseCase,
  RequestRefundProcessingUseCase,
  SettleOwedRefundUseCase,
  SettleRefundDto,
} from '@platform/domain';
import { ApiResponse, parseIntegerId, RateLimit, RequirePermission } from '@platform/http';
import { ADMIN_ORDER_MUTATION_RATE_LIMIT, ADMIN_REQUEST_STATUS_RATE_LIMIT } from './admin-order-rate-limits';

const envelope = (status: string, description: string, data: object) => ({
  [status]: {
    description,
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data } } } },
  },
});
const MUTATION_NOTES =
  'An unknown order: 404 ORDER_NOT_FOUND; a non-integer id: 400 VALIDATION_ERROR. 20 order mutations per minute per admin ' +
  '(429 RATE_LIMIT_EXCEEDED).';
const ASYNC_NOTES =
  'Answers 202 Accepted with the pending request; poll GET /api/admin/orders/requests/{requestId}. When the request cannot ' +
  'be queued: 503 ORDER_ASYNC_REQUEST_CREATION_FAILED and nothing is recorded.';

/**
 * Order commands of the back office (learning-commerce.md, "Endpoints → Orders", admin routes):
 * cancel and process-refund (async), refund-pending (synchronous) and the request status. Listed
 * before the admin order reads so `/requests/:requestId` is never read as `/:id`.
 */
@Service()
@JsonController('/api/admin/orders')
export class AdminOrderCommandsController {
  constructor(
    private readonly requests: OrderAsyncRequests,
    private readonly requestCancel: RequestOrderCancelUseCase,
    private readonly requestRefundProcessing: RequestRefundProcessingUseCase,
    private readonly markRefundPending: MarkRefundPendingUseCase,
    private readonly settleOwedRefund: SettleOwedRefundUseCase,
  ) {}

  @Get('/requests/:requestId')
  @RequirePermission('Orders_READ')
  @RateLimit(ADMIN_REQUEST_STATUS_RATE_LIMIT)
  @OpenAPI({
    summary: 'Status of a cancel or refund-processing request (AsyncRequestResponseDto)',
    description:
      'Any order request, a customer\'s or an admin\'s. status: pending (result null), completed (result { orderId, ' +
      'orderStatus, paymentStatus, correlationId }, plus refundStatus and refundAmountPaisa for process-refund) or failed ' +
      '(result adds errorCode and message). Unknown or malformed requestId: 404 ORDER_ASYNC_REQUEST_NOT_FOUND.',
    responses: envelope('200', 'Success', ASYNC_REQUEST_VIEW_SCHEMA),
  })
  async request(@Param('requestId') requestId: string) {
    return ApiResponse.ok(await this.requests.getForAdmin(requestId));
  }

  @Post('/:id(\\d+)/cancel')
  @HttpCode(202)
  @RequirePermission('Orders_UPDATE')
  @RateLimit(ADMIN_ORDER_MUTATION_RATE_LIMIT)
  @OpenAPI({
    summary: 'Cancel an order (202 Accepted, AsyncRequestResponseDto)',
    description:
      'Body: { reason? (≤ 500) }. Allowed while the order is payment_pending, paid or payment_failed (else 400 ' +
      'ORDER_CANCEL_NOT_ALLOWED). The job cancels the order (history actor admin), revokes the access a paid order ' +
      `granted, gives a promotion use back, fails open payments and notifies the customer (ORDER_CANCELLED). ${ASYNC_NOTES} ${MUTATION_NOTES}`,
    responses: envelope('202', 'Accepted: the request is pending', ASYNC_REQUEST_VIEW_SCHEMA),
  })
  async cancel(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body() dto: CancelOrderAdminDto) {
    return ApiResponse.ok(await this.requestCancel.execute(admin, parseIntegerId(id), dto), 'Cancellation requested');
  }

  @Post('/:id(\\d+)/process-refund')
  @HttpCode(202)
  @RequirePermission('Orders_UPDATE')
  @RateLimit(ADMIN_ORDER_MUTATION_RATE_LIMIT)
  @OpenAPI({
    summary: 'Approve or reject a requested refund (202 Accepted, AsyncRequestResponseDto)',
    description:
      'Body: { action: approve | reject, remarks? (≤ 500), amount? (integer paisa, 0 to the order total; approve only, ' +
      'else 400 VALIDATION_ERROR) }. The order must be refund_requested or refund_pending (else 400 ' +
      'ORDER_NOT_PENDING_REFUND). approve: refund_approved, refundAmountPaisa = amount or the order total, the order\'s ' +
      'access revoked (a partial amount too: an approved refund undoes the purchase), the payment marked refund-owed ' +
      '(see refund-settled), ORDER_REFUND_APPROVED; reject: refund_rejected, ORDER_REFUND_REJECTED with the remarks as reason. ' +
      `${ASYNC_NOTES} ${MUTATION_NOTES}`,
    responses: envelope('202', 'Accepted: the request is pending', ASYNC_REQUEST_VIEW_SCHEMA),
  })
  async processRefund(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body() dto: ProcessRefundDto) {
    return ApiResponse.ok(await this.requestRefundProcessing.execute(admin, parseIntegerId(id), dto), 'Refund processing requested');
  }

  @Post('/:id(\\d+)/refund-pending')
  @HttpCode(200)
  @RequirePermission('Orders_UPDATE')
  @RateLimit(ADMIN_ORDER_MUTATION_RATE_LIMIT)
  @OpenAPI({
    summary: 'Mark a requested refund as under way (synchronous; the order)',
    description:
      'The spec\'s refund_requested → refund_pending step, whose trigger it leaves open: an admin records that the refund ' +
      'was started (e.g. at the gateway). Body: { note? (≤ 500) }, kept in the status history. Only from refund_requested ' +
      `(else 400 ORDER_NOT_PENDING_REFUND). Answers the order as GET /api/admin/orders/{id} does (OrderAdminDetailDto). ${MUTATION_NOTES}`,
    responses: envelope('200', 'The order, now refund_pending', ORDER_ADMIN_DETAIL_SCHEMA),
  })
  async refundPending(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body() dto: MarkRefundPendingDto) {
    return ApiResponse.ok(await this.markRefundPending.execute(admin, parseIntegerId(id), dto), 'Refund marked pending');
  }

  @Post('/:id(\\d+)/payments/:paymentId(\\d+)/refund-settled')
  @HttpCode(200)
  @RequirePermission('Orders_UPDATE')
  @RateLimit(ADMIN_ORDER_MUTATION_RATE_LIMIT)
  @OpenAPI({
    summary: 'Record that money owed back on a payment was returned (synchronous; the order)',
    description:
      'A payment owes a refund (refundOwedAt set in the order detail) when its refund was approved, its paid order was ' +
      'cancelled, or the gateway confirmed it after the order had closed. The money goes back outside the platform (the ' +
      "gateway's merchant panel or a bank transfer); this records it: refundSettledAt is set once and an order note names " +
      'the payment, the reference and the note. Body: { reference? (≤ 200), note? (≤ 500) }. Orders with an unsettled ' +
      'refund are listed by GET /api/admin/orders?refundOwed=true. A payment not of this order: 404 NOT_FOUND; nothing ' +
      `owed, or already settled: 409 CONFLICT. ${MUTATION_NOTES}`,
    responses: envelope('200', 'The order, its payment now refund-settled', ORDER_ADMIN_DETAIL_SCHEMA),
  })
  async refundSettled(
    @CurrentUser() admin: AdminActor,
    @Param('id') id: string,
    @Param('paymentId') paymentId: string,
    @Body() dto: SettleRefundDto,
  ) {
    const order = await this.settleOwedRefund.execute(admin, parseIntegerId(id), parseIntegerId(paymentId, 'paymentId'), dto);
    return ApiResponse.ok(order, 'Refund recorded as settled');
  }
}
