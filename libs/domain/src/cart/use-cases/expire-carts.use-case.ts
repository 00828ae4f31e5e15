import { Service } from 'typedi';
import { Database } from '@platform/db';

const BATCH_SIZE = 500;

/**
 * Job cart.expire (every CART_EXPIRE_INTERVAL_MS): active carts past `expires_at` become
 * `abandoned`. In batches, skipping carts a request holds locked (that request either extends
 * the cart's life or replaces it itself). Conditional on the status, so running twice is harmless.
 * Cached views need no invalidation: an expired view is never served (CartViewCache).
 */
@Service()
export class ExpireCartsUseCase {
  constructor(private readonly db: Database) {}

  async execute(now = new Date()): Promise<{ abandoned: number }> {
    let abandoned = 0;
    for (;;) {
      const [rows] = await this.db.sequelize.query(
        `UPDATE carts SET status = 'abandoned', updated_at = now()
         WHERE id IN (SELECT id FROM carts WHERE status = 'active' AND expires_at <= :now
                      ORDER BY expires_at LIMIT :limit FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        { replacements: { now, limit: BATCH_SIZE } },
      );
      abandoned += (rows as unknown[]).length;
      if ((rows as unknown[]).length < BATCH_SIZE) return { abandoned };
    }
  }
}
