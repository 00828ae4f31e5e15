import { Service } from 'typedi';
import { Database, Op, ProductAccessModel, Transaction } from '@platform/db';
import type { AccessType } from '@platform/db';

export interface GrantProductAccessInput {
  userId: string;
  productId: number;
  accessType: AccessType;
  /** For `time_limited` grants. */
  durationDays?: number;
  /** The paid order behind the grant; exactly one of orderId and adminId. */
  orderId?: number;
  adminId?: string;
}

export interface GrantResult {
  access: ProductAccessModel;
  /** False when this order had already granted the product (a replay): nothing changed. */
  created: boolean;
}

/**
 * Grants a product. Idempotent per (order, product): a replayed payment callback finds the
 * existing grant and does not extend access again. A time-limited grant runs on from the end of
 * the user's current access to the product, so buying again never shortens or overlaps it.
 * Pass the caller's transaction to grant atomically with the order's state change.
 */
@Service()
export class GrantProductAccessUseCase {
  constructor(private readonly db: Database) {}

  execute(input: GrantProductAccessInput, tx?: Transaction): Promise<GrantResult> {
    validate(input);
    return tx ? this.grant(input, tx) : this.db.transaction((own) => this.grant(input, own));
  }

  private async grant(input: GrantProductAccessInput, tx: Transaction): Promise<GrantResult> {
    // Serialises grants of one product to one user, so two concurrent grants cannot both
    // compute their validity from the same starting point.
    await this.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext(:key))', {
      replacements: { key: `product-access:${input.userId}:${input.productId}` },
      transaction: tx,
    });
    if (input.orderId !== undefined) {
      const existing = await ProductAccessModel.findOne({
        where: { orderId: input.orderId, productId: input.productId },
        transaction: tx,
      });
      if (existing) return { access: existing, created: false };
    }
    const access = await ProductAccessModel.create(
      {
        userId: input.userId,
        productId: input.productId,
        orderId: input.orderId ?? null,
        grantedByAdminId: input.adminId ?? null,
        accessType: input.accessType,
        validUntil: input.accessType === 'lifetime' ? null : await this.validUntil(input, tx),
        isRevoked: false,
      },
      { transaction: tx },
    );
    return { access, created: true };
  }

  private async validUntil(input: GrantProductAccessInput, tx: Transaction): Promise<Date> {
    const now = new Date();
    const latest = await ProductAccessModel.max<Date, ProductAccessModel>('validUntil', {
      where: { userId: input.userId, productId: input.productId, isRevoked: false, validUntil: { [Op.gt]: now } },
      transaction: tx,
    });
    const from = latest && latest > now ? latest : now;
    return new Date(from.getTime() + (input.durationDays as number) * 86_400_000);
  }
}

function validate(input: GrantProductAccessInput): void {
  if ((input.orderId === undefined) === (input.adminId === undefined)) {
    throw new Error('A grant comes from exactly one of an order or an admin');
  }
  if (input.accessType === 'time_limited' && !(Number.isInteger(input.durationDays) && (input.durationDays as number) > 0)) {
    throw new Error('A time-limited grant needs a positive whole number of days');
  }
}
