import { Service } from 'typedi';
import { CartModel } from '@platform/db';
import { CartNotFound } from './cart.errors';
import { CartStore } from './cart-store.service';
import { AdminCartView, toAdminCartView } from './cart.views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads of carts for support (GET /api/admin/cart/users/:userId). */
@Service()
export class CartsService {
  constructor(private readonly store: CartStore) {}

  /**
   * The user's `active` cart as stored: read-only (nothing is created, abandoned or re-priced on a
   * support read) and never from the customer cache. No active cart, or no such user: CART_NOT_FOUND.
   * An expired cart still `active` is shown with `isExpired: true`.
   */
  async activeCartOf(userId: string, at = new Date()): Promise<AdminCartView> {
    const cart = UUID.test(userId) ? await CartModel.findOne({ where: { userId, status: 'active' } }) : null;
    if (!cart) throw CartNotFound();
    return toAdminCartView(cart, await this.store.items(cart), at);
  }
}
