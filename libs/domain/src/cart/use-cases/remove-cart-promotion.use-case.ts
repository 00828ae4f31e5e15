import { Service } from 'typedi';
import { normalizeCode } from '../../promotions';
import type { CustomerActor } from '../../shared';
import { CartChange, CartChanges } from '../cart-changes.service';
import { clearPromotion } from '../cart-pricer.service';
import type { RemoveCartPromotionDto } from '../dto/cart-promotion.dto';

/**
 * DELETE /api/cart/promotion { code? }: takes the applied code off. With a `code` that is not the
 * applied one, nothing changes (that code is already not applied); repeating the call is harmless.
 */
@Service()
export class RemoveCartPromotionUseCase {
  constructor(private readonly changes: CartChanges) {}

  execute(owner: CustomerActor, input: RemoveCartPromotionDto = {}, at = new Date()): Promise<CartChange> {
    return this.changes.run(owner, { createIfMissing: false, at }, async (cart) => {
      const named = input.code === undefined ? null : normalizeCode(input.code);
      if (named === null || named === cart.appliedPromotionCode) clearPromotion(cart);
    });
  }
}
