import type { OrderAsyncRequestModel } from '@platform/db';
import type { JobPayloads } from '@platform/queue';
import { inputText } from './order-async-request.input';

/** The job that carries out an async request, with jobId = requestId. */
export type OrderRequestJob =
  | { name: 'order.cancel'; payload: JobPayloads['order.cancel'] }
  | { name: 'order.process_refund'; payload: JobPayloads['order.process_refund'] };

/**
 * Builds a request's job from its stored row alone, so the request endpoints and the sweep that
 * re-queues stuck requests send exactly the same job (learning-commerce.md, "Background jobs").
 */
export function requestJob(request: OrderAsyncRequestModel): OrderRequestJob {
  const actorId = request.actorType === 'customer' ? request.customerId : request.adminId;
  if (!actorId) throw new Error(`order request ${request.id} has no actor`);
  const reason = inputText(request, 'reason');
  const remarks = inputText(request, 'remarks');
  const amount = request.input['amount'];
  switch (request.kind) {
    case 'cancel':
      return {
        name: 'order.cancel',
        payload: {
          orderId: request.orderId,
          requestId: request.id,
          cancelledBy: actorId,
          cancelledByActorType: request.actorType,
          ...(reason ? { reason } : {}),
        },
      };
    case 'process_refund':
      return {
        name: 'order.process_refund',
        payload: {
          orderId: request.orderId,
          requestId: request.id,
          adminId: actorId,
          action: request.input['action'] === 'approve' ? 'approve' : 'reject',
          ...(remarks ? { remarks } : {}),
          ...(typeof amount === 'number' ? { amount } : {}),
        },
      };
  }
}
