import { Service } from 'typedi';
import { CartItemModel, CartModel } from '@platform/db';
import { CustomerActor, isRowId } from '../../shared';
import { CartChange, CartChanges } from '../cart-changes.service';
import { CartItemAccessDenied, CartItemNotFound } from '../cart.errors';

/**
 * DELETE /api/cart/items/:itemId: removes one line of the caller's active cart, then re-prices
 * the applied code (dropping it when it no longer applies). In this order: a line of another
 * user's cart is 403 CART_ITEM_ACCESS_DENIED (the spec names 403 here; CONTRACT.md section 4);
 * no active cart is 404 CART_NOT_FOUND; an id that is not a line of it is 404 NOT_FOUND.
 */
@Service()
export class RemoveCartItemUseCase {
  constructor(private readonly changes: CartChanges) {}

  async execute(owner: CustomerActor, itemId: number, at = new Date()): Promise<CartChange> {
    if (isRowId(itemId)) await this.refuseOtherUsersItem(owner, itemId);
    return this.changes.run(owner, { createIfMissing: false, at }, async (cart, tx) => {
      const removed = isRowId(itemId) ? await CartItemModel.destroy({ where: { id: itemId, cartId: cart.id }, transaction: tx }) : 0;
      if (removed === 0) throw CartItemNotFound();
    });
  }

  /** A line never moves between carts, nor a cart between users, so this holds without a lock. */
  private async refuseOtherUsersItem(owner: CustomerActor, itemId: number): Promise<void> {
    const item = await CartItemModel.findByPk(itemId, { attributes: ['id', 'cartId'] });
    if (!item) return;
    const cart = await CartModel.findByPk(item.cartId, { attributes: ['id', 'userId'] });
    if (cart && cart.userId !== owner.id) throw CartItemAccessDenied();
  }
}
