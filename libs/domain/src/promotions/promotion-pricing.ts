import type { DiscountType } from '@platform/db';

/** A priced line a code may discount (a cart item, an order line, a product being enrolled in). */
export interface PromotionLine {
  productId: number;
  pricePaisa: number;
}

export interface DiscountRule {
  discountType: DiscountType;
  percent: number | null;
  discountPaisa: number | null;
  /** Restricts the code to this product's lines; null means every line. */
  productId: number | null;
}

/**
 * The discount a rule gives on an amount, in whole paisa: a percentage is rounded down (the
 * customer never gets more than the stated percent), a fixed amount is capped at the price.
 * Never negative, never above the price.
 */
export function discountForPrice(rule: DiscountRule, pricePaisa: number): number {
  if (!(pricePaisa > 0)) return 0;
  const raw =
    rule.discountType === 'percent'
      ? Math.floor((pricePaisa * (rule.percent ?? 0)) / 100)
      : Math.min(rule.discountPaisa ?? 0, pricePaisa);
  return Math.min(Math.max(raw, 0), pricePaisa);
}

/** The lines the rule discounts: all of them, or only the restricted product's. */
export function eligibleLines(rule: DiscountRule, lines: readonly PromotionLine[]): PromotionLine[] {
  return rule.productId === null ? [...lines] : lines.filter((line) => line.productId === rule.productId);
}

/**
 * The discount on a set of lines: the rule applies once to the eligible lines' total (a fixed
 * code is one amount off the order, not one per line; a percentage is rounded once).
 */
export function discountForLines(rule: DiscountRule, lines: readonly PromotionLine[]): number {
  const eligibleTotal = eligibleLines(rule, lines).reduce((sum, line) => sum + line.pricePaisa, 0);
  return discountForPrice(rule, eligibleTotal);
}
