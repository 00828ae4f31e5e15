import type { OrderAsyncRequestModel } from '@platform/db';
import type { OrderTransitionActor } from '../order-transition.service';

/** The actor who made an async request, for the history row its job writes. */
export function requestActor(request: OrderAsyncRequestModel): OrderTransitionActor {
  if (request.actorType === 'customer' && request.customerId) return { type: 'customer', customerId: request.customerId };
  if (request.actorType === 'admin' && request.adminId) return { type: 'admin', adminId: request.adminId };
  throw new Error(`order request ${request.id} has no actor`);
}

/** A non-empty string field of a request's stored input, or null. */
export function inputText(request: OrderAsyncRequestModel, field: string): string | null {
  const value = request.input[field];
  return typeof value === 'string' && value.length > 0 ? value : null;
}
