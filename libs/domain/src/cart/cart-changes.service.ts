import { Service } from 'typedi';
import { CartModel, Database, Transaction } from '@platform/db';
import type { CustomerActor } from '../shared';
import { CartPricer } from './cart-pricer.service';
import { CartStore } from './cart-store.service';
import { CartViewCache } from './cart-view-cache.service';
import { CartView, toCartView } from './cart.views';

/** What a change of the cart answers: the cart after it, and why a promotion was taken off, if one was. */
export interface CartChange {
  cart: CartView;
  /** Set when the applied code stopped applying with this change (the evaluator's reason). */
  promotionRemoved: string | null;
}

export interface ChangeOptions {
  /** Make the cart when there is none (or it expired); otherwise that is CART_NOT_FOUND. */
  createIfMissing: boolean;
  at: Date;
}

/**
 * A change does its own writes; `'priced'` says it set the promotion fields itself, so they are
 * not evaluated a second time.
 */
export type CartChangeWork = (cart: CartModel, tx: Transaction) => Promise<void | 'priced'>;

/**
 * The frame every cart change runs in: lock the owner's cart, change it, re-price the applied
 * code against the new lines, push the expiry out by CART_TTL_HOURS, commit, then invalidate
 * the cached view (after commit, so no reader caches the uncommitted state).
 */
@Service()
export class CartChanges {
  constructor(
    private readonly db: Database,
    private readonly store: CartStore,
    private readonly pricer: CartPricer,
    private readonly cache: CartViewCache,
  ) {}

  async run(owner: CustomerActor, options: ChangeOptions, work: CartChangeWork): Promise<CartChange> {
    const { at } = options;
    const result = await this.db.transaction(async (tx) => {
      const cart = options.createIfMissing ? await this.store.open(owner, tx, at) : await this.store.lockCurrent(owner, tx, at);
      const priced = (await work(cart, tx)) === 'priced';
      const items = await this.store.items(cart, tx);
      const promotionRemoved = priced ? null : await this.pricer.reprice(cart, items, owner, tx, at);
      this.store.touch(cart, at);
      await cart.save({ transaction: tx });
      return { cart: toCartView(cart, items), promotionRemoved };
    });
    await this.cache.invalidate(owner.id);
    return result;
  }
}
