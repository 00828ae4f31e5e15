import { Service } from 'typedi';
import { Database, PromotionModel, PromotionRedemptionModel, Transaction } from '@platform/db';
import { PromotionsService } from '../promotions.service';

export interface ReleaseRedemptionInput {
  /** The promotion, by id or by code (exactly one). */
  promotionId?: number;
  code?: string;
  reference: string;
}

export interface ReleaseResult {
  redemption: PromotionRedemptionModel | null;
  /** True only for the call that gave the use back; repeats and unknown references change nothing. */
  released: boolean;
}

/**
 * Gives a use of a code back when the order that used it is cancelled or fails: the redemption
 * is marked released (it stays as history) and `timesUsed` goes down once. Locks the promotion
 * row like RedeemPromotionUseCase, so a release and a redemption never interleave.
 */
@Service()
export class ReleasePromotionRedemptionUseCase {
  constructor(
    private readonly db: Database,
    private readonly promotions: PromotionsService,
  ) {}

  execute(input: ReleaseRedemptionInput, tx?: Transaction): Promise<ReleaseResult> {
    if ((input.promotionId === undefined) === (input.code === undefined)) {
      throw new Error('Release a redemption by exactly one of promotionId and code');
    }
    return tx ? this.release(input, tx) : this.db.transaction((own) => this.release(input, own));
  }

  private async release(input: ReleaseRedemptionInput, tx: Transaction): Promise<ReleaseResult> {
    const promotion = await this.lockPromotion(input, tx);
    if (!promotion) return { redemption: null, released: false };
    const redemption = await PromotionRedemptionModel.findOne({
      where: { promotionId: promotion.id, reference: input.reference },
      transaction: tx,
    });
    if (!redemption || redemption.releasedAt !== null) return { redemption, released: false };
    redemption.releasedAt = new Date();
    await redemption.save({ transaction: tx });
    promotion.timesUsed = Math.max(0, promotion.timesUsed - 1);
    await promotion.save({ transaction: tx, silent: true });
    return { redemption, released: true };
  }

  private async lockPromotion(input: ReleaseRedemptionInput, tx: Transaction): Promise<PromotionModel | null> {
    if (input.code !== undefined) return this.promotions.findByCode(input.code, tx, true);
    return PromotionModel.findByPk(input.promotionId, { transaction: tx, lock: tx.LOCK.UPDATE });
  }
}
