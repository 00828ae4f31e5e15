import { Service } from 'typedi';
import { Database } from '@platform/db';
import type { CustomerActor } from '../../shared';
import { ActiveCartRepository } from '../active-cart.repository';
import { CartPricer } from '../cart-pricer.service';
import { CartStore, isExpired } from '../cart-store.service';
import { CartViewCache } from '../cart-view-cache.service';
import { CartView, toCartView } from '../cart.views';

/**
 * GET /api/cart: the caller's active cart, made on first use; an expired cart is abandoned and
 * replaced by an empty one (learning-commerce.md, "States and transitions → Cart"). Served from
 * the cache while fresh. On a miss an applied code is re-evaluated, so a code deleted, expired or
 * used up since it was applied is taken off before the cart is shown.
 * A miss first reads the cart without a transaction: a usable cart without a code is shown as it is
 * (the transactional path would write nothing and reprice nothing), so only a first, expired or
 * promoted cart pays for the locked path.
 */
@Service()
export class GetCartUseCase {
  constructor(
    private readonly db: Database,
    private readonly store: CartStore,
    private readonly pricer: CartPricer,
    private readonly cache: CartViewCache,
    private readonly activeCarts: ActiveCartRepository,
  ) {}

  /** The view as finished JSON (GET /api/cart sends it as it is). */
  async json(owner: CustomerActor, at = new Date()): Promise<Buffer> {
    return (await this.cache.read(owner.id, () => this.load(owner, at), at)).json;
  }

  private async load(owner: CustomerActor, at: Date): Promise<CartView> {
    return (await this.readAsStored(owner, at)) ?? this.loadLocked(owner, at);
  }

  /** The view of a usable cart without a promotion code, read without a lock; null when the locked path must decide. */
  async readAsStored(owner: CustomerActor, at: Date): Promise<CartView | null> {
    const cart = await this.activeCarts.find(owner);
    if (!cart || isExpired(cart, at) || cart.appliedPromotionCode !== null) return null;
    return toCartView(cart, cart.items);
  }

  /** Opens (creates or replaces) the cart under its row lock and re-prices an applied code. */
  loadLocked(owner: CustomerActor, at: Date): Promise<CartView> {
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
