import { Service } from 'typedi';
import { Database, PromotionModel, PromotionRedemptionModel, Transaction } from '@platform/db';
import { PromotionCheck, PromotionEvaluator } from '../promotion-evaluator.service';
import { PromotionNotApplicable, RedemptionReferenceTaken } from '../promotions.errors';
import { PromotionsService } from '../promotions.service';

export interface RedeemPromotionInput extends PromotionCheck {
  /** What uses the code, e.g. `order:42`; one use per (code, reference). */
  reference: string;
}

export interface RedemptionResult {
  redemption: PromotionRedemptionModel;
  promotion: PromotionModel;
  discountPaisa: number;
  /** False when this reference had already redeemed the code (a replay): nothing changed. */
  created: boolean;
}

/**
 * Uses a code once for `reference`. The checkout calls it inside its order transaction, so the
 * use commits or rolls back with the order. The promotion row is locked (SELECT ... FOR UPDATE)
 * before the rules are checked again, so concurrent redemptions of one code run one after the
 * other and each sees the uses committed before it: a single-use code is used once, and a
 * per-user limit holds for one user's parallel checkouts (pretix locks quotas the same way).
 * Under READ COMMITTED (the default) the statements after the lock see the winner's rows; a
 * REPEATABLE READ caller gets a serialization failure instead, which Database.transaction's
 * `retries` option repeats.
 */
@Service()
export class RedeemPromotionUseCase {
  constructor(
    private readonly db: Database,
    private readonly promotions: PromotionsService,
    private readonly evaluator: PromotionEvaluator,
  ) {}

  execute(input: RedeemPromotionInput, tx?: Transaction): Promise<RedemptionResult> {
    if (!(input.reference.length >= 1 && input.reference.length <= 100)) {
      throw new Error('A redemption reference is 1-100 characters');
    }
    return tx ? this.redeem(input, tx) : this.db.transaction((own) => this.redeem(input, own));
  }

  private async redeem(input: RedeemPromotionInput, tx: Transaction): Promise<RedemptionResult> {
    const promotion = await this.promotions.findByCode(input.code, tx, true);
    if (!promotion) throw PromotionNotApplicable.unknown();
    const existing = await PromotionRedemptionModel.findOne({
      where: { promotionId: promotion.id, reference: input.reference },
      transaction: tx,
    });
    if (existing && existing.userId !== input.userId) throw RedemptionReferenceTaken(input.reference);
    if (existing && existing.releasedAt === null) {
      return { redemption: existing, promotion, discountPaisa: existing.discountPaisa, created: false };
    }

    const { discountPaisa } = await this.evaluator.check(promotion, input, tx);
    let redemption: PromotionRedemptionModel;
    if (existing) {
      // The reference gave its use back earlier (e.g. a failed payment) and is used again.
      existing.releasedAt = null;
      existing.discountPaisa = discountPaisa;
      redemption = await existing.save({ transaction: tx });
    } else {
      redemption = await PromotionRedemptionModel.create(
        { promotionId: promotion.id, userId: input.userId, reference: input.reference, discountPaisa },
        { transaction: tx },
      );
    }
    // Safe as a read-modify-write: the row is locked until this transaction ends.
    promotion.timesUsed += 1;
    await promotion.save({ transaction: tx, silent: true });
    return { redemption, promotion, discountPaisa, created: true };
  }
}
