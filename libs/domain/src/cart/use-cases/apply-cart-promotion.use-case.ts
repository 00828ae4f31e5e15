import { Service } from 'typedi';
import type { CustomerActor } from '../../shared';
import { CartChange, CartChanges } from '../cart-changes.service';
import { CartPricer } from '../cart-pricer.service';
import { CartStore } from '../cart-store.service';
import type { ApplyCartPromotionDto } from '../dto/cart-promotion.dto';

/**
 * POST /api/cart/promotion { code }: applies a code to the active cart, replacing any code applied
 * before. The code is checked by PromotionEvaluator against the cart's lines and the caller
 * (400 PROMOTION_NOT_APPLICABLE with the failed rule; an empty cart has nothing to apply it to);
 * a refused code leaves the cart as it was. No use is consumed: checkout redeems the code.
 */
@Service()
export class ApplyCartPromotionUseCase {
  constructor(
    private readonly changes: CartChanges,
    private readonly store: CartStore,
    private readonly pricer: CartPricer,
  ) {}

  execute(owner: CustomerActor, input: ApplyCartPromotionDto, at = new Date()): Promise<CartChange> {
    return this.changes.run(owner, { createIfMissing: false, at }, async (cart, tx) => {
      await this.pricer.apply(cart, await this.store.items(cart, tx), input.code, owner, tx, at);
      return 'priced';
    });
  }
}
