import { Service } from 'typedi';
import { ProductModel, Transaction } from '@platform/db';
import { normalizeCode } from '../../promotions';
import { CustomerActor, isRowId } from '../../shared';
import { OrderProductNotAvailable } from './checkout.errors';
import type { BuyNowCheckoutDto } from './dto/checkout.dto';
import { OrderPlacement } from './order-placement.service';
import type { OrderDraft } from './order-writer.service';
import type { PaymentInitView } from './payment-init.view';

/** What a buy-now line needs of its product, read without building a model instance. */
const PRODUCT_ATTRIBUTES = ['id', 'type', 'title', 'mrpPaisa', 'spPaisa', 'isPublished', 'isSellable'];

export interface BuyNowInput extends BuyNowCheckoutDto {
  idempotencyKey: string | undefined;
}

/**
 * POST /api/orders/buy-now (learning-commerce.md, "Orders"): one course or digital book bought
 * at its current price, without touching the cart, with an optional code. A product that does
 * not exist, is unpublished or unsellable, or is a training (trainings are bought by enrolling):
 * ORDER_PRODUCT_NOT_AVAILABLE. A code that does not apply: PROMOTION_NOT_APPLICABLE.
 */
@Service()
export class BuyNowUseCase {
  constructor(private readonly placement: OrderPlacement) {}

  execute(owner: CustomerActor, input: BuyNowInput, at = new Date()): Promise<PaymentInitView> {
    const { idempotencyKey, gateway, returnUrl, paymentMethod, productId } = input;
    const promoCode = input.promoCode === undefined ? null : normalizeCode(input.promoCode);
    return this.placement.place(
      {
        owner,
        scope: 'buy_now',
        idempotencyKey,
        payment: { gateway, returnUrl, paymentMethod },
        fingerprint: { paymentMethod, productId, promoCode },
        draft: (tx) => this.draft(owner, { productId, promoCode, gateway, returnUrl }, tx),
      },
      at,
    );
  }

  private async draft(
    owner: CustomerActor,
    input: { productId: number; promoCode: string | null } & Pick<OrderDraft, 'gateway' | 'returnUrl'>,
    tx: Transaction,
  ): Promise<OrderDraft> {
    const product = isRowId(input.productId)
      ? await ProductModel.findByPk(input.productId, { attributes: PRODUCT_ATTRIBUTES, raw: true, transaction: tx })
      : null;
    if (!product || !product.isPublished || !product.isSellable) throw OrderProductNotAvailable();
    if (product.type !== 'course' && product.type !== 'digital_book') {
      throw OrderProductNotAvailable('Trainings are bought by enrolling in a cohort, not with buy-now');
    }
    return {
      owner,
      source: 'buy_now',
      cartId: null,
      lines: [
        { productId: product.id, productType: product.type, title: product.title, unitMrpPaisa: product.mrpPaisa, unitSpPaisa: product.spPaisa, quantity: 1 },
      ],
      promoCode: input.promoCode,
      gateway: input.gateway,
      returnUrl: input.returnUrl,
    };
  }
}
