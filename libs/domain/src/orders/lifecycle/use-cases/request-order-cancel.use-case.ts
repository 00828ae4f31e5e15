import { Service } from 'typedi';
import type { Actor } from '../../../shared';
import { OrderAsyncRequests } from '../async-requests/order-async-requests.service';
import type { AsyncRequestView } from '../async-requests/order-async-request.views';
import type { CancelOrderDto } from '../dto/order-lifecycle.dto';
import { OrderCancelNotAllowed } from '../order-lifecycle.errors';
import { findOrderFor } from '../order-lookup';
import { commandAllowed } from '../order-transitions';

/**
 * POST /api/orders/:id/cancel (customer, own orders) and POST /api/admin/orders/:id/cancel
 * (learning-commerce.md, "Endpoints → Orders"): checks the order and that it may be cancelled now
 * (payment_pending, paid or payment_failed), records the request and queues order.cancel with
 * jobId = requestId. The job checks again and does the cancelling (CancelOrderUseCase).
 */
@Service()
export class RequestOrderCancelUseCase {
  constructor(private readonly requests: OrderAsyncRequests) {}

  async execute(actor: Actor, orderId: number, dto: CancelOrderDto): Promise<AsyncRequestView> {
    const order = await findOrderFor(actor, orderId);
    if (!commandAllowed('cancel', order.status)) throw OrderCancelNotAllowed(order.status);
    const reason = dto.reason ? dto.reason : undefined;
    return this.requests.submit({ kind: 'cancel', orderId: order.id, actor, input: reason ? { reason } : {} });
  }
}
