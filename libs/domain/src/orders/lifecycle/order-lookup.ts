import { OrderModel, Transaction } from '@platform/db';
import type { Actor } from '../../shared';
import { isRowId } from '../../shared';
import { CustomerOrderNotFound } from '../reads/order-reads.errors';

/**
 * The order an actor may act on: any order for an admin, only their own for a customer.
 * Unknown ids and another customer's orders are the same 404 ORDER_NOT_FOUND (CONTRACT section 4).
 */
export async function findOrderFor(actor: Actor, orderId: number, tx?: Transaction): Promise<OrderModel> {
  if (!isRowId(orderId)) throw CustomerOrderNotFound();
  const where = actor.kind === 'customer' ? { id: orderId, userId: actor.id } : { id: orderId };
  const order = await OrderModel.findOne({ where, transaction: tx });
  if (!order) throw CustomerOrderNotFound();
  return order;
}
