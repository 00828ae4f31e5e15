import type { DiscountType, PromotionModel } from '@platform/db';

/** A promotion code as the admin panel sees it, with how often it has been used. */
export interface PromotionView {
  id: number;
  code: string;
  description: string | null;
  discountType: DiscountType;
  percent: number | null;
  discountPaisa: number | null;
  productId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  /** Uses not released (a cancelled or failed order gives its use back). */
  timesUsed: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function toPromotionView(promotion: PromotionModel): PromotionView {
  return {
    id: promotion.id,
    code: promotion.code,
    description: promotion.description,
    discountType: promotion.discountType,
    percent: promotion.percent,
    discountPaisa: promotion.discountPaisa,
    productId: promotion.productId,
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    usageLimit: promotion.usageLimit,
    perUserLimit: promotion.perUserLimit,
    timesUsed: promotion.timesUsed,
    isActive: promotion.isActive,
    createdAt: promotion.createdAt,
    updatedAt: promotion.updatedAt,
  };
}

/** What the customer apply route answers: the price, the discount and what is left to pay. */
export interface PromotionQuote {
  code: string;
  productId: number;
  pricePaisa: number;
  discountPaisa: number;
  payablePaisa: number;
}
