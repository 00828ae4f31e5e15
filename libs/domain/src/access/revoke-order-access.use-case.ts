import { Service } from 'typedi';
import { Op, ProductAccessModel, Transaction } from '@platform/db';

/**
 * Takes back what an order granted of `productIds`, when the order is cancelled after payment or
 * its refund is approved: those product_access rows with this order_id are marked revoked (the
 * row stays as history; ProductAccessPolicy no longer counts it). Grants from other orders or from
 * an admin are untouched, so a product bought twice stays available through the other purchase.
 * Idempotent: already revoked rows keep their first revocation time.
 */
@Service()
export class RevokeOrderAccessUseCase {
  /** The ids of the rows revoked by this call. */
  async execute(orderId: number, productIds: readonly number[], tx: Transaction): Promise<number[]> {
    if (productIds.length === 0) return [];
    const [, rows] = await ProductAccessModel.update(
      { isRevoked: true, revokedAt: new Date() },
      { where: { orderId, productId: { [Op.in]: [...productIds] }, isRevoked: false }, returning: true, transaction: tx },
    );
    return rows.map((row) => row.id);
  }
}
