import type { OrderStatus } from '@platform/db';
import { DomainError } from '../../shared';

/** learning-commerce.md, "Errors → Orders"; ORDER_REFUND_NOT_ALLOWED from CONTRACT.md section 4. */
export const OrderCancelNotAllowed = (status: OrderStatus) =>
  new DomainError('ORDER_CANCEL_NOT_ALLOWED', `An order that is ${status} cannot be cancelled`, { status });

export const OrderNotPendingRefund = (status: OrderStatus) =>
  new DomainError('ORDER_NOT_PENDING_REFUND', `The order is ${status}, not awaiting refund processing`, { status });

export const OrderRefundNotAllowed = (status: OrderStatus) =>
  new DomainError('ORDER_REFUND_NOT_ALLOWED', `A refund can only be requested for a paid order; this one is ${status}`, { status });

export const OrderAsyncRequestNotFound = () => new DomainError('ORDER_ASYNC_REQUEST_NOT_FOUND', 'Request not found');

export const OrderAsyncRequestCreationFailed = () =>
  new DomainError('ORDER_ASYNC_REQUEST_CREATION_FAILED', 'The request could not be accepted right now; please try again');
