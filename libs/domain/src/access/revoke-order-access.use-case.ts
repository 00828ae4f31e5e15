import { Service } from 'typedi';
import { ProductAccessModel, Transaction } from '@platform/db';

/**
 * Takes back what an order granted, when the order is cancelled after payment or its refund is
 * approved: every product_access row with this order_id is marked revoked (the row stays as
 * history; ProductAccessPolicy no longer counts it). Grants from other orders or from an admin
 * are untouched, so a product bought twice stays available through the other purchase.
 * Idempotent: already revoked rows keep their first revocation time.
 */
@Service()
export class RevokeOrderAccessUseCase {
  /** The ids of the rows revoked by this call. */
  async execute(orderId: number, tx: Transaction): Promise<number[]> {
    const [, rows] = await ProductAccessModel.update(
      { isRevoked: true, revokedAt: new Date() },
      { where: { orderId, isRevoked: false }, returning: true, transaction: tx },
    );
    return rows.map((row) => row.id);
  }
}
