import { Service } from 'typedi';
import { Database } from '@platform/db';
import type { AdminActor } from '../../../shared';
import { AdminOrdersService } from '../../admin/admin-orders.service';
import type { OrderAdminDetailView } from '../../admin/admin-order.views';
import type { MarkRefundPendingDto } from '../dto/order-lifecycle.dto';
import { OrderNotPendingRefund } from '../order-lifecycle.errors';
import { findOrderFor } from '../order-lookup';
import { OrderTransitionService } from '../order-transition.service';
import { ORDER_COMMANDS } from '../order-transitions';

/**
 * POST /api/admin/orders/:id/refund-pending (synchronous): refund_requested → refund_pending, the
 * admin's acknowledgement that the refund is under way (e.g. initiated at the gateway). The spec
 * names this transition but leaves its trigger open ("not shown"); an admin action is the one
 * careful choice, documented in admin-api's OpenAPI. No event: the customer is told on approval
 * or rejection. Any other state: 400 ORDER_NOT_PENDING_REFUND. Answers the admin order detail
 * (OrderAdminDetailDto, as GET /api/admin/orders/:id), read after the commit invalidated its cache.
 */
@Service()
export class MarkRefundPendingUseCase {
  constructor(
    private readonly db: Database,
    private readonly transitions: OrderTransitionService,
    private readonly adminOrders: AdminOrdersService,
  ) {}

  async execute(admin: AdminActor, orderId: number, dto: MarkRefundPendingDto): Promise<OrderAdminDetailView> {
    const order = await findOrderFor(admin, orderId);
    const moved = await this.db.transaction((tx) =>
      this.transitions.apply(
        {
          orderId: order.id,
          to: ORDER_COMMANDS.markRefundPending.to,
          from: ORDER_COMMANDS.markRefundPending.from,
          actor: { type: 'admin', adminId: admin.id },
          notes: dto.note ? dto.note : null,
          changes: { refundStatus: 'pending' },
        },
        tx,
      ),
    );
    if (!moved) throw OrderNotPendingRefund((await findOrderFor(admin, orderId)).status);
    return this.adminOrders.get(moved.id);
  }
}
