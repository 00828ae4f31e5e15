import { Service } from 'typedi';
import { CartItemModel, isUniqueViolation, ProductModel } from '@platform/db';
import { CustomerActor, isRowId } from '../../shared';
import { CartChange, CartChanges } from '../cart-changes.service';
import { CartItemDuplicate, CartProductNotAvailable, CartProductNotFound, CartTrainingNotAllowed } from '../cart.errors';
import type { AddCartItemDto } from '../dto/add-cart-item.dto';

/**
 * POST /api/cart/items (learning-commerce.md, "Endpoints → Cart"): the product must exist, must
 * not be a training, must be published and sellable, and must not be in the cart yet. The line
 * keeps the product's prices of this moment (unitMrp, unitSp); later price changes do not touch
 * it. Adding makes the cart when there is none. Two adds of one product at once: the cart row
 * lock orders them and the second sees the first's line (409); the unique (cart, product)
 * constraint backs that up.
 * Products the caller already owns are not refused: the spec names no rule or code for them, and
 * buying a time-limited product again extends its access (GrantProductAccessUseCase).
 */
@Service()
export class AddCartItemUseCase {
  constructor(private readonly changes: CartChanges) {}

  async execute(owner: CustomerActor, input: AddCartItemDto, at = new Date()): Promise<CartChange> {
    try {
      return await this.changes.run(owner, { createIfMissing: true, at }, async (cart, tx) => {
        const product = isRowId(input.productId) ? await ProductModel.findByPk(input.productId, { transaction: tx }) : null;
        if (!product) throw CartProductNotFound();
        if (product.type === 'training') throw CartTrainingNotAllowed();
        if (!product.isPublished || !product.isSellable) throw CartProductNotAvailable();
        const existing = await CartItemModel.findOne({
          attributes: ['id'],
          where: { cartId: cart.id, productId: product.id },
          transaction: tx,
        });
        if (existing) throw CartItemDuplicate();
        await CartItemModel.create(
          {
            cartId: cart.id,
            productId: product.id,
            productType: product.type,
            unitMrpPaisa: product.mrpPaisa,
            unitSpPaisa: product.spPaisa,
            quantity: 1,
          },
          { transaction: tx },
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'cart_items_product_once')) throw CartItemDuplicate();
      throw error;
    }
  }
}
