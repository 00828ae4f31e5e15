import { Service } from 'typedi';
import { Database, OrderModel, OrderNoteModel } from '@platform/db';
import type { AdminActor } from '../../../shared';
import { isRowId } from '../../../shared';
import { OrderCaches } from '../../reads/order-caches.service';
import { OrderAdminNoteResponseView, toAdminNoteResponse } from '../admin-order.views';
import { AdminOrderNotFound } from '../admin-orders.errors';
import type { AddNoteDto } from '../dto/add-note.dto';

/**
 * POST /api/admin/orders/:id/notes: an admin's note on an order, appended (order_notes refuses
 * updates and deletes), recorded under the token's `sub`. The order's status is not touched; the
 * cached order views are invalidated after commit so the detail shows the note at once.
 */
@Service()
export class AddOrderNoteUseCase {
  constructor(
    private readonly db: Database,
    private readonly orderCaches: OrderCaches,
  ) {}

  async execute(actor: AdminActor, orderId: number, input: AddNoteDto): Promise<OrderAdminNoteResponseView> {
    if (!isRowId(orderId)) throw AdminOrderNotFound();
    return this.db.transaction(async (tx) => {
      const order = await OrderModel.findByPk(orderId, { attributes: ['id', 'userId'], transaction: tx });
      if (!order) throw AdminOrderNotFound();
      const note = await OrderNoteModel.create({ orderId, adminId: actor.id, note: input.note }, { transaction: tx });
      await this.orderCaches.invalidate(order.userId, tx);
      return toAdminNoteResponse(note);
    });
  }
}
