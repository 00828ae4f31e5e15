import { Service } from 'typedi';
import { Database, preparedStatement } from '@platform/db';
import type { CustomerActor } from '../shared';
import type { CartLineSource, CartViewSource } from './cart.views';

/** The owner's `active` cart row with its lines (and their products' titles and slugs), as plain values. */
export interface ActiveCartRow extends CartViewSource {
  items: CartLineSource[];
}

/**
 * One round trip, no lock: the active cart row and its lines, in the order they were added (the
 * inner join with products, as CartStore.items's `required: true` include). json_agg keeps it to
 * one row; its integers come back as JSON numbers, as the INTEGER columns do.
 */
const ACTIVE_CART_SQL = preparedStatement(
  'cart-active-with-lines',
  `SELECT c.id, c.status, c.applied_promotion_id AS "appliedPromotionId", c.applied_promotion_code AS "appliedPromotionCode",
          c.applied_discount_paisa AS "appliedDiscountPaisa", c.expires_at AS "expiresAt",
          COALESCE(
            (SELECT json_agg(json_build_object(
                      'id', i.id, 'productId', i.product_id, 'productType', i.product_type,
                      'unitMrpPaisa', i.unit_mrp_paisa, 'unitSpPaisa', i.unit_sp_paisa, 'quantity', i.quantity,
                      'product', json_build_object('title', p.title, 'slug', p.slug)
                    ) ORDER BY i.id)
             FROM cart_items i JOIN products p ON p.id = i.product_id
             WHERE i.cart_id = c.id),
            '[]'::json
          ) AS items
   FROM carts c
   WHERE c.user_id = :userId AND c.status = 'active'`,
  { userId: 'uuid' },
);

/**
 * Read-only access to a customer's active cart for the hot GET /api/cart: every query takes the
 * owner. Writes, and reads that may lead to one, go through CartStore and its row lock.
 */
@Service()
export class ActiveCartRepository {
  constructor(private readonly db: Database) {}

  /** The owner's `active` cart (expired or not) with its lines, as last committed; null when none. */
  async find(owner: CustomerActor): Promise<ActiveCartRow | null> {
    const [row] = await this.db.prepared<ActiveCartRow>(ACTIVE_CART_SQL, { userId: owner.id });
    return row ?? null;
  }
}
