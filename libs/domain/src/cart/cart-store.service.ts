import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CartItemModel, CartModel, Database, ProductModel, Transaction } from '@platform/db';
import { CONFIG, CustomerActor } from '../shared';
import { CartNotFound } from './cart.errors';
import type { CartItemWithProduct } from './cart.views';

const HOUR_MS = 3_600_000;

export const isExpired = (cart: Pick<CartModel, 'expiresAt'>, at: Date) => cart.expiresAt <= at;

/**
 * Reads, locks and creates carts, always for one owner: every query here takes the customer, so
 * no caller can reach another user's cart by forgetting a filter (STYLE.md, "A request's way").
 * Locks are row locks on the active cart (SELECT ... FOR UPDATE): every change of a cart, and the
 * read that may replace or re-price it, runs behind one, so a user's requests apply one at a time.
 */
@Service()
export class CartStore {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The owner's `active` cart row (expired or not), locked for the rest of `tx`; null when none. */
  lockActive(owner: CustomerActor, tx: Transaction): Promise<CartModel | null> {
    return CartModel.findOne({ where: { userId: owner.id, status: 'active' }, transaction: tx, lock: tx.LOCK.UPDATE });
  }

  /** The owner's usable cart, locked; none, or an expired one, is CART_NOT_FOUND. */
  async lockCurrent(owner: CustomerActor, tx: Transaction, at: Date): Promise<CartModel> {
    const cart = await this.lockActive(owner, tx);
    if (!cart || isExpired(cart, at)) throw CartNotFound();
    return cart;
  }

  /**
   * The owner's usable cart, locked, made when missing: an expired cart is abandoned and replaced
   * by an empty one ("Errors → Cart": an expired cart returns 200 with a new empty cart).
   * Two first requests at once both insert; the partial unique index `carts_one_active_per_user`
   * keeps one row, and the loser (ON CONFLICT DO NOTHING waits for the winner) reads the winner's.
   */
  async open(owner: CustomerActor, tx: Transaction, at: Date): Promise<CartModel> {
    const current = await this.lockActive(owner, tx);
    if (current && !isExpired(current, at)) return current;
    if (current) await current.update({ status: 'abandoned' }, { transaction: tx });
    await this.db.sequelize.query(
      `INSERT INTO carts (user_id, status, expires_at) VALUES (:userId, 'active', :expiresAt)
       ON CONFLICT (user_id) WHERE status = 'active' DO NOTHING`,
      { replacements: { userId: owner.id, expiresAt: this.expiryFrom(at) }, transaction: tx },
    );
    const opened = await this.lockActive(owner, tx);
    if (!opened) throw new Error(`no active cart for user ${owner.id} right after creating one`);
    return opened;
  }

  /** The cart's lines in the order they were added, with their products (titles and slugs). */
  async items(cart: CartModel, tx?: Transaction): Promise<CartItemWithProduct[]> {
    const items = await CartItemModel.findAll({
      where: { cartId: cart.id },
      include: [{ model: ProductModel, as: 'product', required: true }],
      order: [['id', 'ASC']],
      transaction: tx,
    });
    return items as CartItemWithProduct[];
  }

  /** A change keeps the cart alive: it expires CART_TTL_HOURS after its last change. */
  touch(cart: CartModel, at: Date): void {
    cart.expiresAt = this.expiryFrom(at);
    cart.changed('updatedAt', true);
  }

  private expiryFrom(at: Date): Date {
    return new Date(at.getTime() + this.config.limits.cart.ttlHours * HOUR_MS);
  }
}
