import { Service } from 'typedi';
import { CartModel, PromotionModel, Transaction } from '@platform/db';
import { PromotionEvaluator } from '../promotions';
import { CustomerActor, isDomainError } from '../shared';
import { PricedLine, promotionLines } from './cart-totals';

/**
 * Keeps a cart's applied promotion true to its lines. A code is evaluated by PromotionEvaluator
 * (never redeemed here: checkout consumes the use). The discount it gives is never negative and
 * never above the lines' total (discountForLines caps it).
 */
@Service()
export class CartPricer {
  constructor(private readonly evaluator: PromotionEvaluator) {}

  /** Applies `code` to the cart's lines, or throws PROMOTION_NOT_APPLICABLE naming the failed rule. */
  async apply(cart: CartModel, lines: readonly PricedLine[], code: string, owner: CustomerActor, tx: Transaction, at: Date) {
    const { promotion, discountPaisa } = await this.evaluator.evaluate(
      { code, userId: owner.id, lines: promotionLines(lines), at },
      tx,
    );
    cart.set({ appliedPromotionId: promotion.id, appliedPromotionCode: promotion.code, appliedDiscountPaisa: discountPaisa });
  }

  /**
   * Re-evaluates the applied code against the current lines ("totals are recalculated with any
   * existing appliedDiscount"). A code that no longer applies (its product removed, expired,
   * deactivated, deleted, used up) is taken off; the reason is returned so the caller can say so.
   */
  async reprice(cart: CartModel, lines: readonly PricedLine[], owner: CustomerActor, tx: Transaction, at: Date): Promise<string | null> {
    if (cart.appliedPromotionCode === null) {
      cart.set({ appliedPromotionId: null, appliedDiscountPaisa: 0 });
      return null;
    }
    // By id, not by code: a deleted code (id set to null by its foreign key) is gone even if the
    // same code was created again since.
    const promotion =
      cart.appliedPromotionId === null ? null : await PromotionModel.findByPk(cart.appliedPromotionId, { transaction: tx });
    try {
      const { discountPaisa } = await this.evaluator.check(
        promotion,
        { code: cart.appliedPromotionCode, userId: owner.id, lines: promotionLines(lines), at },
        tx,
      );
      cart.set({ appliedDiscountPaisa: discountPaisa });
      return null;
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'PROMOTION_NOT_APPLICABLE') throw error;
      clearPromotion(cart);
      return error.message;
    }
  }
}

export function clearPromotion(cart: CartModel): void {
  cart.set({ appliedPromotionId: null, appliedPromotionCode: null, appliedDiscountPaisa: 0 });
}
