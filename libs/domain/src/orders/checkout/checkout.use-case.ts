import { Service } from 'typedi';
import { CartItemModel, CartModel, ProductModel, Transaction } from '@platform/db';
import { PromotionNotApplicable } from '../../promotions';
import type { CustomerActor } from '../../shared';
import { OrderActiveCartNotFound, OrderCartEmpty, OrderProductNotAvailable } from './checkout.errors';
import type { CheckoutDto } from './dto/checkout.dto';
import { OrderPlacement } from './order-placement.service';
import type { OrderDraft } from './order-writer.service';
import type { PaymentInitView } from './payment-init.view';

export interface CheckoutInput extends CheckoutDto {
  idempotencyKey: string | undefined;
}

/**
 * POST /api/orders/checkout (learning-commerce.md, "Orders", checkout rules): the caller's active
 * cart, locked (SELECT ... FOR UPDATE) for the order transaction, becomes an order at the prices
 * its lines were added at, with the cart's code redeemed. No cart, or an expired one:
 * ORDER_ACTIVE_CART_NOT_FOUND; no lines: ORDER_CART_EMPTY; a line whose product was unpublished or
 * made unsellable since: ORDER_PRODUCT_NOT_AVAILABLE. The cart itself stays `active` and
 * unchanged (orders.cart_id names it): it is cleared by cart.clear_after_order_confirmed once the
 * payment succeeds, so a failed or abandoned payment leaves the customer's cart as it was.
 */
@Service()
export class CheckoutUseCase {
  constructor(private readonly placement: OrderPlacement) {}

  execute(owner: CustomerActor, input: CheckoutInput, at = new Date()): Promise<PaymentInitView> {
    const { idempotencyKey, gateway, returnUrl, paymentMethod } = input;
    return this.placement.place(
      {
        owner,
        scope: 'checkout',
        idempotencyKey,
        payment: { gateway, returnUrl, paymentMethod },
        fingerprint: { paymentMethod },
        draft: (tx, now) => this.draft(owner, { gateway, returnUrl }, tx, now),
      },
      at,
    );
  }

  private async draft(owner: CustomerActor, payment: Pick<OrderDraft, 'gateway' | 'returnUrl'>, tx: Transaction, at: Date): Promise<OrderDraft> {
    const cart = await CartModel.findOne({ where: { userId: owner.id, status: 'active' }, transaction: tx, lock: tx.LOCK.UPDATE });
    if (!cart || cart.expiresAt <= at) throw OrderActiveCartNotFound();
    const items = (await CartItemModel.findAll({
      where: { cartId: cart.id },
      include: [{ model: ProductModel, as: 'product', required: true }],
      order: [['id', 'ASC']],
      transaction: tx,
    })) as Array<CartItemModel & { product: ProductModel }>;
    if (items.length === 0) throw OrderCartEmpty();
    const gone = items.find((item) => !item.product.isPublished || !item.product.isSellable);
    if (gone) throw OrderProductNotAvailable(`"${gone.product.title}" is no longer available; remove it from your cart`);
    // A code whose promotion was deleted (its id cleared by the foreign key) no longer applies,
    // even if the same code was created again since (CartPricer reads codes by id too).
    if (cart.appliedPromotionCode !== null && cart.appliedPromotionId === null) throw PromotionNotApplicable.unknown();
    return {
      owner,
      source: 'checkout',
      cartId: cart.id,
      lines: items.map((item) => ({
        productId: item.productId,
        productType: item.productType,
        title: item.product.title,
        unitMrpPaisa: item.unitMrpPaisa,
        unitSpPaisa: item.unitSpPaisa,
        quantity: item.quantity,
      })),
      promoCode: cart.appliedPromotionCode,
      ...payment,
    };
  }
}
