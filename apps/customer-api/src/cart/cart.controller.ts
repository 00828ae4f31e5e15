import type { Response } from 'express';
import { Body, CurrentUser, Delete, Get, JsonController, Param, Post, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  AddCartItemDto,
  AddCartItemUseCase,
  ApplyCartPromotionDto,
  ApplyCartPromotionUseCase,
  CART_VIEW_SCHEMA,
  CartChange,
  ClearCartUseCase,
  CustomerActor,
  GetCartUseCase,
  RemoveCartItemUseCase,
  RemoveCartPromotionDto,
  RemoveCartPromotionUseCase,
} from '@platform/domain';
import { ApiResponse, CustomerRoute, RateLimit, RateLimitPolicy, sendStoredJson } from '@platform/http';

/**
 * learning-commerce.md, "Limits": cart mutations, CART_CUSTOMER_OPERATION_RATE_LIMIT per
 * CART_CUSTOMER_RATE_WINDOW_SECONDS per customer (web and mobile share the budget); when the
 * counter store fails the request is let through.
 */
const CART_MUTATIONS: RateLimitPolicy = {
  name: 'cart-mutations',
  points: (config) => config.limits.cart.operationRateLimit,
  durationSeconds: (config) => config.limits.cart.rateWindowSeconds,
  by: 'actor',
  failOpen: true,
};

const CART_DATA =
  'data is the cart: { id, status, items: [{ id, productId, productType, title, slug, unitMrp, unitSp, quantity }], ' +
  'totalMrp, totalSp, appliedPromotionId, appliedPromotionCode, appliedDiscount, payable, expiresAt }; amounts are integer ' +
  'paisa, unitMrp and unitSp are the prices when the item was added, payable = totalSp − appliedDiscount.';
const CHANGE_RULES =
  'Changes push expiresAt to CART_TTL_HOURS from now and re-evaluate an applied code against the new items; a code that ' +
  'no longer applies is removed and the message says why. Changes share a budget of CART_CUSTOMER_OPERATION_RATE_LIMIT ' +
  'per CART_CUSTOMER_RATE_WINDOW_SECONDS per customer (429 RATE_LIMIT_EXCEEDED).';
const MUTATION = `${CHANGE_RULES} Without an active cart (none, or expired): 404 CART_NOT_FOUND.`;
const doc = (summary: string, description: string) =>
  OpenAPI({
    summary,
    description: `${description} ${CART_DATA}`,
    responses: {
      '200': {
        description: 'The cart after the request',
        content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: CART_VIEW_SCHEMA } } } },
      },
    },
  });

/** The customer's digital cart (learning-commerce.md, "Endpoints → Cart"), on the web and mobile prefixes. */
@Service()
@JsonController()
export class CartController {
  constructor(
    private readonly getCart: GetCartUseCase,
    private readonly addItem: AddCartItemUseCase,
    private readonly removeItem: RemoveCartItemUseCase,
    private readonly clearCart: ClearCartUseCase,
    private readonly applyPromotion: ApplyCartPromotionUseCase,
    private readonly removePromotion: RemoveCartPromotionUseCase,
  ) {}

  @Get('/api/cart')
  @Get('/api/mobile/cart')
  @CustomerRoute()
  @doc(
    "The caller's active cart, created on first use",
    'An expired cart is replaced by a new empty one (200). Served from a cache for up to CART_CUSTOMER_CACHE_TTL_SECONDS; ' +
      'every change invalidates it.',
  )
  async get(@CurrentUser() customer: CustomerActor, @Res() res: Response) {
    return sendStoredJson(res, await this.getCart.json(customer));
  }

  @Post('/api/cart/items')
  @Post('/api/mobile/cart/items')
  @CustomerRoute()
  @RateLimit(CART_MUTATIONS)
  @doc(
    'Add one product to the cart',
    'Body: { productId, quantity? } (quantity, when sent, is 1). A productId naming no product: 400 CART_PRODUCT_NOT_FOUND; ' +
      'a training: 400 CART_TRAINING_NOT_ALLOWED; an unpublished or unsellable product: 400 CART_PRODUCT_NOT_AVAILABLE; a ' +
      'product already in the cart: 409 CART_ITEM_DUPLICATE. Only courses and digital books. Creates the cart when there is ' +
      `none (or it expired). ${CHANGE_RULES}`,
  )
  async add(@CurrentUser() customer: CustomerActor, @Body() dto: AddCartItemDto) {
    return changed(await this.addItem.execute(customer, dto), 'Item added to cart');
  }

  @Delete('/api/cart/items/:itemId(\\d+)')
  @Delete('/api/mobile/cart/items/:itemId(\\d+)')
  @CustomerRoute()
  @RateLimit(CART_MUTATIONS)
  @doc(
    'Remove one item from the cart',
    "An item of another customer's cart: 403 CART_ITEM_ACCESS_DENIED; an id that is not an item of the caller's active " +
      `cart: 404 NOT_FOUND. ${MUTATION}`,
  )
  async remove(@CurrentUser() customer: CustomerActor, @Param('itemId') itemId: number) {
    return changed(await this.removeItem.execute(customer, itemId), 'Item removed from cart');
  }

  @Delete('/api/cart')
  @Delete('/api/mobile/cart')
  @CustomerRoute()
  @RateLimit(CART_MUTATIONS)
  @doc('Empty the cart', `Removes every item and resets appliedPromotionId, appliedPromotionCode and appliedDiscount. ${MUTATION}`)
  async clear(@CurrentUser() customer: CustomerActor) {
    return changed(await this.clearCart.execute(customer), 'Cart cleared');
  }

  @Post('/api/cart/promotion')
  @Post('/api/mobile/cart/promotion')
  @CustomerRoute()
  @RateLimit(CART_MUTATIONS)
  @doc(
    'Apply a promotion code to the cart',
    'Body: { code } (3-50 characters, any case); replaces a code applied before. A code that does not exist, is inactive, ' +
      'outside its validity window, restricted to a product not in the cart, used up, or over its per-customer limit, and ' +
      'any code on an empty cart: 400 PROMOTION_NOT_APPLICABLE with the reason (the cart is unchanged). The discount is ' +
      'computed on the items\' unitSp, never above totalSp. No use of the code is consumed; checkout redeems it. ' +
      MUTATION,
  )
  async apply(@CurrentUser() customer: CustomerActor, @Body() dto: ApplyCartPromotionDto) {
    return changed(await this.applyPromotion.execute(customer, dto), 'Promotion applied');
  }

  @Delete('/api/cart/promotion')
  @Delete('/api/mobile/cart/promotion')
  @CustomerRoute()
  @RateLimit(CART_MUTATIONS)
  @doc(
    'Remove the promotion code from the cart',
    'Body (optional): { code }. Without code, whatever code is applied is removed; with a code that is not the applied ' +
      `one, nothing changes. Repeating the call is harmless. ${MUTATION}`,
  )
  async unapply(@CurrentUser() customer: CustomerActor, @Body({ required: false }) dto: RemoveCartPromotionDto) {
    return changed(await this.removePromotion.execute(customer, dto ?? {}), 'Promotion removed');
  }
}

/** The changed cart; the message also says when the applied code stopped applying. */
function changed(change: CartChange, message: string) {
  const note = change.promotionRemoved ? `; the promotion code was removed: ${change.promotionRemoved}` : '';
  return ApiResponse.ok(change.cart, `${message}${note}`);
}
