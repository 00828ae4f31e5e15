import { Service } from 'typedi';
import type { AdminActor } from '../../../shared';
import { ValidationFailed } from '../../../shared';
import { OrderAsyncRequests } from '../async-requests/order-async-requests.service';
import type { AsyncRequestView } from '../async-requests/order-async-request.views';
import type { ProcessRefundDto } from '../dto/order-lifecycle.dto';
import { OrderNotPendingRefund } from '../order-lifecycle.errors';
import { findOrderFor } from '../order-lookup';
import { commandAllowed } from '../order-transitions';

/**
 * POST /api/admin/orders/:id/process-refund: the order must await refund processing
 * (refund_requested or refund_pending, else 400 ORDER_NOT_PENDING_REFUND); `amount` only with
 * approve and at most the order total (400 VALIDATION_ERROR). Records the request and queues
 * order.process_refund with jobId = requestId (ProcessRefundUseCase carries it out).
 */
@Service()
export class RequestRefundProcessingUseCase {
  constructor(private readonly requests: OrderAsyncRequests) {}

  async execute(admin: AdminActor, orderId: number, dto: ProcessRefundDto): Promise<AsyncRequestView> {
    const order = await findOrderFor(admin, orderId);
    if (!commandAllowed('approveRefund', order.status)) throw OrderNotPendingRefund(order.status);
    if (dto.amount !== undefined) {
      if (dto.action !== 'approve') throw ValidationFailed('amount is only for action approve');
      if (dto.amount > order.totalPaisa) throw ValidationFailed(`amount must not exceed the order total (${order.totalPaisa} paisa)`);
    }
    const remarks = dto.remarks ? dto.remarks : undefined;
    const input = { action: dto.action, ...(remarks ? { remarks } : {}), ...(dto.amount !== undefined ? { amount: dto.amount } : {}) };
    return this.requests.submit({ kind: 'process_refund', orderId: order.id, actor: admin, input });
  }
}
