import { Service } from 'typedi';
import { CartItemModel } from '@platform/db';
import type { CustomerActor } from '../../shared';
import { CartChange, CartChanges } from '../cart-changes.service';
import { clearPromotion } from '../cart-pricer.service';

/**
 * DELETE /api/cart: removes every line and resets appliedPromotionId, appliedPromotionCode and
 * appliedDiscount (learning-commerce.md, "Endpoints → Cart"). No active cart: 404 CART_NOT_FOUND.
 */
@Service()
export class ClearCartUseCase {
  constructor(private readonly changes: CartChanges) {}

  execute(owner: CustomerActor, at = new Date()): Promise<CartChange> {
    return this.changes.run(owner, { createIfMissing: false, at }, async (cart, tx) => {
      await CartItemModel.destroy({ where: { cartId: cart.id }, transaction: tx });
      clearPromotion(cart);
      return 'priced';
    });
  }
}
