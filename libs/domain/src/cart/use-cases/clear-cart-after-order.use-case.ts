import { Service } from 'typedi';
import { CartItemModel, CartModel, Database, Op, OrderModel, Transaction } from '@platform/db';
import { isRowId } from '../../shared';
import { CartViewCache } from '../cart-view-cache.service';
import { CartOrderNotFound } from '../cart.errors';

export interface ClearCartAfterOrderInput {
  userId: string;
  orderId: number;
}

export interface ClearCartAfterOrderResult {
  /** The cart completed by this run; null when there was nothing to do (no cart, or a repeat). */
  cartId: number | null;
}

/**
 * Job cart.clear_after_order_confirmed (learning-commerce.md, "States and transitions → Cart"):
 * after a cart checkout is paid, its cart is cleared (lines and promotion removed) and becomes
 * `completed`; the customer's next GET makes a new empty cart.
 * The cart is the order's (`orders.cart_id`); for an order that names none, the user's active
 * cart made before the order. Safe to run twice: a completed cart is left alone, and a cart the
 * user started after the order is never touched. Pass the caller's transaction to do this with
 * the order's state change; the cached view is invalidated after commit.
 */
@Service()
export class ClearCartAfterOrderUseCase {
  constructor(
    private readonly db: Database,
    private readonly cache: CartViewCache,
  ) {}

  async execute(input: ClearCartAfterOrderInput, tx?: Transaction): Promise<ClearCartAfterOrderResult> {
    const result = tx ? await this.clear(input, tx) : await this.db.transaction((own) => this.clear(input, own));
    await this.cache.invalidate(input.userId, tx);
    return result;
  }

  private async clear(input: ClearCartAfterOrderInput, tx: Transaction): Promise<ClearCartAfterOrderResult> {
    const order = isRowId(input.orderId)
      ? await OrderModel.findOne({ where: { id: input.orderId, userId: input.userId }, transaction: tx })
      : null;
    if (!order) throw CartOrderNotFound();
    const which =
      order.cartId !== null
        ? { id: order.cartId, status: { [Op.in]: ['active', 'checkout'] } }
        : { status: 'active', createdAt: { [Op.lte]: order.createdAt } };
    const cart = await CartModel.findOne({ where: { userId: input.userId, ...which }, transaction: tx, lock: tx.LOCK.UPDATE });
    if (!cart) return { cartId: null };
    await CartItemModel.destroy({ where: { cartId: cart.id }, transaction: tx });
    await cart.update(
      { status: 'completed', appliedPromotionId: null, appliedPromotionCode: null, appliedDiscountPaisa: 0 },
      { transaction: tx },
    );
    return { cartId: cart.id };
  }
}
