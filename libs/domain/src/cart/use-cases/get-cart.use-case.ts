import { Service } from 'typedi';
import { Database } from '@platform/db';
import type { CustomerActor } from '../../shared';
import { CartPricer } from '../cart-pricer.service';
import { CartStore } from '../cart-store.service';
import { CartViewCache } from '../cart-view-cache.service';
import { CartView, toCartView } from '../cart.views';

/**
 * GET /api/cart: the caller's active cart, made on first use; an expired cart is abandoned and
 * replaced by an empty one (learning-commerce.md, "States and transitions → Cart"). Served from
 * the cache while fresh. On a miss an applied code is re-evaluated, so a code deleted, expired or
 * used up since it was applied is taken off before the cart is shown.
 */
@Service()
export class GetCartUseCase {
  constructor(
    private readonly db: Database,
    private readonly store: CartStore,
    private readonly pricer: CartPricer,
    private readonly cache: CartViewCache,
  ) {}

  execute(owner: CustomerActor, at = new Date()): Promise<CartView> {
    return this.cache.read(owner.id, () => this.load(owner, at), at);
  }

  private load(owner: CustomerActor, at: Date): Promise<CartView> {
    return this.db.transaction(async (tx) => {
      const cart = await this.store.open(owner, tx, at);
      const items = await this.store.items(cart, tx);
      if (cart.appliedPromotionCode !== null) {
        await this.pricer.reprice(cart, items, owner, tx, at);
        if (cart.changed()) await cart.save({ transaction: tx });
      }
      return toCartView(cart, items);
    });
  }
}
