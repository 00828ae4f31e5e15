import { CartItemModel, CartModel, CartStatus, ProductModel, PromotionModel } from '@platform/db';

const HOUR_MS = 3_600_000;

export interface CartOptions {
  status?: CartStatus;
  /** Default: a day from now. A moment in the past makes an expired cart. */
  expiresAt?: Date;
  /** A code applied with this discount, as the cart routes would have stored it. */
  promotion?: { promotion: PromotionModel; discountPaisa: number };
}

/**
 * A cart written straight to the database (fast, independent of the use cases under test): one
 * line per product at the product's current prices. `active` by default; the partial unique index
 * still allows only one active cart per user.
 */
export async function createCart(userId: string, products: ProductModel[] = [], options: CartOptions = {}): Promise<CartModel> {
  const cart = await CartModel.create({
    userId,
    status: options.status ?? 'active',
    expiresAt: options.expiresAt ?? new Date(Date.now() + 24 * HOUR_MS),
    appliedPromotionId: options.promotion?.promotion.id ?? null,
    appliedPromotionCode: options.promotion?.promotion.code ?? null,
    appliedDiscountPaisa: options.promotion?.discountPaisa ?? 0,
  });
  await CartItemModel.bulkCreate(
    products.map((product) => ({
      cartId: cart.id,
      productId: product.id,
      productType: product.type,
      unitMrpPaisa: product.mrpPaisa,
      unitSpPaisa: product.spPaisa,
      quantity: 1,
    })),
  );
  return cart;
}

/** Moves a cart's expiry into the past (by `agoMs`, a minute by default). */
export async function expireCart(cartId: number, agoMs = 60_000): Promise<void> {
  await CartModel.update({ expiresAt: new Date(Date.now() - agoMs) }, { where: { id: cartId } });
}
