import { Service } from 'typedi';
import { PromotionModel, PromotionRedemptionModel, Transaction } from '@platform/db';
import { discountForLines, eligibleLines, PromotionLine } from './promotion-pricing';
import { PromotionNotApplicable } from './promotions.errors';
import { PromotionsService } from './promotions.service';

export interface PromotionCheck {
  code: string;
  userId: string;
  lines: readonly PromotionLine[];
  /** The moment the code is used at; now by default. */
  at?: Date;
}

export interface PromotionEvaluation {
  promotion: PromotionModel;
  discountPaisa: number;
}

/**
 * Decides whether a code applies and what it takes off, without changing anything. Used by the
 * apply route (a quote) and, under the promotion's row lock, by RedeemPromotionUseCase.
 * Throws PROMOTION_NOT_APPLICABLE naming the first rule that fails.
 */
@Service()
export class PromotionEvaluator {
  constructor(private readonly promotions: PromotionsService) {}

  async evaluate(input: PromotionCheck, tx?: Transaction): Promise<PromotionEvaluation> {
    return this.check(await this.promotions.findByCode(input.code, tx), input, tx);
  }

  /** The rules against a row the caller has read (and, when redeeming, locked) in `tx`. */
  async check(promotion: PromotionModel | null, input: PromotionCheck, tx?: Transaction): Promise<PromotionEvaluation> {
    const at = input.at ?? new Date();
    if (!promotion) throw PromotionNotApplicable.unknown();
    if (!promotion.isActive) throw PromotionNotApplicable.inactive();
    if (promotion.startsAt && at < promotion.startsAt) throw PromotionNotApplicable.notStarted();
    if (promotion.endsAt && at >= promotion.endsAt) throw PromotionNotApplicable.ended();
    if (input.lines.length === 0) throw PromotionNotApplicable.noLines();
    if (eligibleLines(promotion, input.lines).length === 0) throw PromotionNotApplicable.otherProduct();
    if (promotion.usageLimit !== null && promotion.timesUsed >= promotion.usageLimit) {
      throw PromotionNotApplicable.usageLimit();
    }
    if (promotion.perUserLimit !== null) {
      const used = await PromotionRedemptionModel.count({
        where: { promotionId: promotion.id, userId: input.userId, releasedAt: null },
        transaction: tx,
      });
      if (used >= promotion.perUserLimit) throw PromotionNotApplicable.perUserLimit();
    }
    return { promotion, discountPaisa: discountForLines(promotion, input.lines) };
  }
}
