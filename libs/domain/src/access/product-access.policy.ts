import { Service } from 'typedi';
import { Op, ProductAccessModel, Transaction, WhereOptions } from '@platform/db';

/**
 * The one place that decides "does user U have access to product P now?". Every feature that
 * gates on a purchase (curriculum, video, downloads, training content) asks here.
 * Active = not revoked, and lifetime or valid until a moment after `at`.
 */
@Service()
export class ProductAccessPolicy {
  async hasActiveAccess(userId: string, productId: number, at = new Date(), tx?: Transaction): Promise<boolean> {
    const row = await ProductAccessModel.findOne({
      attributes: ['id'],
      where: { userId, productId, ...activeAt(at) },
      transaction: tx,
    });
    return row !== null;
  }

  /** The subset of `productIds` the user can use now. */
  async activeProductIds(userId: string, productIds: number[], at = new Date()): Promise<Set<number>> {
    if (productIds.length === 0) return new Set();
    const rows = await ProductAccessModel.findAll({
      attributes: ['productId'],
      where: { userId, productId: { [Op.in]: productIds }, ...activeAt(at) },
    });
    return new Set(rows.map((row) => row.productId));
  }

  /** Every active grant of the user (several per product are possible: one per order). */
  activeGrants(userId: string, at = new Date()): Promise<ProductAccessModel[]> {
    return ProductAccessModel.findAll({ where: { userId, ...activeAt(at) }, order: [['createdAt', 'DESC']] });
  }
}

/**
 * The same rule as SQL over a product_access row aliased `alias`, for statements that check
 * access inline instead of in a query of their own (the heartbeat checks and writes in one
 * round trip). `:at` is the instant. product-access.spec.ts proves both forms agree.
 */
export function activeAccessSql(alias: string): string {
  return `(NOT ${alias}.is_revoked AND (${alias}.access_type = 'lifetime' OR ${alias}.valid_until > :at))`;
}

/** The rule itself, in one place (and as SQL in activeAccessSql). */
function activeAt(at: Date): WhereOptions<ProductAccessModel> {
  return {
    isRevoked: false,
    [Op.or]: [{ accessType: 'lifetime' }, { validUntil: { [Op.gt]: at } }],
  };
}
