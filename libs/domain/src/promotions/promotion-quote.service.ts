import { Service } from 'typedi';
import { ProductModel } from '@platform/db';
import { ProductNotFound } from '../catalog';
import type { CustomerActor } from '../shared';
import type { ApplyPromotionDto } from './dto/apply-promotion.dto';
import { PromotionEvaluator } from './promotion-evaluator.service';
import type { PromotionQuote } from './promotion.views';
import { MAX_ROW_ID } from '../shared';


/**
 * "What would this code take off this product for me?" (POST /api/promotions/apply). A quote
 * only: it consumes no use; the checkout redeems the code inside its order transaction.
 */
@Service()
export class PromotionQuoteService {
  constructor(private readonly evaluator: PromotionEvaluator) {}

  async quote(customer: CustomerActor, input: ApplyPromotionDto, at = new Date()): Promise<PromotionQuote> {
    const product = input.productId <= MAX_ROW_ID ? await ProductModel.findByPk(input.productId) : null;
    // Unpublished or unsellable products are not for sale, so to a customer they do not exist.
    if (!product || !product.isPublished || !product.isSellable) throw ProductNotFound();
    const pricePaisa = product.spPaisa;
    const { promotion, discountPaisa } = await this.evaluator.evaluate({
      code: input.code,
      userId: customer.id,
      lines: [{ productId: product.id, pricePaisa }],
      at,
    });
    return { code: promotion.code, productId: product.id, pricePaisa, discountPaisa, payablePaisa: pricePaisa - discountPaisa };
  }
}
