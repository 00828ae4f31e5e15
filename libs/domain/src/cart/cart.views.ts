import type { CartItemModel, CartModel, CartStatus, ProductModel } from '@platform/db';
import { cartTotals } from './cart-totals';

export type CartItemWithProduct = CartItemModel & { product: ProductModel };

/** What a cart view is built from: a CartModel, or the plain row of ActiveCartRepository. */
export type CartViewSource = Pick<CartModel, 'id' | 'status' | 'appliedPromotionId' | 'appliedPromotionCode' | 'appliedDiscountPaisa' | 'expiresAt'>;

/** What a line of the view is built from: a CartItemWithProduct, or a plain line row. */
export type CartLineSource = Pick<CartItemModel, 'id' | 'productId' | 'productType' | 'unitMrpPaisa' | 'unitSpPaisa' | 'quantity'> & {
  product: Pick<ProductModel, 'title' | 'slug'>;
};

/** A cart line: the product's identity now, its prices as they were when it was added. */
export interface CartItemView {
  id: number;
  productId: number;
  productType: 'course' | 'digital_book';
  title: string;
  slug: string;
  /** Paisa; snapshot of the product's mrp at add time. */
  unitMrp: number;
  /** Paisa; snapshot of the product's sp at add time. */
  unitSp: number;
  quantity: number;
}

/**
 * The cart as customers see it (the spec leaves the shape open; field names are the spec's).
 * Plain JSON values only (ISO strings, no Date), so a cached copy reads the same as a fresh one.
 */
export interface CartView {
  id: number;
  status: CartStatus;
  items: CartItemView[];
  totalMrp: number;
  totalSp: number;
  appliedPromotionId: number | null;
  appliedPromotionCode: string | null;
  appliedDiscount: number;
  payable: number;
  expiresAt: string;
}

/** The support view adds whose cart it is and when it was made and last changed. */
export interface AdminCartView extends CartView {
  userId: string;
  /** Past `expiresAt`: the customer's next GET replaces it with an empty cart. */
  isExpired: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toCartView(cart: CartViewSource, items: readonly CartLineSource[]): CartView {
  const { totalMrp, totalSp, appliedDiscount, payable } = cartTotals(items, cart.appliedDiscountPaisa);
  return {
    id: cart.id,
    status: cart.status,
    items: items.map(toItemView),
    totalMrp,
    totalSp,
    appliedPromotionId: cart.appliedPromotionId,
    appliedPromotionCode: cart.appliedPromotionCode,
    appliedDiscount,
    payable,
    expiresAt: cart.expiresAt.toISOString(),
  };
}

export function toAdminCartView(cart: CartModel, items: readonly CartItemWithProduct[], now = new Date()): AdminCartView {
  return {
    ...toCartView(cart, items),
    userId: cart.userId,
    isExpired: cart.expiresAt <= now,
    createdAt: cart.createdAt.toISOString(),
    updatedAt: cart.updatedAt.toISOString(),
  };
}

function toItemView(item: CartLineSource): CartItemView {
  return {
    id: item.id,
    productId: item.productId,
    productType: item.productType,
    title: item.product.title,
    slug: item.product.slug,
    unitMrp: item.unitMrpPaisa,
    unitSp: item.unitSpPaisa,
    quantity: item.quantity,
  };
}
