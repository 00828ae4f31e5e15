import { Service } from 'typedi';
import { Database } from '@platform/db';
import type { CustomerActor } from '../../../shared';
import type { OrderDetailView } from '../../reads/customer-order.views';
import { CustomerOrdersService } from '../../reads/customer-orders.service';
import type { RequestRefundDto } from '../dto/order-lifecycle.dto';
import { OrderRefundNotAllowed } from '../order-lifecycle.errors';
import { findOrderFor } from '../order-lookup';
import { OrderTransitionService } from '../order-transition.service';
import { refundRequestTransition } from '../order-refund-requested.events';

/**
 * POST /api/orders/:id/request-refund (synchronous): paid → refund_requested with the customer's
 * reason and remarks, a customer history row and ORDER_REFUND_REQUESTED for the admins. Only a
 * paid order qualifies (400 ORDER_REFUND_NOT_ALLOWED, CONTRACT section 4); another customer's
 * order is 404. Access stays until an admin approves the refund. Answers OrderResponseDto: the
 * customer order detail, as GET /api/orders/:id shows it.
 */
@Service()
export class RequestRefundUseCase {
  constructor(
    private readonly db: Database,
    private readonly transitions: OrderTransitionService,
    private readonly orders: CustomerOrdersService,
  ) {}

  async execute(customer: CustomerActor, orderId: number, dto: RequestRefundDto): Promise<OrderDetailView> {
    const order = await findOrderFor(customer, orderId);
    const remarks = dto.remarks ? dto.remarks : null;
    const moved = await this.db.transaction((tx) =>
      this.transitions.apply(
        refundRequestTransition({ orderId: order.id, ownerId: customer.id, actor: { type: 'customer', customerId: customer.id }, reason: dto.reason, remarks }),
        tx,
      ),
    );
    if (!moved) throw OrderRefundNotAllowed((await findOrderFor(customer, orderId)).status);
    // The caches were invalidated on commit: this reads (and caches) the order as it is now.
    return this.orders.get(customer, moved.id);
  }
}
