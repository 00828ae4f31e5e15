import type { PromotionLine } from '../promotions';

/** The money fields of a cart line (snapshots taken when the product was added). */
export interface PricedLine {
  productId: number;
  unitMrpPaisa: number;
  unitSpPaisa: number;
  quantity: number;
}

export interface CartTotals {
  totalMrp: number;
  totalSp: number;
  appliedDiscount: number;
  payable: number;
}

/**
 * learning-commerce.md, "Cart": totals are sums of the snapshots; `appliedDiscount` is never
 * negative and never above `totalSp`; payable = totalSp − appliedDiscount (no delivery fee).
 * Integer paisa throughout.
 */
export function cartTotals(lines: readonly PricedLine[], storedDiscountPaisa: number): CartTotals {
  const totalMrp = lines.reduce((sum, line) => sum + line.unitMrpPaisa * line.quantity, 0);
  const totalSp = lines.reduce((sum, line) => sum + line.unitSpPaisa * line.quantity, 0);
  const appliedDiscount = Math.min(Math.max(storedDiscountPaisa, 0), totalSp);
  return { totalMrp, totalSp, appliedDiscount, payable: totalSp - appliedDiscount };
}

/** The lines a promotion is evaluated against: each line's selling price. */
export const promotionLines = (lines: readonly PricedLine[]): PromotionLine[] =>
  lines.map((line) => ({ productId: line.productId, pricePaisa: line.unitSpPaisa * line.quantity }));
