import { Body, CurrentUser, HeaderParam, HttpCode, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { BuyNowCheckoutDto, BuyNowUseCase, CheckoutDto, CheckoutUseCase, CustomerActor, PAYMENT_INIT_VIEW_SCHEMA } from '@platform/domain';
import { ApiParameters, ApiResponse, CustomerRoute, idempotencyKeyParameter, RateLimit, RateLimitPolicy } from '@platform/http';

/** learning-commerce.md, "Limits": checkout and buy-now, 10 requests per minute per user each (web and mobile share). */
const CHECKOUT_LIMIT: RateLimitPolicy = { name: 'orders-checkout', points: 10, durationSeconds: 60, by: 'actor' };
const BUY_NOW_LIMIT: RateLimitPolicy = { name: 'orders-buy-now', points: 10, durationSeconds: 60, by: 'actor' };

const COMMON =
  'Header Idempotency-Key (1-255 characters) is required (400 VALIDATION_ERROR without it): the same key with the same ' +
  'body answers the first result again and creates nothing; while the first request still runs, or with a different ' +
  'body: 409 ORDER_IDEMPOTENCY_MISMATCH; after the first request\'s payment could not be started: 409 ORDER_PAYMENT_FAILED. ' +
  'A request refused before an order existed (e.g. an empty cart) frees its key. gateway: esewa (form_post to ' +
  'ESEWA_FORM_URL with the eleven signed form fields) or khalti (redirect to Khalti\'s payment_url; gatewayPayload ' +
  '{ pidx, payment_url, expires_at }); Khalti takes at least Rs 10 (1,000 paisa), so a smaller total with khalti is 400 ' +
  'VALIDATION_ERROR and nothing is written. returnUrl: an absolute http(s) URL on an origin of RETURN_URL_ALLOWED_ORIGINS. ' +
  'paymentMethod, when sent, must be online (400 ORDER_PAYMENT_METHOD_NOT_SUPPORTED). A code that no longer applies: ' +
  '400 PROMOTION_NOT_APPLICABLE (no order is made). 10 requests per minute per customer (429 RATE_LIMIT_EXCEEDED).';
const IDEMPOTENCY_KEY = idempotencyKeyParameter({
  required: true,
  description: 'Required, 1-255 visible characters, unique per payment attempt (a UUID); see the description for repeats.',
});
const doc = (summary: string, description: string) =>
  OpenAPI({
    summary,
    description: `${description} ${COMMON}`,
    responses: {
      '200': {
        description: 'PaymentInitResponseDto: the order is payment_pending',
        content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: PAYMENT_INIT_VIEW_SCHEMA } } } },
      },
    },
  });

/** Payment initiation for the cart and for one product (learning-commerce.md, "Endpoints → Orders"). */
@Service()
@JsonController()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutUseCase,
    private readonly buyNowUseCase: BuyNowUseCase,
  ) {}

  @Post('/api/orders/checkout')
  @Post('/api/mobile/orders/checkout')
  @HttpCode(200)
  @CustomerRoute()
  @RateLimit(CHECKOUT_LIMIT)
  @ApiParameters(IDEMPOTENCY_KEY)
  @doc(
    'Pay for the active cart',
    'Body: { gateway, returnUrl, paymentMethod? }. Makes an order of the cart\'s lines at their cart prices with the ' +
      'cart\'s code; the cart stays as it is until the payment succeeds. No active cart: 404 ORDER_ACTIVE_CART_NOT_FOUND; ' +
      'an empty one: 400 ORDER_CART_EMPTY; a line no longer for sale: 400 ORDER_PRODUCT_NOT_AVAILABLE.',
  )
  async placeCheckout(
    @CurrentUser() customer: CustomerActor,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body() dto: CheckoutDto,
  ) {
    return ApiResponse.ok(await this.checkout.execute(customer, { ...dto, idempotencyKey }), 'Payment initiated');
  }

  @Post('/api/orders/buy-now')
  @Post('/api/mobile/orders/buy-now')
  @HttpCode(200)
  @CustomerRoute()
  @RateLimit(BUY_NOW_LIMIT)
  @ApiParameters(IDEMPOTENCY_KEY)
  @doc(
    'Buy one product now',
    'Body: { productId, gateway, returnUrl, promoCode? (3-50), paymentMethod? }. A course or digital book at its current ' +
      'price; a missing, unpublished or unsellable product, or a training: 400 ORDER_PRODUCT_NOT_AVAILABLE.',
  )
  async buyNow(
    @CurrentUser() customer: CustomerActor,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body() dto: BuyNowCheckoutDto,
  ) {
    return ApiResponse.ok(await this.buyNowUseCase.execute(customer, { ...dto, idempotencyKey }), 'Payment initiated');
  }
}
