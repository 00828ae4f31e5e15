import type { OrderAsyncRequestModel, OrderAsyncRequestStatus, OrderStatus } from '@platform/db';
import { ORDER_STATUSES } from '@platform/db';
import type { ErrorCode } from '../../../shared';
import { ORDER_PAYMENT_STATUSES, OrderPaymentStatus } from '../../reads/order-payment-status';

/** What a settled request reports (learning-commerce.md, "Async request status"). */
export interface AsyncRequestResult {
  orderId: number;
  orderStatus: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  /** The request id, so a client can match the outcome to its command (and to logs and jobs). */
  correlationId: string;
  /** process-refund only: the refund as it stands after the command. */
  refundStatus?: string | null;
  refundAmountPaisa?: number | null;
  /** Failed requests only: why the command could not be carried out. */
  errorCode?: ErrorCode;
  message?: string;
}

/** AsyncRequestResponseDto. */
export interface AsyncRequestView {
  requestId: string;
  status: OrderAsyncRequestStatus;
  /** Null while pending. */
  result: AsyncRequestResult | null;
  createdAt: string;
  completedAt: string | null;
}

export function toAsyncRequestView(request: OrderAsyncRequestModel): AsyncRequestView {
  return {
    requestId: request.id,
    status: request.status,
    result: (request.result as AsyncRequestResult | null) ?? null,
    createdAt: request.createdAt.toISOString(),
    completedAt: request.completedAt ? request.completedAt.toISOString() : null,
  };
}

/** JSON schema of AsyncRequestView for the OpenAPI documents. */
export const ASYNC_REQUEST_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    requestId: { type: 'string', format: 'uuid', description: 'UUIDv7; poll GET .../orders/requests/{requestId}' },
    status: { type: 'string', enum: ['pending', 'completed', 'failed'] },
    result: {
      type: 'object',
      nullable: true,
      description: 'null while pending; set once when the job settles the request',
      properties: {
        orderId: { type: 'integer' },
        orderStatus: { type: 'string', enum: [...ORDER_STATUSES] },
        paymentStatus: { type: 'string', enum: [...ORDER_PAYMENT_STATUSES] },
        correlationId: { type: 'string', description: 'the requestId' },
        refundStatus: { type: 'string', nullable: true, description: 'process-refund only' },
        refundAmountPaisa: { type: 'integer', nullable: true, description: 'process-refund only: the amount refunded (integer paisa)' },
        errorCode: {
          type: 'string',
          description: 'failed only: ORDER_CANCEL_NOT_ALLOWED (cancel) or ORDER_NOT_PENDING_REFUND (process-refund) when the order moved on before the job ran',
        },
        message: { type: 'string', description: 'failed only' },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
    completedAt: { type: 'string', format: 'date-time', nullable: true },
  },
};
